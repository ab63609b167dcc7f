#pragma once

#include "tools/Tool.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QStringView>

#include <functional>

namespace Tandem {

/// @brief The `current_datetime` tool: the current date and time in the system's or a named time zone.
///
/// Output, e.g. for `{"timezone":"Europe/Berlin"}`:
/// `{"local":"2026-03-01T13:00:00+01:00","timezone":"Europe/Berlin","unix_time":1772366400,`
/// `"utc":"2026-03-01T12:00:00Z","utc_offset":"+01:00","weekday":"Sunday"}`.
class CurrentDateTimeTool final : public Tool
{
    Q_DECLARE_TR_FUNCTIONS(CurrentDateTimeTool)

public:
    static constexpr QStringView kName = u"current_datetime";
    /// @brief Answers the current instant; tests pass a fixed one.
    using Clock = std::function<QDateTime()>;

    /// @brief A tool reading @p clock, or the system clock if @p clock is empty.
    explicit CurrentDateTimeTool(Clock clock = {});

    ToolDefinition definition() const override;
    ToolResult run(const QJsonObject &arguments, const ToolContext &context) const override;

private:
    Clock m_clock;
};

} // namespace Tandem
