#pragma once

#include "tools/GitTool.h"

#include <QStringView>

namespace Tandem {

/// @brief The `git_diff` tool: the workspace's changes (`git diff`, `--staged`, or since a `base` commit or branch),
/// optionally of some paths only.
class GitDiffTool final : public GitTool
{
    Q_DECLARE_TR_FUNCTIONS(GitDiffTool)

public:
    static constexpr QStringView kName = u"git_diff";

    ToolDefinition definition() const override;

protected:
    QStringList gitArguments(const QJsonObject &arguments, QString *problem) const override;
};

} // namespace Tandem
