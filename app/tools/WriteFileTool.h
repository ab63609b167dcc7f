#pragma once

#include "tools/Tool.h"

#include <QCoreApplication>
#include <QStringView>

namespace Tandem {

/// @brief The `write_file` tool (critical): writes UTF-8 text to a file of the workspace, replacing it.
///
/// Missing parent folders are created inside the workspace; the file is replaced atomically (QSaveFile), so a
/// failed write leaves the old content. Output: `{"bytes":12,"created":true,"path":"notes/a.txt"}`.
class WriteFileTool final : public Tool
{
    Q_DECLARE_TR_FUNCTIONS(WriteFileTool)

public:
    static constexpr QStringView kName = u"write_file";

    ToolDefinition definition() const override;
    bool isCritical() const override { return true; }
    ToolResult run(const QJsonObject &arguments, const ToolContext &context) const override;
};

} // namespace Tandem
