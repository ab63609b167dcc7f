#include "AgentOptionsJson.h"

#include "ExchangeFormat.h"
#include "JsonWriter.h"
#include "domain/Conversation.h"
#include "domain/DataLimits.h"
#include "domain/TransitionGraph.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

void appendList(QString &out, const QStringList &items)
{
    out += u'[';
    for (qsizetype i = 0; i < items.size(); ++i) {
        out += i == 0 ? u""_s : u", "_s;
        JsonWriter::appendString(out, items.at(i));
    }
    out += u']';
}

} // namespace

void AgentOptionsJson::append(QString &out, const Agent &agent)
{
    out += u", \"max_output_tokens\": "_s + QString::number(agent.maxOutputTokens) + u", \"edge_options\": {"_s;
    QStringList targets = agent.edgeOptions.keys();
    std::sort(targets.begin(), targets.end()); // the same agent exports the same bytes
    for (qsizetype i = 0; i < targets.size(); ++i) {
        const EdgeOptions &edge = agent.edgeOptions.value(targets.at(i));
        out += i == 0 ? u""_s : u", "_s;
        JsonWriter::appendString(out, targets.at(i));
        out += u": {\"transfer\": "_s;
        JsonWriter::appendString(out, TransitionGraph::transferName(edge.transfer));
        out += u", \"timing\": "_s;
        JsonWriter::appendString(out, TransitionGraph::timingName(edge.timing));
        out += edge.warm ? u", \"warm\": true}"_s : u", \"warm\": false}"_s;
    }
    out += u"}, \"modes\": "_s;
    appendList(out, agent.modes);
    out += u", \"handles\": "_s;
    appendList(out, agent.handles); // in the file's order: between equal matches the order is not a ranking
    out += u", \"description\": "_s;
    JsonWriter::appendString(out, agent.description);
    out += agent.fallback ? u", \"fallback\": true"_s : u", \"fallback\": false"_s;
}

AgentOptionsJson::Problem AgentOptionsJson::read(const QJsonObject &object, Agent *agent)
{
    if (object.contains(u"max_output_tokens")) {
        const QJsonValue value = object.value(u"max_output_tokens");
        const qint64 number = value.toInteger(-1);
        if (!value.isDouble() || number < 0 || number > ExchangeFormat::kMaxInteger)
            return { u"max_output_tokens", tr("is not a whole number from 0 to %1").arg(ExchangeFormat::kMaxInteger) };
        agent->maxOutputTokens = number;
    }
    if (object.contains(u"edge_options")) {
        const QJsonValue value = object.value(u"edge_options");
        if (!value.isObject())
            return { u"edge_options", tr("is not an object") };
        const QJsonObject edges = value.toObject();
        if (edges.size() > ExchangeFormat::kMaxRows)
            return { u"edge_options", tr("has too many entries") };
        QHash<QString, EdgeOptions> options;
        for (auto it = edges.constBegin(); it != edges.constEnd(); ++it) {
            const QJsonObject entry = it.value().toObject();
            const auto transfer = TransitionGraph::transferFromName(entry.value(u"transfer").toString());
            const auto timing = TransitionGraph::timingFromName(entry.value(u"timing").toString());
            const QJsonValue warm = entry.value(u"warm");
            if (it.key().isEmpty() || it.key().size() > ExchangeFormat::kMaxNameLength || !it.value().isObject()
                || !transfer || !timing || !warm.isBool())
                return { u"edge_options",
                    tr("has an entry for “%1” that is not {transfer, timing, warm} with known values")
                        .arg(it.key().left(80)) };
            options.insert(it.key(), EdgeOptions { *transfer, *timing, warm.toBool() });
        }
        agent->edgeOptions = options;
    }
    if (object.contains(u"modes")) {
        const QJsonValue value = object.value(u"modes");
        if (!value.isArray() || value.toArray().size() > 16)
            return { u"modes", tr("is not a list of conversation modes") };
        QStringList modes;
        for (const QJsonValue &mode : value.toArray()) {
            if (!Conversation::modeFromName(mode.toString()))
                return { u"modes", tr("names a mode Tandem does not know (“%1”)").arg(mode.toString().left(80)) };
            modes.append(mode.toString());
        }
        agent->modes = modes;
    }
    return readRouterFields(object, agent);
}

AgentOptionsJson::Problem AgentOptionsJson::readRouterFields(const QJsonObject &object, Agent *agent)
{
    if (object.contains(u"handles")) {
        const QJsonValue value = object.value(u"handles");
        if (!value.isArray() || value.toArray().size() > ExchangeFormat::kMaxRows)
            return { u"handles", tr("is not a list of at most %1 keywords").arg(ExchangeFormat::kMaxRows) };
        QStringList handles;
        for (const QJsonValue &item : value.toArray()) {
            const QString keyword = DataLimits::wellFormed(item.toString());
            if (!item.isString() || keyword.size() > ExchangeFormat::kMaxNameLength)
                return {
                    u"handles",
                    tr("has an entry that is not a text of at most %1 characters").arg(ExchangeFormat::kMaxNameLength)
                };
            handles.append(keyword);
        }
        agent->handles = handles;
    }
    if (object.contains(u"description")) {
        const QJsonValue value = object.value(u"description");
        if (!value.isString() || value.toString().size() > ExchangeFormat::kMaxTextLength)
            return { u"description", tr("is not a text of at most %1 characters").arg(ExchangeFormat::kMaxTextLength) };
        agent->description = DataLimits::wellFormed(value.toString());
    }
    if (object.contains(u"fallback")) {
        const QJsonValue value = object.value(u"fallback");
        if (!value.isBool())
            return { u"fallback", tr("is not true or false") };
        agent->fallback = value.toBool();
    }
    return {};
}

} // namespace Tandem
