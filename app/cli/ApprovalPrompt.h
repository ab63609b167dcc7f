#pragma once

#include "domain/ApprovalRequest.h"

#include <QCoreApplication>
#include <QString>

#include <optional>

namespace Tandem {

class TurnRunner;

/// @brief The question a headless turn asks on the terminal when a tool needs the person's approval: "Allow NAME
/// with ARGS? [y]es once / [a]lways for this conversation / [n]o", on standard error, the answer read from standard
/// input. The arguments are shown up to a bounded length, with the size of the whole.
class ApprovalPrompt
{
    Q_DECLARE_TR_FUNCTIONS(ApprovalPrompt)

public:
    /// @brief True if there is a person to ask: standard input and standard error are both a terminal.
    static bool available();
    /// @brief Asks about @p request until it is answered. Nothing when the input ends (Ctrl+D) or @p turn is
    /// interrupted by a signal while waiting.
    static std::optional<ApprovalDecision> ask(const ApprovalRequest &request, TurnRunner &turn);
    /// @brief The decision an answer names ("y", "yes", "a", "always", "n", "no", and the Russian "д", "да", "в",
    /// "всегда", "н", "нет", in any case); nothing for anything else.
    static std::optional<ApprovalDecision> decisionOf(const QString &answer);
    /// @brief @p arguments as the question shows them: at most @p limit characters, then how long the whole is.
    static QString preview(const QString &arguments, qsizetype limit = 400);
};

} // namespace Tandem
