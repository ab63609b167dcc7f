#include "ShowCommand.h"

#include "chat/LocalChatRepository.h"
#include "cli/BranchPrinter.h"
#include "cli/CliCommands.h"
#include "cli/CliOutput.h"
#include "cli/CommandHelp.h"
#include "cli/TerminalStream.h"
#include "composition/AppContext.h"
#include "storage/Database.h"

#include <QCommandLineParser>
#include <QHash>

#include <limits>

using namespace Qt::StringLiterals;

namespace Tandem {

QString ShowCommand::name() const
{
    return u"show"_s;
}

QString ShowCommand::synopsis() const
{
    return u"show ID"_s;
}

QString ShowCommand::description() const
{
    return CliCommands::tr("print one conversation with its dividers");
}

int ShowCommand::execute(const QCommandLineParser &parser, AppContext &context)
{
    LocalChatRepository &repository = storedRepository(parser, context);
    const QStringList positional = parser.positionalArguments();
    if (positional.size() < 2) {
        CliOutput::err() << CliCommands::tr("Usage: tandem show ID") << '\n';
        return CliCommands::UsageError;
    }
    const QString idText = positional.at(1);
    bool ok = false;
    const qint64 id = idText.toLongLong(&ok);
    const std::optional<Conversation> conversation = ok ? repository.conversation(id) : std::nullopt;
    if (!conversation) {
        CliOutput::err() << CliCommands::tr("There is no conversation %1.").arg(idText) << '\n';
        return CliCommands::UsageError;
    }
    // A branch that is not there is refused before anything is printed.
    std::optional<QList<Message>> rows;
    if (parser.isSet(u"branch"_s)) {
        rows = BranchPrinter::branch(context.database().work(), id, parser.value(u"branch"_s));
        if (!rows) {
            CliOutput::err() << CliCommands::tr("Conversation %1 has no branch %2 (see tandem show %1 --tree).")
                                    .arg(idText, parser.value(u"branch"_s))
                             << '\n';
            return CliCommands::UsageError;
        }
    }
    TerminalStream &out = CliOutput::out();
    const QHash<QString, QString> names = CliOutput::agentNames(context.database().work());
    out << "# " << conversation->title << " (" << Conversation::modeName(conversation->mode) << ")\n";
    if (parser.isSet(u"tree"_s)) {
        BranchPrinter::printTree(context.database().work(), id, names, out);
        out.flush();
        return CliCommands::Success;
    }
    if (!rows)
        rows = repository.messages(id, 0, std::numeric_limits<int>::max());
    QHash<qint64, Handoff> handoffs;
    for (const Handoff &handoff : repository.handoffs(id))
        handoffs.insert(handoff.id, handoff);
    for (const Message &row : std::as_const(*rows)) {
        const auto handoff = handoffs.constFind(row.handoffId);
        out << CliOutput::formatRow(row, names, handoff == handoffs.cend() ? nullptr : &handoff.value()) << '\n';
    }
    out.flush();
    return CliCommands::Success;
}

CommandPage ShowCommand::page() const
{
    return CommandPage { CommandHelp::tr("tandem show ID"),
        CommandHelp::tr("Prints one conversation with its dividers, tool calls and errors: its current branch, or "
                        "the one --branch names; --tree prints every branch."),
        { u"branch"_s, u"tree"_s }, { u"tandem show 3"_s } };
}

} // namespace Tandem
