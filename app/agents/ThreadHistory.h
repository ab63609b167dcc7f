#pragma once

#include "domain/Handoff.h"
#include "domain/Message.h"
#include "domain/RoutingDecision.h"
#include "llm/LlmTypes.h"

#include <QHash>
#include <QJsonArray>
#include <QList>
#include <QSet>
#include <QString>

namespace Tandem {

class UnitOfWork;

/// @brief An agent's own thread rebuilt from SQLite (Chat Completions, or any server without /conversations), the
/// input a handoff delivers, and the pending-input ledger of remote threads in JSON.
///
/// An agent's thread holds: the person's messages of the runs that started with it or were routed to it (router
/// mode, see routedMessage()); its own text replies (an
/// errored row is left out, a cancelled or interrupted one keeps its partial text); its tool calls with their
/// outputs (a call that never got one, because its run ended first, is answered with unansweredToolOutput(), so the
/// provider never sees a dangling call); the input of each handoff it received that is pending or accepted (a
/// timed-out, cancelled or rejected one delivers nothing); and each handoff_to call it made, answered with
/// `{"assistant": "<target>"}`. Dividers and other agents' rows are not part of it.
class ThreadHistory
{
public:
    /// @brief The thread of @p agentId in @p conversationId, from the messages after @p historyFrom. Replies,
    /// tool rows and dividers of superseded runs (see supersede()) are left out; the person's messages stay.
    /// This is the reader without a cache: it reads every row again (ThreadCache keeps them for the engine).
    static QList<InputItem> build(UnitOfWork &work, qint64 conversationId, const QString &agentId, qint64 historyFrom);
    /// @brief The same thread from @p rows, already read (MessageStore::threadRows, or ThreadCache::rows); the
    /// handoffs, routing decisions and superseded runs it depends on are read here.
    static QList<InputItem> fromRows(
        UnitOfWork &work, qint64 conversationId, const QString &agentId, const QList<Message> &rows);
    /// @brief The same with the handoffs of @p rows' dividers given (by id) instead of read.
    static QList<InputItem> fromRows(UnitOfWork &work, qint64 conversationId, const QString &agentId,
        const QList<Message> &rows, const QHash<qint64, Handoff> &handoffs);
    /// @brief Marks @p runIds of @p conversationId as superseded: their answers were regenerated, so no agent's thread
    /// replays them (they stay in the chat). Kept in the conversation's variables.
    static bool supersede(UnitOfWork &work, qint64 conversationId, const QSet<qint64> &runIds);
    /// @brief The runs of @p conversationId that supersede() marked.
    static QSet<qint64> supersededRuns(UnitOfWork &work, qint64 conversationId);
    /// @brief What @p handoff delivers to its target, as stored in its payload: the history it carries, then the
    /// payload text as a user turn: dual mode's payload (posted to agent 2's thread) or a handoff_to's note
    /// ("Transferred to …. Context: …"). Strict chat templates take a system message only first and need a
    /// user turn, so a note is never a developer message. A payload without text (a pipeline's story) adds nothing.
    static QList<InputItem> handoffInput(const Handoff &handoff);
    /// @brief Removes from @p pending the input @p handoff delivers (the first place it appears whole); false if it is
    /// not there.
    static bool dropHandoffInput(QList<InputItem> &pending, const Handoff &handoff);
    /// @brief The tool output that answers a handoff_to call that was carried out.
    static QString handoffToolOutput(const QString &target);
    /// @brief The output that answers an approve_work (@p approved) or reject_work call.
    static QString decisionOutput(bool approved);
    /// @brief What the source of a warm handoff receives when its target rejected the work: a note with the reason,
    /// asking for a revision, as a user turn.
    static QList<InputItem> rejectionInput(const Handoff &handoff);
    /// @brief The person's message @p text as the agent that @p decision routed it to receives it: after a "no" to a
    /// pending confirmation, with a note that the person declined the proposal and nothing was done.
    static QString routedMessage(const QString &text, const RoutingDecision &decision);
    /// @brief The error output that answers a tool call its run ended before carrying out (stopped, failed, halted
    /// by a guardrail).
    static QString unansweredToolOutput();

    static QJsonArray toJson(const QList<InputItem> &items);
    static QList<InputItem> fromJson(const QJsonArray &array);
    static QList<InputItem> fromJsonText(const QString &text);
    static QString toJsonText(const QList<InputItem> &items);
};

} // namespace Tandem
