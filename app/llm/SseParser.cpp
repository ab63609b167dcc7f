#include "SseParser.h"

#include <limits>

namespace Tandem {

namespace {
constexpr QByteArrayView kBom("\xEF\xBB\xBF");

bool isAsciiDigits(QByteArrayView value)
{
    if (value.isEmpty())
        return false;
    for (const char c : value)
        if (c < '0' || c > '9')
            return false;
    return true;
}
} // namespace

void SseParser::feed(QByteArrayView chunk, QList<SseEvent> &events)
{
    if (m_overflowed)
        return;
    const char *const bytes = chunk.data();
    const qsizetype size = chunk.size();
    qsizetype pos = 0;
    if (m_skipLineFeed && size > 0) {
        m_skipLineFeed = false;
        if (bytes[0] == '\n')
            pos = 1;
    }

    qsizetype lineStart = pos;
    while (pos < size) {
        const char c = bytes[pos];
        if (c != '\n' && c != '\r') {
            ++pos;
            continue;
        }
        const QByteArrayView part(bytes + lineStart, pos - lineStart);
        if (m_line.size() + part.size() > maxEventBytes()) {
            overflow();
            return;
        }
        if (m_line.isEmpty()) {
            processLine(part, events);
        } else {
            m_line.append(part);
            processLine(m_line, events);
            m_line.resize(0); // keeps the capacity for the next split line
        }
        if (m_overflowed)
            return;
        ++pos;
        if (c == '\r') {
            // CRLF is one line end; when the chunk ends right after CR we only learn that from the next chunk.
            if (pos < size) {
                if (bytes[pos] == '\n')
                    ++pos;
            } else {
                m_skipLineFeed = true;
            }
        }
        lineStart = pos;
    }
    if (lineStart < size) {
        if (m_line.size() + (size - lineStart) > maxEventBytes()) {
            overflow();
            return;
        }
        m_line.append(bytes + lineStart, size - lineStart);
    }
}

void SseParser::overflow()
{
    m_overflowed = true;
    // The memory goes back at once; nothing of a broken frame is dispatched.
    m_line = QByteArray();
    m_data = QByteArray();
    m_eventType = QByteArray();
    m_hasData = false;
}

QList<SseEvent> SseParser::feed(QByteArrayView chunk)
{
    QList<SseEvent> events;
    feed(chunk, events);
    return events;
}

void SseParser::finish(QList<SseEvent> &events)
{
    if (m_overflowed)
        return;
    if (!m_line.isEmpty()) {
        processLine(m_line, events);
        m_line.resize(0);
    }
    dispatch(events);
    m_skipLineFeed = false;
}

void SseParser::reset()
{
    *this = SseParser();
}

void SseParser::processLine(QByteArrayView line, QList<SseEvent> &events)
{
    if (m_firstLine) {
        m_firstLine = false;
        if (line.startsWith(kBom))
            line = line.sliced(kBom.size());
    }
    if (line.isEmpty()) {
        dispatch(events);
        return;
    }
    if (line.front() == ':')
        return;

    QByteArrayView field = line;
    QByteArrayView value;
    const qsizetype colon = line.indexOf(':');
    if (colon >= 0) {
        field = line.first(colon);
        value = line.sliced(colon + 1);
        if (!value.isEmpty() && value.front() == ' ')
            value = value.sliced(1);
    }

    if (field == QByteArrayView("data")) {
        if (m_data.size() + value.size() + 1 > maxEventBytes()) {
            overflow();
            return;
        }
        if (m_hasData)
            m_data.append('\n');
        m_data.append(value);
        m_hasData = true;
    } else if (field == QByteArrayView("event")) {
        m_eventType.resize(0);
        m_eventType.append(value);
    } else if (field == QByteArrayView("id")) {
        if (!value.contains('\0'))
            m_lastId = QString::fromUtf8(value);
    } else if (field == QByteArrayView("retry")) {
        if (isAsciiDigits(value)) {
            const qlonglong ms = value.toLongLong();
            if (ms <= std::numeric_limits<int>::max()) {
                m_retryMs = int(ms);
                m_frameRetryMs = m_retryMs;
            }
        }
    }
    // Any other field is ignored, as the spec requires.
}

void SseParser::dispatch(QList<SseEvent> &events)
{
    if (m_hasData) {
        SseEvent event;
        event.event = QString::fromUtf8(m_eventType);
        event.data = QString::fromUtf8(m_data);
        event.id = m_lastId;
        event.retryMs = m_frameRetryMs;
        events.append(std::move(event));
    }
    m_data.resize(0);
    m_eventType.resize(0);
    m_hasData = false;
    m_frameRetryMs = -1;
}

} // namespace Tandem
