#pragma once

#include "GuardrailLimits.h"
#include "TokenUsage.h"

#include <QCoreApplication>
#include <QHash>
#include <QList>
#include <QPair>
#include <QString>

#include <optional>

namespace Tandem {

/// @brief Why a guardrail stopped a run or refused a hop.
struct GuardrailViolation
{
    enum class Kind { MaxTurns, RunTokens, ConversationTokens, Timeout, HopCap, BounceCap, RepeatedPair };
    Kind kind = Kind::MaxTurns;
    QString message; ///< one translated sentence for the person

    /// @brief Stable lower-case name for logs and the runs table's error column, e.g. "max_turns".
    static QString kindName(Kind kind);
};

/// @brief Counts what one run consumed and says when a limit is crossed. Pure bookkeeping: no clock, no I/O.
class GuardrailCounters
{
    Q_DECLARE_TR_FUNCTIONS(GuardrailCounters)

public:
    /// @brief Counters for a run of a conversation that had already used @p conversationTokensBefore tokens.
    explicit GuardrailCounters(GuardrailLimits limits = {}, qint64 conversationTokensBefore = 0);

    /// @brief Checked before each model call: turns and both token budgets. A violation means: do not call.
    std::optional<GuardrailViolation> checkBeforeModelCall() const;
    /// @brief Records one model call (before it is sent).
    void recordModelCall() { ++m_turns; }
    /// @brief Adds a call's usage to the run and conversation totals.
    void addUsage(const TokenUsage &usage);
    /// @brief Checks a hop from @p from to @p to against the hop cap, the bounce cap and the repeated-pair window,
    /// and records it when allowed. The sentence names the agents @p fromName and @p toName (default: their ids).
    std::optional<GuardrailViolation> checkAndRecordHop(
        const QString &from, const QString &to, const QString &fromName = {}, const QString &toName = {});
    /// @brief The violation the wall-clock timer reports.
    GuardrailViolation timeoutViolation() const;

    int turns() const { return m_turns; }
    int hops() const { return int(m_hops.size()); }
    const TokenUsage &runUsage() const { return m_runUsage; }
    qint64 conversationTokens() const { return m_conversationTokensBefore + m_runUsage.total(); }
    const GuardrailLimits &limits() const { return m_limits; }

private:
    GuardrailLimits m_limits;
    qint64 m_conversationTokensBefore = 0;
    int m_turns = 0;
    TokenUsage m_runUsage;
    QList<QPair<QString, QString>> m_hops;
};

} // namespace Tandem
