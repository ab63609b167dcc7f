#pragma once

#include "mcp/McpToolProvider.h"

#include <QString>

#include <memory>

namespace Tandem {
class Tool;
}

namespace Tandem::Test {

/// @brief Starts an MCP server's tool provider in a test and finds its tools by name.
class McpProviderStarter final
{
public:
    /// @brief How long a reference server may take to start (node loads its packages first).
    static constexpr int kStartMs = 30'000;

    /// @brief Starts @p provider and waits until it has listed its tools; null if it did not within kStartMs.
    static std::unique_ptr<McpToolProvider> start(std::unique_ptr<McpToolProvider> provider);
    /// @brief The tool named @p name (as the catalog names it: `server__tool`) among @p provider's; null if none.
    static const Tool *findTool(const McpToolProvider &provider, const QString &name);
};

} // namespace Tandem::Test
