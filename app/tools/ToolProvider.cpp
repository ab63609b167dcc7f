#include "ToolProvider.h"

namespace Tandem {

// Out of line so the vtable has one home.
ToolProvider::~ToolProvider() = default;

} // namespace Tandem
