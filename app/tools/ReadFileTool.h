#pragma once

#include "tools/Tool.h"

#include <QCoreApplication>
#include <QStringView>

namespace Tandem {

/// @brief The `read_file` tool: the text of one UTF-8 file of the workspace, up to kMaxBytes.
///
/// Output: `{"content":"…","path":"notes/a.txt","size":12}`. Larger files, folders and binary files (a NUL
/// byte, or not valid UTF-8) are refused with a message saying so.
class ReadFileTool final : public Tool
{
    Q_DECLARE_TR_FUNCTIONS(ReadFileTool)

public:
    static constexpr QStringView kName = u"read_file";
    static constexpr qint64 kMaxBytes = 256 * 1024;

    ToolDefinition definition() const override;
    ToolResult run(const QJsonObject &arguments, const ToolContext &context) const override;
};

} // namespace Tandem
