#pragma once

#include "tools/GitTool.h"

#include <QStringView>

namespace Tandem {

/// @brief The `git_status` tool: `git status --porcelain=v1 --branch` in the workspace.
class GitStatusTool final : public GitTool
{
public:
    static constexpr QStringView kName = u"git_status";

    ToolDefinition definition() const override;

protected:
    QStringList gitArguments(const QJsonObject &arguments, QString *problem) const override;
};

} // namespace Tandem
