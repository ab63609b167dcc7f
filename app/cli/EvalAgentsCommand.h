#pragma once

#include "cli/Command.h"

#include <QCoreApplication>

class QCommandLineParser;

namespace Tandem {

/// @brief `tandem eval-agents CASES.jsonl [--agent ID|--router] [--provider P] [--min-pass N]` (seed 004, phase 4:
/// each agent tested on its own): runs each case (AgentCase) for real, each in a database of its own
/// (AgentCaseRunner), through the orchestrator or straight to one agent; prints a table of the cases with what failed,
/// and exits with 7 when fewer than --min-pass passed.
class EvalAgentsCommand final : public Command
{
    Q_DECLARE_TR_FUNCTIONS(EvalAgentsCommand)

public:
    QString name() const override;
    QString description() const override;
    CommandPage page() const override;
    int execute(const QCommandLineParser &parser, AppContext &context) override;
};

} // namespace Tandem
