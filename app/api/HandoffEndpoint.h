#pragma once

#include "api/ApiReply.h"

#include <QCoreApplication>
#include <QUrlQuery>

namespace Tandem {

class ChatRepository;

/// @brief `/api/handoffs` (an outside agent's way to the board) on the board's façade calls (the same ones as `tandem
/// handoffs` and `tandem handoff`), answered in the board's JSON shapes (BoardJson).
///
/// A story is a conversation: the storyId is the story id the conversation was created for (such as `v0.1:1.1.1`) or
/// the conversation's id (a number, given as text or as a number); one that names none is a 404. GET
/// answers the state of a story, the pending handoff of one agent (`agent=`) or the stale handoffs (`stale=true`,
/// `minutes=N`); POST takes the actions create, accept, reject (with a reason), timeout and cleanup. Agent ids are
/// matched case-insensitively ("Analyst" is analyst); one that names no agent is a 400 that lists the ids. A
/// transition outside the table, or a handoff that is no longer pending, is a 409 with the board's sentence.
class HandoffEndpoint
{
    Q_DECLARE_TR_FUNCTIONS(HandoffEndpoint)

public:
    /// @brief GET /api/handoffs with @p query.
    static ApiReply get(ChatRepository &repository, const QUrlQuery &query);
    /// @brief POST /api/handoffs with the JSON @p body.
    static ApiReply post(ChatRepository &repository, const QByteArray &body);

private:
    static ApiReply unknownAgent(const QString &field, const QString &given, const QStringList &known);
};

} // namespace Tandem
