#pragma once

#include "tools/Tool.h"

#include <QCoreApplication>
#include <QStringView>

namespace Tandem {

/// @brief The `git_commit` tool: stages the given files of the workspace (all its changes when none are given) and
/// commits them with the model's message, both steps in the sandbox.
///
/// The author is the person's git identity (user.name and user.email as git reads them in the workspace), passed
/// in: the sandbox does not show the home folder and its ~/.gitconfig.
class GitCommitTool final : public Tool
{
    Q_DECLARE_TR_FUNCTIONS(GitCommitTool)

public:
    static constexpr QStringView kName = u"git_commit";

    ToolDefinition definition() const override;
    /// @brief Fails at once: git runs as a job (start()).
    ToolResult run(const QJsonObject &arguments, const ToolContext &context) const override;
    ToolJob *start(const QJsonObject &arguments, const ToolContext &context) const override;
};

} // namespace Tandem
