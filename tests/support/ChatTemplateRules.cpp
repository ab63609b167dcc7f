#include "ChatTemplateRules.h"

#include <QJsonArray>
#include <QSet>

using namespace Qt::StringLiterals;

namespace Tandem::Test {

namespace {

using Entry = ChatTemplateRules::Entry;

QString contentText(const QJsonValue &content)
{
    if (content.isString())
        return content.toString();
    QString text;
    const QJsonArray parts = content.toArray();
    for (const QJsonValue &part : parts)
        text += part.toObject().value(u"text").toString();
    return text;
}

Entry::Role roleOf(const QString &name)
{
    if (name == u"system" || name == u"developer")
        return Entry::Role::System;
    if (name == u"assistant")
        return Entry::Role::Assistant;
    if (name == u"tool")
        return Entry::Role::Tool;
    return Entry::Role::User;
}

QString roleName(Entry::Role role)
{
    switch (role) {
    case Entry::Role::System:
        return u"system"_s;
    case Entry::Role::User:
        return u"user"_s;
    case Entry::Role::Assistant:
        return u"assistant"_s;
    case Entry::Role::Tool:
        return u"tool"_s;
    }
    return {};
}

} // namespace

QList<Entry> ChatTemplateRules::fromChat(const QJsonObject &body)
{
    QList<Entry> entries;
    const QJsonArray messages = body.value(u"messages").toArray();
    for (const QJsonValue &value : messages) {
        const QJsonObject message = value.toObject();
        Entry entry;
        entry.role = roleOf(message.value(u"role").toString());
        entry.text = contentText(message.value(u"content"));
        const QJsonArray calls = message.value(u"tool_calls").toArray();
        for (const QJsonValue &call : calls)
            entry.callIds << call.toObject().value(u"id").toString();
        entry.answers = message.value(u"tool_call_id").toString();
        entries << entry;
    }
    return entries;
}

QList<Entry> ChatTemplateRules::fromResponsesInput(const QJsonValue &input)
{
    QList<Entry> entries;
    if (input.isString()) {
        entries << Entry { Entry::Role::User, input.toString(), {}, {} };
        return entries;
    }
    const QJsonArray items = input.toArray();
    for (const QJsonValue &value : items) {
        const QJsonObject item = value.toObject();
        const QString type = item.value(u"type").toString(u"message"_s);
        if (type == u"message") {
            entries << Entry { roleOf(item.value(u"role").toString()), contentText(item.value(u"content")), {}, {} };
        } else if (type == u"function_call") {
            // A template renders the calls with the assistant's text before them as one assistant message.
            const bool joins = !entries.isEmpty() && entries.constLast().role == Entry::Role::Assistant;
            if (!joins)
                entries << Entry { Entry::Role::Assistant, {}, {}, {} };
            entries.last().callIds << item.value(u"call_id").toString();
        } else if (type == u"function_call_output") {
            entries << Entry { Entry::Role::Tool, contentText(item.value(u"output")), {},
                item.value(u"call_id").toString() };
        }
    }
    return entries;
}

QStringList ChatTemplateRules::problems(const QList<Entry> &conversation, bool continuation)
{
    QStringList found;
    bool hasUser = false;
    QSet<QString> owed; // calls of the latest assistant message not answered yet
    for (qsizetype i = 0; i < conversation.size(); ++i) {
        const Entry &entry = conversation.at(i);
        const Entry *previous = i > 0 ? &conversation.at(i - 1) : nullptr;
        const QString where = u"message %1 (%2)"_s.arg(i).arg(roleName(entry.role));
        if (entry.role != Entry::Role::Tool && !owed.isEmpty()) {
            found << u"%1 comes before the tool results of the calls before it (%2)"_s.arg(
                where, QStringList(owed.cbegin(), owed.cend()).join(u", "_s));
            owed.clear();
        }
        switch (entry.role) {
        case Entry::Role::System:
            if (i != 0)
                found << where + u": a system message is allowed only first"_s;
            if (entry.text.trimmed().isEmpty())
                found << where + u": the system message is empty"_s;
            break;
        case Entry::Role::User:
            hasUser = true;
            if (previous && previous->role == Entry::Role::User)
                found << where + u": two user messages in a row (roles must alternate; merge them)"_s;
            if (entry.text.trimmed().isEmpty())
                found << where + u": the user message is empty"_s;
            break;
        case Entry::Role::Assistant:
            if (!continuation && (!previous || previous->role == Entry::Role::System))
                found << where + u": the conversation must start with a user message"_s;
            if (previous && previous->role == Entry::Role::Assistant)
                found << where + u": two assistant messages in a row (roles must alternate)"_s;
            owed = QSet<QString>(entry.callIds.cbegin(), entry.callIds.cend());
            break;
        case Entry::Role::Tool:
            // A thread the checker does not know may have made the calls its first results answer.
            if (continuation && owed.isEmpty()
                && (!previous || previous->role == Entry::Role::System || previous->role == Entry::Role::Tool))
                break;
            if (!owed.remove(entry.answers))
                found << where
                        + u": a tool result for %1, which the assistant message before it did not call"_s.arg(
                            entry.answers);
            break;
        }
    }
    if (!owed.isEmpty())
        found << u"the tool calls %1 have no results"_s.arg(QStringList(owed.cbegin(), owed.cend()).join(u", "_s));
    if (!continuation && !hasUser)
        found << u"there is no user message"_s;
    if (!conversation.isEmpty()) {
        const Entry &last = conversation.constLast();
        if (last.role == Entry::Role::System)
            found << u"the conversation ends with the system message: nothing asks the model to answer"_s;
        else if (last.role == Entry::Role::Assistant && last.callIds.isEmpty())
            found << u"the conversation ends with the assistant's own reply: nothing asks the model to answer"_s;
    }
    return found;
}

bool ChatTemplateRules::carriesUserText(const QList<Entry> &conversation, const QString &text)
{
    for (const Entry &entry : conversation)
        if (entry.role == Entry::Role::User && entry.text.contains(text))
            return true;
    return false;
}

} // namespace Tandem::Test
