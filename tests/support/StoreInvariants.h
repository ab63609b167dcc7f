#pragma once

#include <QSqlDatabase>
#include <QStringList>

namespace Tandem::Test {

/// @brief What must hold in a database between runs, whatever failed or was stopped on the way: no half-written step.
///
/// The file passes `PRAGMA integrity_check`; no reply is still "streaming" and no run "running"; every handoff that was
/// carried out has its dividers (a signal: "handing over" and "accepted"; handoff_to: "transferred"); every divider of
/// a handoff names one that exists; every tool result answers a stored call; a completed run has an output for each
/// of its calls.
namespace StoreInvariants {

/// @brief The rules @p db breaks, one sentence each; empty when it is sound.
QStringList problems(QSqlDatabase db);

} // namespace StoreInvariants

} // namespace Tandem::Test
