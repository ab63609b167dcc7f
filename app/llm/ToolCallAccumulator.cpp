#include "ToolCallAccumulator.h"

#include <QJsonDocument>

#include <algorithm>

namespace Tandem {

using namespace Qt::StringLiterals;

ToolCallAccumulator::Entry *ToolCallAccumulator::findTarget(int index, const QString &id, const QString &name)
{
    if (index >= 0) {
        for (auto it = m_entries.rbegin(); it != m_entries.rend(); ++it) {
            if (it->index != index)
                continue;
            // A different id at the same index is another call (litellm sends index 0 for every parallel call).
            if (!id.isEmpty() && !it->givenId.isEmpty() && it->givenId != id)
                return nullptr;
            return &*it;
        }
        return nullptr;
    }
    if (!id.isEmpty()) {
        for (Entry &entry : m_entries)
            if (entry.givenId == id)
                return &entry;
        // An unknown id without a name is the late id of the last call, begun by a fragment with neither index nor
        // id; a new call would come with its name.
        if (name.isEmpty() && !m_entries.isEmpty() && m_entries.last().index < 0 && m_entries.last().givenId.isEmpty())
            return &m_entries.last();
        return nullptr;
    }
    // Neither index nor id: a name announces a new call, anything else continues the last one.
    if (name.isEmpty() && !m_entries.isEmpty())
        return &m_entries.last();
    return nullptr;
}

ToolCallAccumulator::Update ToolCallAccumulator::add(const QJsonObject &fragment)
{
    const QJsonValue indexValue = fragment.value(u"index");
    const int index = indexValue.isDouble() ? indexValue.toInt(-1) : -1;
    const QString id = fragment.value(u"id").toString();
    const QJsonObject function = fragment.value(u"function").toObject();
    const QString name = function.value(u"name").toString();
    const QJsonValue argumentsValue = function.value(u"arguments");
    // Some servers send the arguments as an object instead of the JSON text the spec asks for.
    const QString arguments = argumentsValue.isObject()
        ? QString::fromUtf8(QJsonDocument(argumentsValue.toObject()).toJson(QJsonDocument::Compact))
        : argumentsValue.toString();

    Entry *entry = findTarget(index, id, name);
    if (!entry) {
        Entry created;
        created.index = index;
        int lastKey = -1;
        for (const Entry &existing : std::as_const(m_entries))
            lastKey = std::max(lastKey, existing.sortKey);
        created.sortKey = index >= 0 ? index : lastKey + 1;
        m_entries.append(created);
        entry = &m_entries.last();
    }
    const qsizetype position = entry - m_entries.data();

    if (entry->givenId.isEmpty() && !id.isEmpty()) {
        entry->givenId = id;
        if (!entry->announced)
            entry->call.callId = id; // once announced, a synthesized id stays: listeners already know it
    }
    if (entry->call.name.isEmpty())
        entry->call.name = name;
    entry->call.arguments += arguments;
    ++entry->fragments;

    Update update;
    update.position = position;
    // Waiting one fragment for a late id keeps the server's id where it sends one (Ollama with gpt-oss does).
    if (!entry->announced && !entry->call.name.isEmpty() && (!entry->call.callId.isEmpty() || entry->fragments >= 2)) {
        announce(*entry, position);
        update.started = true;
    }
    return update;
}

void ToolCallAccumulator::announce(Entry &entry, qsizetype position)
{
    if (entry.call.callId.isEmpty())
        entry.call.callId = synthesizeId(position);
    entry.announced = true;
}

QList<qsizetype> ToolCallAccumulator::announceRemaining()
{
    QList<qsizetype> positions;
    for (qsizetype i = 0; i < m_entries.size(); ++i) {
        if (!m_entries.at(i).announced) {
            announce(m_entries[i], i);
            positions.append(i);
        }
    }
    return positions;
}

QList<ToolCall> ToolCallAccumulator::calls() const
{
    QList<const Entry *> ordered;
    ordered.reserve(m_entries.size());
    for (const Entry &entry : m_entries)
        ordered.append(&entry);
    std::stable_sort(
        ordered.begin(), ordered.end(), [](const Entry *a, const Entry *b) { return a->sortKey < b->sortKey; });

    QList<ToolCall> result;
    result.reserve(ordered.size());
    for (const Entry *entry : std::as_const(ordered)) {
        ToolCall call = entry->call;
        if (call.callId.isEmpty())
            call.callId = synthesizeId(entry - m_entries.data());
        result.append(call);
    }
    return result;
}

QString ToolCallAccumulator::synthesizeId(qsizetype position) const
{
    return u"call_"_s % m_idPrefix % QString::number(position);
}

} // namespace Tandem
