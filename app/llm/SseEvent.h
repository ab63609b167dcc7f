#pragma once

#include <QMetaType>
#include <QString>

namespace Tandem {

/// @brief One dispatched Server-Sent Event (WHATWG HTML, "Server-sent events").
struct SseEvent
{
    QString event; ///< the `event:` field; empty when the frame had none (the spec's default type "message")
    QString data; ///< the `data:` lines joined with "\n"
    QString id; ///< the last event id seen so far on the stream (it persists across events, as the spec says)
    int retryMs = -1; ///< a valid `retry:` field of this frame, else -1

    friend bool operator==(const SseEvent &, const SseEvent &) = default;
};

} // namespace Tandem

Q_DECLARE_METATYPE(Tandem::SseEvent)
