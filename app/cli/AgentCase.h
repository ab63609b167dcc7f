#pragma once

#include "llm/LlmTypes.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace Tandem {

/// @brief One case of `tandem eval-agents`: a person's message and what must follow from it (seed 004, phase 4:
/// "each agent can be tested independently"). One JSON object a line:
///
///     {"message": "Create task to review code by Friday", "agent": "task",
///      "calls": [{"name": "create_task", "arguments": {"title": "review code"}}], "pending": true,
///      "contains": ["review code"], "excludes": ["created"], "tasks": ["Review cloud code for Yury"]}
///
/// Every key but `message` is optional: `agent` the agent router mode chooses; `calls` the tool calls that must be
/// made, each given argument matching (a string is contained in the call's, ignoring case); `no_calls` true for no
/// tool call at all, or the names that must not be called; `pending` whether a confirmation must (or must not) wait
/// for the person afterwards; `approval` true when a tool must ask for the person's approval (delete_task; the case
/// ends there, nothing is carried out); `contains` and `excludes` text (ignoring case) of the agents' replies; `tasks`
/// titles of tasks that exist before the message.
struct AgentCase
{
    Q_DECLARE_TR_FUNCTIONS(AgentCase)

public:
    /// @brief What one case's run did, as read from its stored rows.
    struct Observed
    {
        QString agent; ///< the agent that answered (router mode: the first routing decision's)
        QList<ToolCall> calls; ///< the tool calls made, in order (handoff_to aside)
        bool pending = false; ///< a confirmation waits for the person
        bool approval = false; ///< a tool asked for the person's approval (the case ended there)
        QString text; ///< the agents' replies, joined
        QString problem; ///< the run did not end normally (a provider error, a guardrail, a refused send)
    };

    int line = 0;
    QString message;
    QString agent;
    QList<ToolCall> calls; ///< name and the arguments that must match (JSON text of an object)
    bool noCalls = false;
    QStringList forbiddenCalls;
    std::optional<bool> pending;
    bool approval = false;
    QStringList contains;
    QStringList excludes;
    QStringList tasks;

    /// @brief The case of @p object read from line @p line; @p problem (set when it returns nullopt) says why not.
    static std::optional<AgentCase> fromJson(const QJsonObject &object, int line, QString *problem);
    /// @brief What @p observed does not meet, one translated sentence each; empty: the case passed. With
    /// @p checkAgent false (`--agent`, the agent was given) the chosen agent is not checked.
    QStringList failures(const Observed &observed, bool checkAgent) const;
};

} // namespace Tandem
