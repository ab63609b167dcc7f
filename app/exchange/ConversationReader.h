#pragma once

#include "JsonFieldReader.h"
#include "domain/Agent.h"
#include "storage/ConversationArchive.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QSet>

namespace Tandem {

/// @brief Reads one conversation of a Tandem JSON export (docs/export-format.md) with its rows: agents, runs,
/// handoffs, approvals, variables, agent threads, router mode's rows (from format version 2) and messages.
///
/// Besides each member's type it checks enum values, repeated ids within a list and every reference between rows; it
/// also makes the archive safe to import: a reply still streaming becomes interrupted, a running run interrupted, a
/// pending approval decided (with no decision), a pending confirmation dropped. A refusal is left in the
/// JsonFieldReader it reads with.
class ConversationReader final
{
    Q_DECLARE_TR_FUNCTIONS(JsonImporter)

public:
    /// @brief @p fields is borrowed: its path places the refusals.
    explicit ConversationReader(JsonFieldReader &fields);

    /// @brief Reads the conversation @p object of a file of format @p version into @p out, refusing more than
    /// @p maxMessages messages. Its agents not yet in @p agentIds are added there and to @p agents (the file's first
    /// definition of an agent is the one imported).
    bool read(const QJsonObject &object, int version, qint64 maxMessages, QSet<QString> *agentIds, QList<Agent> *agents,
        ConversationArchive *out);

private:
    bool readAgent(const QJsonObject &object, Agent *out);
    bool agentOptions(const QJsonObject &object, Agent *out);
    /// Refuses an agent id the agent files could not use: not a slug, or the person's.
    bool agentId(const QString &id);
    bool readRun(const QJsonObject &object, ConversationArchive::Run *out);
    bool readHandoff(const QJsonObject &object, const QSet<qint64> &runs, Handoff *out);
    bool readApproval(const QJsonObject &object, const QSet<qint64> &runs, ConversationArchive::Approval *out);
    /// Router mode's rows: routing decisions, the pending confirmation, model calls, tasks.
    bool readRouterRows(const QJsonObject &object, const QSet<qint64> &runs, ConversationArchive *archive);
    bool readDecision(const QJsonObject &object, const QSet<qint64> &runs, RoutingDecision *out);
    bool readPending(const QJsonObject &object, PendingConfirmation *out);
    bool readModelCall(const QJsonObject &object, const QSet<qint64> &runs, ConversationArchive::ModelCall *out);
    bool readTask(const QJsonObject &object, Task *out);
    bool readMessage(const QJsonObject &object, const QSet<qint64> &runs, const QSet<qint64> &handoffs, Message *out);
    /// From format version 3: message @p messageId's parent, one of the @p earlier messages, into @p parents.
    bool readParent(
        const QJsonObject &object, const QSet<qint64> &earlier, qint64 messageId, QHash<qint64, qint64> *parents);
    /// From format version 3: the conversation's current leaf, one of its messages (none only when it has none).
    bool readCurrentLeaf(const QJsonObject &object, ConversationArchive *archive);

    JsonFieldReader &m_fields;
};

} // namespace Tandem
