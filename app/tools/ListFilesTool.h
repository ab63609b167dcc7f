#pragma once

#include "tools/Tool.h"

#include <QCoreApplication>
#include <QStringView>

namespace Tandem {

/// @brief The `list_files` tool: the entries of a folder of the workspace, optionally recursive.
///
/// Entries are sorted by name, a folder's contents right after it; each has `name`, `path` (relative to the
/// workspace, ready for read_file), `type` (file, directory or symlink) and, for files, `size` in bytes.
/// Symbolic links are listed, never followed; `.git` folders are listed but not entered. At most kMaxEntries
/// entries are returned; `truncated` says whether more exist.
class ListFilesTool final : public Tool
{
    Q_DECLARE_TR_FUNCTIONS(ListFilesTool)

public:
    static constexpr QStringView kName = u"list_files";
    static constexpr int kMaxEntries = 1000;

    ToolDefinition definition() const override;
    ToolResult run(const QJsonObject &arguments, const ToolContext &context) const override;
};

} // namespace Tandem
