#pragma once

#include <QLoggingCategory>

// The MCP client's own category (tandem.mcp), kept here so that the module adds nothing to domain/Logging.h.
Q_DECLARE_LOGGING_CATEGORY(lcMcp)
