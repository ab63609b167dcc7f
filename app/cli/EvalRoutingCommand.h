#pragma once

#include "cli/Command.h"

#include <QCoreApplication>

class QCommandLineParser;

namespace Tandem {

/// @brief `tandem eval-routing CASES.jsonl [--provider P] [--min-accuracy X]` (the router's classification tested on
/// known cases): each case's message goes through router mode's classification on the configured provider (or
/// --provider); prints the accuracy, the confusion table and the cases routed wrong, and exits non-zero below
/// --min-accuracy.
///
/// A case is one JSON object per line: `{"message": "Create task to review code by Friday", "expected": "task"}`.
class EvalRoutingCommand final : public Command
{
    Q_DECLARE_TR_FUNCTIONS(EvalRoutingCommand)

public:
    QString name() const override;
    QString description() const override;
    CommandPage page() const override;
    int execute(const QCommandLineParser &parser, AppContext &context) override;
};

} // namespace Tandem
