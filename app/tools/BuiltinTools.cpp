#include "BuiltinTools.h"

namespace Tandem {

BuiltinTools::BuiltinTools()
    : m_tools(ToolRegistry::withBuiltins())
{ }

} // namespace Tandem
