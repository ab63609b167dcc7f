// HandoffRules owns the decision whether a handoff may be made, so that the engine and the board cannot disagree.
#include "HandoffRules.h"

#include "ModeProfile.h"
#include "PipelinePhase.h"

#include <QCoreApplication>

#include <functional>

namespace Tandem {

bool HandoffRules::isPseudoTarget(Conversation::Mode mode, const QString &id)
{
    // The orchestrator as a target is the end of a pipeline; in router mode it is an agent of its own.
    return id == TransitionGraph::kPerson
        || (ModeProfile::of(mode).orchestratorEndsStory() && id == TransitionGraph::kOrchestrator);
}

namespace {
/// @p text with each %1 … %9 replaced by its argument in one pass, so that an argument's own "%2" stays as written.
QString filled(const QString &text, const QStringList &args)
{
    QString out;
    out.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        const int index = i + 1 < text.size() ? text.at(i + 1).digitValue() : -1;
        if (text.at(i) == u'%' && index >= 1 && index <= args.size()) {
            out += args.at(index - 1);
            ++i;
        } else {
            out += text.at(i);
        }
    }
    return out;
}

/// HandoffRules::nameOf() for programs: the stored name, the pseudo targets in English.
QString englishNameOf(const AgentRoster &roster, const QString &id)
{
    if (id == TransitionGraph::kPerson)
        return QStringLiteral("the person");
    if (id == TransitionGraph::kOrchestrator && !roster.find(id))
        return QStringLiteral("Orchestrator");
    return roster.name(id);
}
} // namespace

QString HandoffRules::nameOf(const AgentRoster &roster, const QString &id)
{
    if (id == TransitionGraph::kPerson)
        return tr("the person");
    if (id == TransitionGraph::kOrchestrator && !roster.find(id))
        return tr("Orchestrator");
    return roster.name(id);
}

HandoffRules::Verdict HandoffRules::check(
    const AgentRoster &roster, const Board &board, const QString &from, const QString &to)
{
    // Said twice: in the language installed now (the chat, the model's tool result) and in English for programs (the
    // board's results, which the local API and the CLI return).
    const auto refused = [](Refusal refusal, const char *source, const std::function<QStringList(bool)> &args) {
        return Verdict { refusal, filled(QCoreApplication::translate("HandoffRules", source), args(false)), false,
            filled(QString::fromUtf8(source), args(true)) };
    };
    const auto name = [&roster](const QString &id) {
        return [&roster, id](bool english) {
            return QStringList { english ? englishNameOf(roster, id) : nameOf(roster, id) };
        };
    };
    // A pipeline starts every story with the orchestrator handing it to the first agent. There the orchestrator names
    // the story's start and its end, never an agent (router mode's orchestrator may exist beside it).
    const bool start = ModeProfile::of(board.mode).orchestratorStartsStory && from == TransitionGraph::kOrchestrator
        && to == board.firstAgent;
    const Agent *source = start ? nullptr : roster.find(from);
    const Agent *target = isPseudoTarget(board.mode, to) ? nullptr : roster.find(to);
    if (!target && !isPseudoTarget(board.mode, to))
        return refused(Refusal::UnknownAgent, QT_TRANSLATE_NOOP("HandoffRules", "There is no agent “%1”."),
            [&to](bool) { return QStringList { to }; });
    if (!source && !start)
        return refused(Refusal::UnknownAgent, QT_TRANSLATE_NOOP("HandoffRules", "There is no agent “%1”."),
            [&from](bool) { return QStringList { from }; });
    if (target && !target->enabled)
        return refused(Refusal::Disabled, QT_TRANSLATE_NOOP("HandoffRules", "%1 is disabled."),
            [target](bool) { return QStringList { target->name }; });
    if (source && source->terminal)
        return refused(Refusal::Terminal,
            QT_TRANSLATE_NOOP("HandoffRules", "%1 is a terminal agent and cannot hand over."),
            [&roster, &from](bool) { return QStringList { roster.name(from) }; });
    if (!start && !roster.graph.edge(from, to))
        return refused(Refusal::Undeclared,
            QT_TRANSLATE_NOOP("HandoffRules", "%1 may not hand over to %2: that transition is not declared."),
            [&](bool english) { return name(from)(english) + name(to)(english); });
    // Only the agent that holds the work hands it on; a story starts only when none is in progress.
    const bool storyInProgress = !board.phase.isEmpty() && board.phase != PipelinePhase::kComplete;
    if (start ? storyInProgress && board.holder != from : board.holder != from)
        return board.holder.isEmpty()
            ? refused(Refusal::NotHolder,
                QT_TRANSLATE_NOOP("HandoffRules", "%1 does not hold the work, so it cannot hand it over."), name(from))
            : refused(Refusal::NotHolder,
                QT_TRANSLATE_NOOP("HandoffRules", "%1 does not hold the work: %2 does, and only %2 can hand it over."),
                [&](bool english) { return name(from)(english) + name(board.holder)(english); });
    if (!board.pending.isEmpty()) {
        const Handoff &waiting = board.pending.constFirst();
        return refused(Refusal::Pending,
            QT_TRANSLATE_NOOP("HandoffRules",
                "The handoff from %1 to %2 (%3) is still pending: it is accepted, rejected or timed out before another "
                "one is made."),
            [&](bool english) {
                return name(waiting.fromAgent)(english) + name(waiting.toAgent)(english)
                    + QStringList { QString::number(waiting.id) };
            });
    }
    return Verdict { Refusal::None, {}, start, {} };
}

} // namespace Tandem
