#pragma once

#include "tools/Tool.h"

#include <QCoreApplication>
#include <QStringView>

namespace Tandem {

/// @brief The `delete_file` tool (critical): deletes one file of the workspace; folders are refused.
///
/// A symbolic link inside the workspace is deleted itself, never its target. Output:
/// `{"deleted":true,"path":"notes/a.txt"}`.
class DeleteFileTool final : public Tool
{
    Q_DECLARE_TR_FUNCTIONS(DeleteFileTool)

public:
    static constexpr QStringView kName = u"delete_file";

    ToolDefinition definition() const override;
    bool isCritical() const override { return true; }
    ToolResult run(const QJsonObject &arguments, const ToolContext &context) const override;
};

} // namespace Tandem
