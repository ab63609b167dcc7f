#include "GuardrailOptions.h"

#include <QCommandLineParser>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
using Field = GuardrailLimits::Field;

// The limits a run can be given on the command line; the repeated-pair window stays a setting.
constexpr Field kOptions[] = {
    Field::MaxTurnsPerRun,
    Field::MaxTokensPerRun,
    Field::MaxTokensPerConversation,
    Field::RunTimeoutSeconds,
    Field::MaxHopsPerTurn,
    Field::MaxBouncesPerEdge,
    Field::StaleHandoffMinutes,
    Field::MaxOutputTokens,
};
const QString kRouterThreshold = u"router-threshold"_s;
} // namespace

QList<QCommandLineOption> GuardrailOptions::options()
{
    QList<QCommandLineOption> options;
    const auto add = [&options](Field field, const QString &description, const QString &valueName) {
        options.append({ GuardrailLimits::name(field), description, valueName });
    };
    add(Field::MaxTurnsPerRun, tr("At most this many model calls for the answer (a guardrail)."), tr("n"));
    add(Field::MaxTokensPerRun, tr("A token budget for the answer; 0 switches it off."), tr("tokens"));
    add(Field::MaxTokensPerConversation, tr("A token budget for the whole conversation; 0 switches it off."),
        tr("tokens"));
    add(Field::RunTimeoutSeconds, tr("Stop the answer after this many seconds."), tr("seconds"));
    add(Field::MaxHopsPerTurn, tr("At most this many handoffs for the answer."), tr("n"));
    add(Field::MaxBouncesPerEdge, tr("At most this many handoffs from one agent to the same other agent."), tr("n"));
    add(Field::StaleHandoffMinutes, tr("Time out handoffs left pending for this many minutes."), tr("minutes"));
    add(Field::MaxOutputTokens, tr("At most this many output tokens per model call; 0: the provider's own limit."),
        tr("tokens"));
    options.append({ kRouterThreshold,
        tr("Router mode: the orchestrator's classification decides at or above this confidence (0 to 1); below "
           "it, keyword rules do."),
        tr("confidence") });
    return options;
}

void GuardrailOptions::addTo(QCommandLineParser &parser)
{
    parser.addOptions(options());
}

bool GuardrailOptions::apply(const QCommandLineParser &parser, GuardrailLimits &limits, QString *error)
{
    GuardrailLimits result = limits;
    for (const Field field : kOptions) {
        const QString name = GuardrailLimits::name(field);
        if (!parser.isSet(name))
            continue;
        const QString text = parser.value(name).trimmed();
        bool ok = false;
        const qint64 value = text.toLongLong(&ok);
        if (!ok) {
            *error = tr("--%1 needs a whole number, not “%2”.").arg(name, parser.value(name));
            return false;
        }
        if (const QString problem = GuardrailLimits::problem(field, value); !problem.isEmpty()) {
            *error = u"--%1: %2"_s.arg(name, problem);
            return false;
        }
        result.setValue(field, value);
    }
    limits = result;
    return true;
}

bool GuardrailOptions::applyRouterThreshold(const QCommandLineParser &parser, double &threshold, QString *error)
{
    if (!parser.isSet(kRouterThreshold))
        return true;
    bool ok = false;
    const double value = parser.value(kRouterThreshold).trimmed().toDouble(&ok);
    if (!ok || !(value >= 0.0 && value <= 1.0)) { // NaN fails both comparisons
        *error = tr("--%1 needs a number from 0 to 1, not “%2”.").arg(kRouterThreshold, parser.value(kRouterThreshold));
        return false;
    }
    threshold = value;
    return true;
}

} // namespace Tandem
