#pragma once

#include "domain/GuardrailLimits.h"

#include <QCommandLineOption>
#include <QCoreApplication>
#include <QList>
#include <QString>

class QCommandLineParser;

namespace Tandem {

/// @brief The guardrail options of `tandem run` (--max-turns, --max-run-tokens, --max-conversation-tokens,
/// --run-timeout, --max-hops, --max-bounces, --stale-minutes, --max-output-tokens): each sets one of the limits
/// over the settings' value for this run, and each value is checked against the limit's bounds. Also router mode's
/// --router-threshold, the confidence at which the orchestrator's classification decides.
class GuardrailOptions
{
    Q_DECLARE_TR_FUNCTIONS(GuardrailOptions)

public:
    /// @brief The options, with their help texts.
    static QList<QCommandLineOption> options();
    /// @brief Adds options() to @p parser.
    static void addTo(QCommandLineParser &parser);
    /// @brief Writes the options given in @p parser into @p limits. On a bad value, returns false and @p error holds
    /// one sentence naming the option and what it accepts; @p limits is then left as it was.
    static bool apply(const QCommandLineParser &parser, GuardrailLimits &limits, QString *error);
    /// @brief Writes --router-threshold, if given, into @p threshold. A value that is not a number from 0 to 1 is
    /// refused as apply() refuses one: false, @p error says why, @p threshold unchanged.
    static bool applyRouterThreshold(const QCommandLineParser &parser, double &threshold, QString *error);
};

} // namespace Tandem
