#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

namespace Tandem {

/// @brief The limits one run obeys (model calls, tokens, time, hops), so no run spends without end. Zero or less
/// switches a limit off. Tests inject small values; the person sets them in the settings or with the CLI's options,
/// where validate() keeps them within bounds.
struct GuardrailLimits
{
    Q_DECLARE_TR_FUNCTIONS(GuardrailLimits)

public:
    /// @brief One limit, as the settings and the CLI name it; the run timeout is counted in seconds here.
    enum class Field {
        MaxTurnsPerRun,
        MaxTokensPerRun,
        MaxTokensPerConversation,
        RunTimeoutSeconds,
        MaxHopsPerTurn,
        MaxBouncesPerEdge,
        RepeatedPairWindow,
        StaleHandoffMinutes,
        MaxOutputTokens,
        RouterContextTokens,
    };

    int maxTurnsPerRun = 12; ///< model calls in one run, across every agent taking part
    qint64 maxTokensPerRun = 200'000; ///< input + output tokens of one run
    qint64 maxTokensPerConversation = 2'000'000; ///< input + output tokens of every run of a conversation
    int runTimeoutMs = 10 * 60 * 1000; ///< wall-clock time of one run (time spent waiting for approval excluded)
    int maxHopsPerTurn = 10; ///< handoffs in one run (a whole pipeline takes five)
    int maxBouncesPerEdge = 2; ///< handoffs along the same directed edge in one run
    int repeatedPairWindow = 4; ///< this many consecutive hops between the same two agents is ping-pong
    int staleHandoffMinutes = 30; ///< pending handoffs older than this are timed out when a run starts
    qint64 maxOutputTokens = 0; ///< output tokens one model call may write, unless its agent says; 0: the provider's
    /// Router mode: the earlier turns the orchestrator's classifier sees with a message, in (estimated) tokens; 0: the
    /// message alone.
    qint64 routerContextTokens = 1'000;

    /// @brief Every field, in the order the settings page lists them.
    static QList<Field> fields();
    /// @brief The field's stable name: the CLI option without its dashes and the settings key, e.g. "max-turns".
    static QString name(Field field);
    /// @brief The smallest value a person may choose (0 where 0 switches the limit off).
    static qint64 minimum(Field field);
    /// @brief The largest value a person may choose.
    static qint64 maximum(Field field);
    /// @brief One translated sentence saying why @p value is not allowed for @p field; empty when it is.
    static QString problem(Field field, qint64 value);

    /// @brief The value of @p field (the run timeout in whole seconds).
    qint64 value(Field field) const;
    /// @brief Sets @p field to @p value as given, unchecked (the run timeout in seconds).
    void setValue(Field field, qint64 value);
    /// @brief One sentence per value out of its bounds, in the order of fields(); empty when all are allowed.
    QStringList validate() const;

    friend bool operator==(const GuardrailLimits &, const GuardrailLimits &) = default;
};

} // namespace Tandem
