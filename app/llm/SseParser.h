#pragma once

#include "SseEvent.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QList>

namespace Tandem {

/// @brief Incremental Server-Sent-Events parser: feed it the raw bytes of each readyRead, get the complete events.
///
/// Handles LF, CRLF and lone CR line ends, frames and UTF-8 characters split at any byte (bytes are buffered and
/// decoded per complete line), comments, `event`, `data`, `id` and `retry` fields and a leading BOM. A frame without
/// its closing blank line is dispatched by finish() at EOF. Allocates only for the strings it hands out.
///
/// A line or an event larger than maxEventBytes() (a server that never ends its line or its frame) stops the parser:
/// overflowed() turns true and every later byte is ignored, so memory stays bounded whatever the server sends.
class SseParser
{
public:
    /// @brief The largest line, and the largest event's data, the parser holds: 16 MiB.
    static constexpr qsizetype maxEventBytes() { return 16 * 1024 * 1024; }

    /// @brief Parses @p chunk and appends every event it completes to @p events.
    void feed(QByteArrayView chunk, QList<SseEvent> &events);
    /// @brief Parses @p chunk and returns the events it completes.
    QList<SseEvent> feed(QByteArrayView chunk);
    /// @brief At end of stream: completes a last line without its line end and dispatches a pending frame.
    void finish(QList<SseEvent> &events);
    /// @brief Forgets everything, as for a new stream.
    void reset();

    /// @brief The reconnection time from the last valid `retry:` field, or -1; kept even for frames without data.
    int retryMs() const { return m_retryMs; }
    /// @brief Bytes held back because their line is not complete yet.
    qsizetype bufferedBytes() const { return m_line.size(); }
    /// @brief A line or an event went over maxEventBytes(); the stream cannot be read further.
    bool overflowed() const { return m_overflowed; }

private:
    void processLine(QByteArrayView line, QList<SseEvent> &events);
    void dispatch(QList<SseEvent> &events);
    void overflow();

    QByteArray m_line; ///< the incomplete line carried over from the previous chunk
    QByteArray m_data;
    QByteArray m_eventType;
    QString m_lastId;
    int m_retryMs = -1;
    int m_frameRetryMs = -1;
    bool m_hasData = false;
    bool m_skipLineFeed = false; ///< the previous chunk ended with CR: a leading LF belongs to that line end
    bool m_firstLine = true;
    bool m_overflowed = false;
};

} // namespace Tandem
