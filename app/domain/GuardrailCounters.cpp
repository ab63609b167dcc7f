#include "GuardrailCounters.h"

#include "EnumNames.h"

namespace Tandem {

namespace {
constexpr EnumName<GuardrailViolation::Kind> kKindNames[] = {
    { GuardrailViolation::Kind::MaxTurns, u"max_turns" },
    { GuardrailViolation::Kind::RunTokens, u"run_tokens" },
    { GuardrailViolation::Kind::ConversationTokens, u"conversation_tokens" },
    { GuardrailViolation::Kind::Timeout, u"timeout" },
    { GuardrailViolation::Kind::HopCap, u"hop_cap" },
    { GuardrailViolation::Kind::BounceCap, u"bounce_cap" },
    { GuardrailViolation::Kind::RepeatedPair, u"repeated_pair" },
};

bool samePair(const QPair<QString, QString> &a, const QPair<QString, QString> &b)
{
    return (a.first == b.first && a.second == b.second) || (a.first == b.second && a.second == b.first);
}
} // namespace

QString GuardrailViolation::kindName(Kind kind)
{
    return nameOf(kKindNames, kind);
}

GuardrailCounters::GuardrailCounters(GuardrailLimits limits, qint64 conversationTokensBefore)
    : m_limits(limits)
    , m_conversationTokensBefore(conversationTokensBefore)
{ }

std::optional<GuardrailViolation> GuardrailCounters::checkBeforeModelCall() const
{
    using Kind = GuardrailViolation::Kind;
    if (m_limits.maxTokensPerConversation > 0 && conversationTokens() >= m_limits.maxTokensPerConversation)
        return GuardrailViolation { Kind::ConversationTokens,
            tr("Stopped: this conversation has used its token budget (%n tokens).", nullptr,
                int(m_limits.maxTokensPerConversation)) };
    if (m_limits.maxTokensPerRun > 0 && m_runUsage.total() >= m_limits.maxTokensPerRun)
        return GuardrailViolation { Kind::RunTokens,
            tr("Stopped: this answer has used its token budget (%n tokens).", nullptr, int(m_limits.maxTokensPerRun)) };
    if (m_limits.maxTurnsPerRun > 0 && m_turns >= m_limits.maxTurnsPerRun)
        return GuardrailViolation { Kind::MaxTurns,
            tr("Stopped: the agents reached the limit of %n model call(s) for one answer.", nullptr,
                m_limits.maxTurnsPerRun) };
    return std::nullopt;
}

void GuardrailCounters::addUsage(const TokenUsage &usage)
{
    m_runUsage += usage;
}

std::optional<GuardrailViolation> GuardrailCounters::checkAndRecordHop(
    const QString &from, const QString &to, const QString &fromName, const QString &toName)
{
    const QString shownFrom = fromName.isEmpty() ? from : fromName;
    const QString shownTo = toName.isEmpty() ? to : toName;
    using Kind = GuardrailViolation::Kind;
    const QPair<QString, QString> hop { from, to };
    if (m_limits.maxHopsPerTurn > 0 && m_hops.size() >= m_limits.maxHopsPerTurn)
        return GuardrailViolation { Kind::HopCap,
            tr("Stopped: the agents handed the conversation over %n time(s) in one answer, the limit.", nullptr,
                m_limits.maxHopsPerTurn) };
    if (m_limits.maxBouncesPerEdge > 0 && m_hops.count(hop) >= m_limits.maxBouncesPerEdge)
        return GuardrailViolation { Kind::BounceCap,
            tr("Stopped: %1 handed over to %2 %n time(s) in one answer, the limit.", nullptr,
                m_limits.maxBouncesPerEdge)
                .arg(shownFrom, shownTo) };
    if (m_limits.repeatedPairWindow > 1 && m_hops.size() >= m_limits.repeatedPairWindow - 1) {
        bool pingPong = true;
        for (qsizetype i = m_hops.size() - (m_limits.repeatedPairWindow - 1); i < m_hops.size(); ++i)
            pingPong = pingPong && samePair(m_hops.at(i), hop);
        if (pingPong)
            return GuardrailViolation { Kind::RepeatedPair,
                tr("Stopped: %1 and %2 keep handing the conversation back and forth.").arg(shownFrom, shownTo) };
    }
    m_hops.append(hop);
    return std::nullopt;
}

GuardrailViolation GuardrailCounters::timeoutViolation() const
{
    return { GuardrailViolation::Kind::Timeout,
        tr("Stopped: the answer took longer than %n second(s).", nullptr, qMax(1, m_limits.runTimeoutMs / 1000)) };
}

} // namespace Tandem
