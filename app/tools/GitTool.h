#pragma once

#include "tools/Tool.h"

#include <QCoreApplication>
#include <QStringList>

namespace Tandem {

/// @brief What the git tools share: git runs in the workspace's root through the sandbox (SandboxedCommand), like
/// run_command. A subclass says which git command its arguments make (gitArguments()).
class GitTool : public Tool
{
    Q_DECLARE_TR_FUNCTIONS(GitTool)

public:
    /// @brief Fails at once: git runs as a job (start()).
    ToolResult run(const QJsonObject &arguments, const ToolContext &context) const override;
    ToolJob *start(const QJsonObject &arguments, const ToolContext &context) const override;

protected:
    /// @brief git's arguments (after "git") for @p arguments, or a translated reason to refuse in @p problem.
    virtual QStringList gitArguments(const QJsonObject &arguments, QString *problem) const = 0;
    /// @brief True if git needs the network (git_push).
    virtual bool needsNetwork() const { return false; }
    /// @brief Parameters without any property.
    static QJsonObject noParameters();
};

} // namespace Tandem
