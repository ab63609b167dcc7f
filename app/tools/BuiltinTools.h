#pragma once

#include "tools/ToolProvider.h"
#include "tools/ToolRegistry.h"

namespace Tandem {

/// @brief The tools Tandem ships (ToolRegistry::withBuiltins()), as a provider of the catalog.
class BuiltinTools final : public ToolProvider
{
public:
    BuiltinTools();

    static constexpr QStringView kName = u"builtin";

    QString name() const override { return kName.toString(); }
    QList<const Tool *> tools() const override { return m_tools.tools(); }

private:
    ToolRegistry m_tools;
};

} // namespace Tandem
