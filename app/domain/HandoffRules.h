#pragma once

#include "AgentRoster.h"
#include "Conversation.h"
#include "Handoff.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace Tandem {

/// @brief Whether a handoff may be made: one set of rules for the engine's executor and for the board's create path
/// (the window, the CLI, the local API and outside agents), over the roster, its transition graph and the board's
/// current state.
///
/// In order: the source and the target are known (the person and a pipeline's end are targets too), the target is
/// enabled, the source is not terminal, the transition is declared (or it is the orchestrator's start of a story), the
/// source holds the work, and no other handoff of the conversation is pending.
class HandoffRules final
{
    Q_DECLARE_TR_FUNCTIONS(HandoffRules)

public:
    /// @brief What the rules read of the conversation.
    struct Board
    {
        Conversation::Mode mode = Conversation::Mode::Single;
        QString holder; ///< the agent that holds the work (inside a run: the agent the engine runs)
        QString firstAgent; ///< the mode's first agent: where the orchestrator starts a story
        QString phase; ///< a pipeline's phase; empty or complete when no story is in progress
        QList<Handoff> pending; ///< the conversation's pending handoffs
    };

    enum class Refusal { None, UnknownAgent, Disabled, Terminal, Undeclared, NotHolder, Pending };

    struct Verdict
    {
        Refusal refusal = Refusal::None;
        QString message; ///< one sentence naming the agents, empty when allowed
        bool start = false; ///< the orchestrator starts a pipeline's story (no edge is needed)
        QString english; ///< the message in English with the stored names, for programs (the local API, the CLI)
        bool ok() const { return refusal == Refusal::None; }
    };

    /// @brief May @p from hand over to @p to now?
    static Verdict check(const AgentRoster &roster, const Board &board, const QString &from, const QString &to);
    /// @brief True if @p id names no agent of a conversation in @p mode but is a valid target there.
    static bool isPseudoTarget(Conversation::Mode mode, const QString &id);
    /// @brief The name @p id is shown with in the sentences: "the person", an agent's name, else the id.
    static QString nameOf(const AgentRoster &roster, const QString &id);
};

} // namespace Tandem
