#include "ToolCatalog.h"

#include "domain/Logging.h"
#include "tools/BuiltinTools.h"
#include "tools/HistoryTools.h"

#include <algorithm>

namespace Tandem {

ToolCatalog::ToolCatalog(QObject *parent)
    : QObject(parent)
{ }

ToolCatalog::~ToolCatalog() = default;

std::unique_ptr<ToolCatalog> ToolCatalog::withBuiltins(QObject *parent)
{
    auto catalog = std::make_unique<ToolCatalog>(parent);
    catalog->addProvider(std::make_unique<BuiltinTools>());
    catalog->addProvider(std::make_unique<HistoryTools>());
    return catalog;
}

bool ToolCatalog::addProvider(std::unique_ptr<ToolProvider> provider)
{
    if (!provider || providers().contains(provider->name())) {
        qCWarning(lcAgents) << "Refused a tool provider without a name of its own";
        return false;
    }
    m_providers.push_back(std::move(provider));
    refresh();
    return true;
}

bool ToolCatalog::removeProvider(const QString &name)
{
    const auto found = std::find_if(m_providers.begin(), m_providers.end(),
        [&name](const std::unique_ptr<ToolProvider> &provider) { return provider->name() == name; });
    if (found == m_providers.end())
        return false;
    // The registry lets go of the provider's tools before they are destroyed.
    std::unique_ptr<ToolProvider> removed = std::move(*found);
    m_providers.erase(found);
    refresh();
    return true;
}

QStringList ToolCatalog::providers() const
{
    QStringList names;
    for (const std::unique_ptr<ToolProvider> &provider : m_providers)
        names << provider->name();
    return names;
}

void ToolCatalog::refresh()
{
    ToolRegistry registry;
    for (const std::unique_ptr<ToolProvider> &provider : m_providers) {
        const QList<const Tool *> tools = provider->tools();
        for (const Tool *tool : tools)
            registry.addTool(tool);
    }
    m_registry = std::move(registry);
    Q_EMIT toolsChanged();
}

} // namespace Tandem
