#pragma once

#include "domain/Message.h"
#include "llm/LlmTypes.h"

#include <QJsonArray>
#include <QList>
#include <QString>

namespace Tandem {

struct AgentRoster;

/// @brief What a handoff's target receives of the conversation besides the payload (seed 003's options): a summary
/// the source agent's model writes, the full history capped by tokens, or a reference it reads with read_history.
class HandoffContext
{
public:
    /// @brief The name of the tool a reference transfer's target reads the history with.
    static constexpr QStringView kReadHistoryTool = u"read_history";
    /// @brief The rough token count of @p text (four characters a token), for the history cap.
    static int estimateTokens(const QString &text);
    /// @brief @p text with everything that looks like an API key, token or password replaced by "[redacted]".
    static QString redact(const QString &text);
    /// @brief The newest of @p rows that fit in @p tokenCap tokens (the newest one always); @p omitted gets how many
    /// older ones were left out.
    static QList<Message> newest(const QList<Message> &rows, int tokenCap, int *omitted);
    /// @brief The history a full-history transfer sends: the newest rows within @p tokenCap, led by
    /// "[earlier N messages omitted]" when some were cut, as {role, text, agent} entries.
    static QJsonArray history(const QList<Message> &rows, int tokenCap);
    /// @brief The request asking the source agent's @p model for a structured summary (goal, facts, decisions, open
    /// questions) of @p rows, redacted, for the handoff to @p targetName.
    static LlmRequest summaryRequest(
        const QList<Message> &rows, const AgentRoster &roster, const QString &model, const QString &targetName);
    /// @brief What the target reads before the payload in a summary transfer.
    static QString summaryNote(const QString &sourceName, const QString &summary);
    /// @brief What the target of a reference transfer reads after the payload.
    static QString referenceNote();
    /// @brief Allows read_history to every agent that receives a reference transfer in @p roster's graph.
    static void grantHistoryTool(AgentRoster &roster);
};

} // namespace Tandem
