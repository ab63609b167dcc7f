#pragma once

#include "tools/ToolProvider.h"
#include "tools/ToolRegistry.h"

namespace Tandem {

/// @brief The tools that read the conversation itself (read_history), as a provider of the catalog. Apart from the
/// built-in ones: an agent gets them when a handoff to it carries a reference to the history, not from the settings.
class HistoryTools final : public ToolProvider
{
public:
    HistoryTools();

    static constexpr QStringView kName = u"history";
    QString name() const override { return kName.toString(); }
    QList<const Tool *> tools() const override { return m_tools.tools(); }

private:
    ToolRegistry m_tools;
};

} // namespace Tandem
