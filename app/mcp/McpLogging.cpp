#include "McpLogging.h"

Q_LOGGING_CATEGORY(lcMcp, "tandem.mcp")
