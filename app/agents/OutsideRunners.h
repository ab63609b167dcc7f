#pragma once

#include "domain/OutsideRunner.h"

#include <QString>

namespace Tandem {

/// @brief Which agents are outside programs (`runner: command`), read from their files.
///
/// The roster in SQLite has no room for a command line, and needs none: the file is the agent's definition, so the
/// runner is read from it when work is handed over (AgentCatalog: the person's file of that id, else the shipped one).
/// What was read is kept until the folder's *.md files change (added, removed, renamed, or written: their names,
/// sizes and times of change are compared on each call).
namespace OutsideRunners {

/// @brief The runner the file of @p agentId in @p agentsFolder (or the shipped one) declares; empty if none or the
/// agent is run by Tandem's model calls.
OutsideRunner of(const QString &agentsFolder, const QString &agentId);

} // namespace OutsideRunners

} // namespace Tandem
