#pragma once

#include "tools/Tool.h"

#include <QCoreApplication>
#include <QStringView>

namespace Tandem {

/// @brief The `get_stale_tasks` tool (the router's tracking agent): open tasks untouched for days, or overdue.
class GetStaleTasksTool final : public Tool
{
    Q_DECLARE_TR_FUNCTIONS(GetStaleTasksTool)

public:
    static constexpr QStringView kName = u"get_stale_tasks";

    ToolDefinition definition() const override;
    ToolResult run(const QJsonObject &arguments, const ToolContext &context) const override;
};

} // namespace Tandem
