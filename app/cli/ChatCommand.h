#pragma once

#include "cli/Command.h"

#include <QCoreApplication>

class QCommandLineParser;

namespace Tandem {

class TurnRunner;

/// @brief `tandem chat` (the options of `tandem run`): one conversation driven from standard input, one message a
/// line, each answered in turn. On a terminal it is interactive: a prompt, the reply streamed, Ctrl+C stops the reply
/// and the prompt comes back (Ctrl+C at the prompt or Ctrl+D ends the chat). Piped, it is a batch: the lines are sent
/// one after the other, and the first turn that does not succeed ends it with its exit code.
class ChatCommand final : public Command
{
    Q_DECLARE_TR_FUNCTIONS(ChatCommand)

public:
    QString name() const override;
    QString description() const override;
    CommandPage page() const override;
    int execute(const QCommandLineParser &parser, AppContext &context) override;

private:
    static int converse(TurnRunner &turn, qint64 conversationId, bool interactive);
};

} // namespace Tandem
