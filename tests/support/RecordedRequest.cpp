#include "RecordedRequest.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace Tandem::Test {

namespace {

// A message `content` is either a string or a list of parts ({type: input_text|output_text|text, text}).
QString contentText(const QJsonValue &content)
{
    if (content.isString())
        return content.toString();
    QString text;
    const QJsonArray parts = content.toArray();
    for (const QJsonValue &part : parts) {
        const QJsonObject object = part.toObject();
        if (object.value(u"text").isString())
            text += object.value(u"text").toString();
    }
    return text;
}

} // namespace

QString RecordedRequest::header(const QString &name) const
{
    return headers.value(name.toLower());
}

bool RecordedRequest::isStreaming() const
{
    return json.value(u"stream").toBool();
}

QString RecordedRequest::model() const
{
    return json.value(u"model").toString();
}

QString RecordedRequest::instructions() const
{
    if (json.contains(u"instructions"))
        return json.value(u"instructions").toString();
    const QJsonArray messages = json.value(u"messages").toArray();
    for (const QJsonValue &message : messages) {
        const QString role = message.toObject().value(u"role").toString();
        if (role == u"system" || role == u"developer")
            return contentText(message.toObject().value(u"content"));
    }
    return {};
}

QString RecordedRequest::lastUserText() const
{
    const QJsonValue input = json.value(u"input");
    if (input.isString())
        return input.toString();
    QJsonArray items = input.toArray();
    if (items.isEmpty())
        items = json.value(u"messages").toArray();
    for (qsizetype i = items.size() - 1; i >= 0; --i) {
        const QJsonObject item = items.at(i).toObject();
        if (item.value(u"role").toString() == u"user")
            return contentText(item.value(u"content"));
    }
    return {};
}

QString RecordedRequest::toolOutput(const QString &callId) const
{
    const bool chat = path == u"/v1/chat/completions";
    const QJsonArray items = json.value(chat ? u"messages"_s : u"input"_s).toArray();
    QString output;
    for (const QJsonValue &value : items) {
        const QJsonObject item = value.toObject();
        if (chat && item.value(u"role"_s).toString() == u"tool" && item.value(u"tool_call_id"_s).toString() == callId)
            output = item.value(u"content"_s).toString();
        if (!chat && item.value(u"type"_s).toString() == u"function_call_output"
            && item.value(u"call_id"_s).toString() == callId)
            output = item.value(u"output"_s).toString();
    }
    return output;
}

} // namespace Tandem::Test
