#include "GuardrailLimits.h"

#include <QLocale>

#include <algorithm>
#include <limits>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
struct Bounds
{
    GuardrailLimits::Field field;
    QStringView name;
    qint64 minimum;
    qint64 maximum;
};

// The bounds keep a run finite and the numbers sane: every run ends (at least one model call, a timeout), and a
// budget of 0 means "no budget" only where the engine reads it so.
constexpr Bounds kBounds[] = {
    { GuardrailLimits::Field::MaxTurnsPerRun, u"max-turns", 1, 1'000 },
    { GuardrailLimits::Field::MaxTokensPerRun, u"max-run-tokens", 0, 1'000'000'000 },
    { GuardrailLimits::Field::MaxTokensPerConversation, u"max-conversation-tokens", 0, 1'000'000'000 },
    { GuardrailLimits::Field::RunTimeoutSeconds, u"run-timeout", 1, 24 * 60 * 60 },
    { GuardrailLimits::Field::MaxHopsPerTurn, u"max-hops", 1, 100 },
    { GuardrailLimits::Field::MaxBouncesPerEdge, u"max-bounces", 1, 100 },
    { GuardrailLimits::Field::RepeatedPairWindow, u"repeated-pair-window", 2, 100 },
    { GuardrailLimits::Field::StaleHandoffMinutes, u"stale-minutes", 1, 30 * 24 * 60 },
    { GuardrailLimits::Field::MaxOutputTokens, u"max-output-tokens", 0, 1'000'000 },
    { GuardrailLimits::Field::RouterContextTokens, u"router-context-tokens", 0, 100'000 },
};

const Bounds &boundsOf(GuardrailLimits::Field field)
{
    for (const Bounds &bounds : kBounds)
        if (bounds.field == field)
            return bounds;
    Q_UNREACHABLE();
}
} // namespace

QList<GuardrailLimits::Field> GuardrailLimits::fields()
{
    QList<Field> all;
    for (const Bounds &bounds : kBounds)
        all << bounds.field;
    return all;
}

QString GuardrailLimits::name(Field field)
{
    return boundsOf(field).name.toString();
}

qint64 GuardrailLimits::minimum(Field field)
{
    return boundsOf(field).minimum;
}

qint64 GuardrailLimits::maximum(Field field)
{
    return boundsOf(field).maximum;
}

QString GuardrailLimits::problem(Field field, qint64 value)
{
    const Bounds &bounds = boundsOf(field);
    if (value >= bounds.minimum && value <= bounds.maximum)
        return {};
    const QLocale locale;
    const QString low = locale.toString(bounds.minimum);
    const QString high = locale.toString(bounds.maximum);
    const QString given = locale.toString(value);
    // The unit after the range agrees with its upper bound ("до 100 токенов"): that count picks the plural form.
    const int plural = int(qMin<qint64>(bounds.maximum, std::numeric_limits<int>::max()));
    switch (field) {
    case Field::MaxTurnsPerRun:
        return tr("Model calls per answer must be from %1 to %2, not %3.").arg(low, high, given);
    case Field::MaxTokensPerRun:
        return tr(
            "The token budget per answer must be from %1 to %Ln tokens (0 switches it off), not %2.", nullptr, plural)
            .arg(low, given);
    case Field::MaxTokensPerConversation:
        return tr("The token budget per conversation must be from %1 to %Ln tokens (0 switches it off), not %2.",
            nullptr, plural)
            .arg(low, given);
    case Field::RunTimeoutSeconds:
        return tr("The time limit per answer must be from %1 to %Ln seconds, not %2.", nullptr, plural).arg(low, given);
    case Field::MaxHopsPerTurn:
        return tr("Handoffs per answer must be from %1 to %2, not %3.").arg(low, high, given);
    case Field::MaxBouncesPerEdge:
        return tr("Handoffs from one agent to the same other agent per answer must be from %1 to %2, not %3.")
            .arg(low, high, given);
    case Field::RepeatedPairWindow:
        return tr("The back-and-forth window must be from %1 to %Ln handoffs, not %2.", nullptr, plural)
            .arg(low, given);
    case Field::StaleHandoffMinutes:
        return tr("A pending handoff must time out after %1 to %Ln minutes, not %2.", nullptr, plural).arg(low, given);
    case Field::MaxOutputTokens:
        return tr("The output limit per model call must be from %1 to %Ln tokens (0: the provider's own), not %2.",
            nullptr, plural)
            .arg(low, given);
    case Field::RouterContextTokens:
        return tr("The router's context must be from %1 to %Ln tokens (0: the message alone), not %2.", nullptr, plural)
            .arg(low, given);
    }
    Q_UNREACHABLE();
}

qint64 GuardrailLimits::value(Field field) const
{
    switch (field) {
    case Field::MaxTurnsPerRun:
        return maxTurnsPerRun;
    case Field::MaxTokensPerRun:
        return maxTokensPerRun;
    case Field::MaxTokensPerConversation:
        return maxTokensPerConversation;
    case Field::RunTimeoutSeconds:
        return runTimeoutMs / 1000;
    case Field::MaxHopsPerTurn:
        return maxHopsPerTurn;
    case Field::MaxBouncesPerEdge:
        return maxBouncesPerEdge;
    case Field::RepeatedPairWindow:
        return repeatedPairWindow;
    case Field::StaleHandoffMinutes:
        return staleHandoffMinutes;
    case Field::MaxOutputTokens:
        return maxOutputTokens;
    case Field::RouterContextTokens:
        return routerContextTokens;
    }
    Q_UNREACHABLE();
}

void GuardrailLimits::setValue(Field field, qint64 value)
{
    // Out-of-range values are kept as given (clamped only to what the member can hold) so validate() can name them.
    static constexpr qint64 kIntMax = std::numeric_limits<int>::max();
    const auto narrow = [](qint64 v) {
        return int(std::clamp(v, -kIntMax, kIntMax));
    };
    switch (field) {
    case Field::MaxTurnsPerRun:
        maxTurnsPerRun = narrow(value);
        return;
    case Field::MaxTokensPerRun:
        maxTokensPerRun = value;
        return;
    case Field::MaxTokensPerConversation:
        maxTokensPerConversation = value;
        return;
    case Field::RunTimeoutSeconds:
        runTimeoutMs = narrow(std::clamp(value, -kIntMax / 1000, kIntMax / 1000) * 1000);
        return;
    case Field::MaxHopsPerTurn:
        maxHopsPerTurn = narrow(value);
        return;
    case Field::MaxBouncesPerEdge:
        maxBouncesPerEdge = narrow(value);
        return;
    case Field::RepeatedPairWindow:
        repeatedPairWindow = narrow(value);
        return;
    case Field::StaleHandoffMinutes:
        staleHandoffMinutes = narrow(value);
        return;
    case Field::MaxOutputTokens:
        maxOutputTokens = value;
        return;
    case Field::RouterContextTokens:
        routerContextTokens = value;
        return;
    }
}

QStringList GuardrailLimits::validate() const
{
    QStringList problems;
    for (const Bounds &bounds : kBounds)
        if (const QString why = problem(bounds.field, value(bounds.field)); !why.isEmpty())
            problems << why;
    return problems;
}

} // namespace Tandem
