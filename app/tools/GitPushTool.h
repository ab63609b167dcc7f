#pragma once

#include "tools/GitTool.h"

#include <QStringView>

namespace Tandem {

/// @brief The `git_push` tool (critical, with the network): pushes the current branch. The person approves every
/// push: no "always for this conversation", whatever the settings say.
class GitPushTool final : public GitTool
{
    Q_DECLARE_TR_FUNCTIONS(GitPushTool)

public:
    static constexpr QStringView kName = u"git_push";

    ToolDefinition definition() const override;
    bool isCritical() const override { return true; }
    bool allowsAlways() const override { return false; }

protected:
    QStringList gitArguments(const QJsonObject &arguments, QString *problem) const override;
    bool needsNetwork() const override { return true; }
};

} // namespace Tandem
