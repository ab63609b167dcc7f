#pragma once

#include "LlmTypes.h"

#include <QJsonObject>
#include <QList>
#include <QString>

namespace Tandem {

/// @brief Assembles Chat Completions `delta.tool_calls[]` fragments into whole calls, defensively.
///
/// Fragments are keyed by `index`; a new `id` at an index already used starts a new call (servers that send
/// index 0 for every parallel call). Without `index` they are keyed by `id` (an unknown id on a fragment without a
/// name is the late id of the last call); with neither, a fragment carrying a name starts a new call and any other
/// continues the last one. A call is announced (started) once it has a name and
/// an id, or a name and a second fragment (some servers send the id with the second fragment, some never): then a
/// missing id is synthesized as `call_<prefix><n>`.
class ToolCallAccumulator
{
public:
    struct Update
    {
        qsizetype position = -1; ///< which call the fragment belongs to, in arrival order
        bool started = false; ///< the call just became known by name (time for toolCallStarted)
    };

    /// @brief Prefix of synthesized ids, e.g. the job serial so ids are unique across turns.
    void setIdPrefix(const QString &prefix) { m_idPrefix = prefix; }
    /// @brief Adds one element of `delta.tool_calls`.
    Update add(const QJsonObject &fragment);
    /// @brief The call at @p position (arrival order), as assembled so far.
    const ToolCall &call(qsizetype position) const { return m_entries.at(position).call; }
    /// @brief Whether no fragment arrived yet.
    bool isEmpty() const { return m_entries.isEmpty(); }
    /// @brief At the end of the stream: announces every call not announced yet (synthesizing missing ids) and
    /// returns their positions, so toolCallStarted precedes toolCallReady for each.
    QList<qsizetype> announceRemaining();
    /// @brief Every call in index order (arrival order among equal or missing indexes), each with an id once
    /// announceRemaining() ran.
    QList<ToolCall> calls() const;

private:
    struct Entry
    {
        ToolCall call;
        QString givenId; ///< the id the server sent, if any (call.callId may be synthesized)
        int index = -1;
        int sortKey = 0;
        int fragments = 0;
        bool announced = false;
    };
    Entry *findTarget(int index, const QString &id, const QString &name);
    QString synthesizeId(qsizetype position) const;
    void announce(Entry &entry, qsizetype position);

    QList<Entry> m_entries;
    QString m_idPrefix;
};

} // namespace Tandem
