#pragma once

#include "EdgeOptions.h"

#include <QHash>
#include <QString>
#include <QStringList>

namespace Tandem {

/// @brief An agent: a persona with its own instructions, model, provider, tools and allowed handoff targets.
struct Agent
{
    QString id; ///< stable slug, e.g. "agent1", "reviewer"
    QString name; ///< shown in the chat, e.g. "Agent 1"
    QString role; ///< one line on what it does
    QString instructions; ///< its system prompt
    QString model; ///< empty: the conversation's model
    QString providerId; ///< empty: the conversation's provider
    QStringList allowedTools;
    QStringList handoffTargets; ///< ids of agents it may hand over to (a target may be "person": the human)
    bool terminal = false; ///< a terminal agent never hands back
    bool enabled = true;
    bool network = false; ///< its commands may use the network, once the person allows it for the conversation
    qint64 maxOutputTokens = 0; ///< the most tokens one model call may write; 0: the provider's limit
    QHash<QString, EdgeOptions> edgeOptions {}; ///< how each handoff target is handed over; absent: the defaults
    QStringList modes {}; ///< the conversation modes it takes part in (single, dual, pipeline, router)
    /// Router mode: keywords and phrases (any language) whose presence sends a message to this agent when the
    /// classifier is unsure; a keyword matches at the start of a word ("task" in "tasks").
    QStringList handles {};
    QString description {}; ///< router mode: what it handles, as the orchestrator's classifier reads it
    bool fallback = false; ///< router mode: answers what no agent's classification or keywords claimed

    /// @brief True if this agent may hand the conversation to @p targetId (enabled, not terminal, listed, not itself).
    bool mayHandOffTo(const QString &targetId) const
    {
        return enabled && !terminal && targetId != id && handoffTargets.contains(targetId);
    }
    friend bool operator==(const Agent &, const Agent &) = default;
};

} // namespace Tandem
