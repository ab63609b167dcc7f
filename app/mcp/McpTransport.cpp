#include "McpTransport.h"

namespace Tandem {

// Out of line so the vtable has one home.
McpTransport::~McpTransport() = default;

} // namespace Tandem
