#pragma once

#include <QString>
#include <QStringView>

#include <optional>

namespace Tandem {

/// @brief The text handoff signal of dual mode: a reply whose first line is exactly `HANDOFF_AGENT2`.
///
/// Rules: blank lines before the signal line are skipped (models often open with a newline); the signal line
/// must hold the signal alone, except for trailing spaces or a CR; anything else on that line, or the signal
/// anywhere but the first non-blank line, is not a handoff. The payload is everything after the signal line's
/// line break, forwarded exactly as written (its own line breaks untouched). An empty payload is still a
/// handoff; the engine decides what to send then.
class HandoffSignal
{
public:
    static constexpr QStringView kSignal = u"HANDOFF_AGENT2";

    /// @brief The payload for agent 2 if @p reply starts with the signal, otherwise nothing.
    static std::optional<QString> extractPayload(QStringView reply);
    /// @brief True if @p reply starts with the signal.
    static bool isHandoff(QStringView reply) { return extractPayload(reply).has_value(); }
    /// @brief True while a streaming reply could still turn out to start with the signal,
    /// so the UI can hold it back instead of flashing the signal line.
    static bool mayBecomeHandoff(QStringView partialReply);
    /// @brief What the person sees of @p reply: the payload when it is a handoff (the signal line is protocol, not
    /// prose), the reply unchanged otherwise. The stored row keeps the reply verbatim.
    static QString visibleText(QStringView reply) { return extractPayload(reply).value_or(reply.toString()); }
};

} // namespace Tandem
