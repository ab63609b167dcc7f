#pragma once

#include <QList>
#include <QString>

namespace Tandem {

class Tool;

/// @brief A source of tools for the ToolCatalog: the built-in tools now (BuiltinTools), an MCP server's next. The
/// provider owns its tools; they stay alive as long as it does. One whose tools change (a server that reconnects) asks
/// its catalog to refresh().
class ToolProvider
{
public:
    ToolProvider() = default;
    virtual ~ToolProvider();
    Q_DISABLE_COPY_MOVE(ToolProvider)

    /// @brief Its stable name: "builtin"; later "mcp:<server>".
    virtual QString name() const = 0;
    /// @brief The tools it offers now, in a stable order.
    virtual QList<const Tool *> tools() const = 0;
};

} // namespace Tandem
