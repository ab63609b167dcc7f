#include "AgentCase.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
QStringList strings(const QJsonValue &value)
{
    QStringList result;
    if (value.isString())
        result << value.toString();
    for (const QJsonValue &each : value.toArray())
        result << each.toString();
    result.removeAll(QString());
    return result;
}

QJsonObject argumentsOf(const ToolCall &call)
{
    return QJsonDocument::fromJson(call.arguments.toUtf8()).object();
}

// A string argument matches when it holds the expected text, ignoring case (a model may write "Review code" for
// "review code", or add a word); anything else must be equal.
bool matches(const QJsonValue &expected, const QJsonValue &actual)
{
    if (expected.isString())
        return actual.isString() && actual.toString().contains(expected.toString(), Qt::CaseInsensitive);
    if (expected.isDouble())
        return actual.isDouble() && qFuzzyCompare(expected.toDouble() + 1.0, actual.toDouble() + 1.0);
    return expected == actual;
}

bool callMatches(const ToolCall &expected, const ToolCall &actual)
{
    if (expected.name != actual.name)
        return false;
    const QJsonObject want = argumentsOf(expected);
    const QJsonObject have = argumentsOf(actual);
    for (auto it = want.constBegin(); it != want.constEnd(); ++it)
        if (!matches(it.value(), have.value(it.key())))
            return false;
    return true;
}

QString compact(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}
} // namespace

std::optional<AgentCase> AgentCase::fromJson(const QJsonObject &object, int line, QString *problem)
{
    AgentCase result;
    result.line = line;
    result.message = object.value(u"message").toString();
    if (result.message.trimmed().isEmpty()) {
        *problem = tr("a case needs its \"message\"");
        return std::nullopt;
    }
    result.agent = object.value(u"agent").toString();
    for (const QJsonValue &value : object.value(u"calls").toArray()) {
        const QJsonObject call = value.toObject();
        const QString name = value.isString() ? value.toString() : call.value(u"name").toString();
        if (name.isEmpty()) {
            *problem = tr("each of \"calls\" needs a tool \"name\"");
            return std::nullopt;
        }
        result.calls << ToolCall { {}, name, compact(call.value(u"arguments").toObject()), {} };
    }
    const QJsonValue noCalls = object.value(u"no_calls");
    result.noCalls = noCalls.isBool() && noCalls.toBool();
    result.forbiddenCalls = strings(noCalls);
    if (object.value(u"pending").isBool())
        result.pending = object.value(u"pending").toBool();
    result.approval = object.value(u"approval").toBool();
    result.contains = strings(object.value(u"contains"));
    result.excludes = strings(object.value(u"excludes"));
    result.tasks = strings(object.value(u"tasks"));
    return result;
}

QStringList AgentCase::failures(const Observed &observed, bool checkAgent) const
{
    QStringList result;
    if (!observed.problem.isEmpty())
        result << observed.problem;
    if (checkAgent && !agent.isEmpty() && observed.agent != agent)
        result << tr("answered by %1, expected %2").arg(observed.agent.isEmpty() ? u"-"_s : observed.agent, agent);
    for (const ToolCall &expected : calls) {
        const bool made = std::any_of(observed.calls.cbegin(), observed.calls.cend(),
            [&expected](const ToolCall &actual) { return callMatches(expected, actual); });
        if (!made)
            result << tr("no call %1 %2").arg(expected.name, expected.arguments);
    }
    for (const ToolCall &actual : observed.calls)
        if (noCalls || forbiddenCalls.contains(actual.name))
            result << tr("unexpected call %1 %2").arg(actual.name, actual.arguments);
    if (pending && *pending != observed.pending)
        result << (*pending ? tr("no confirmation is pending") : tr("a confirmation is pending"));
    if (approval != observed.approval)
        result << (approval ? tr("no approval was asked") : tr("a tool asked for approval"));
    for (const QString &text : contains)
        if (!observed.text.contains(text, Qt::CaseInsensitive))
            result << tr("the reply lacks “%1”").arg(text);
    for (const QString &text : excludes)
        if (observed.text.contains(text, Qt::CaseInsensitive))
            result << tr("the reply contains “%1”").arg(text);
    return result;
}

} // namespace Tandem
