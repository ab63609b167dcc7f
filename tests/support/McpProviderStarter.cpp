#include "McpProviderStarter.h"

#include "tools/Tool.h"

#include <QSignalSpy>

namespace Tandem::Test {

std::unique_ptr<McpToolProvider> McpProviderStarter::start(std::unique_ptr<McpToolProvider> provider)
{
    QSignalSpy started(provider.get(), &McpToolProvider::started);
    provider->ensureStarted();
    if (!started.wait(kStartMs))
        return nullptr;
    return provider;
}

const Tool *McpProviderStarter::findTool(const McpToolProvider &provider, const QString &name)
{
    for (const Tool *tool : provider.tools())
        if (tool->definition().name == name)
            return tool;
    return nullptr;
}

} // namespace Tandem::Test
