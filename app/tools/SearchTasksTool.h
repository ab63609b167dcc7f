#pragma once

#include "tools/Tool.h"

#include <QCoreApplication>
#include <QStringView>

namespace Tandem {

/// @brief The `search_tasks` tool: fuzzy search of the task list, a score per match.
class SearchTasksTool final : public Tool
{
    Q_DECLARE_TR_FUNCTIONS(SearchTasksTool)

public:
    static constexpr QStringView kName = u"search_tasks";

    ToolDefinition definition() const override;
    ToolResult run(const QJsonObject &arguments, const ToolContext &context) const override;
};

} // namespace Tandem
