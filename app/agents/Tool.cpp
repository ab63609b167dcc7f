#include "Tool.h"

namespace Tandem {

// Out of line so the vtable has one home.
Tool::~Tool() = default;

} // namespace Tandem
