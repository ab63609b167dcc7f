#include "HandedOverCommand.h"

#include "cli/CliCommands.h"
#include "cli/CliOutput.h"
#include "cli/CommandHelp.h"
#include "cli/Handover.h"
#include "cli/TerminalStream.h"

#include <QCoreApplication>

using namespace Qt::StringLiterals;

namespace Tandem {

HandedOverCommand::HandedOverCommand(Which which)
    : m_which(which)
{ }

QString HandedOverCommand::name() const
{
    return m_which == Export ? u"export"_s : u"import"_s;
}

QString HandedOverCommand::synopsis() const
{
    return m_which == Export ? u"export"_s : u"import FILE"_s;
}

QString HandedOverCommand::description() const
{
    return descriptionOf(m_which);
}

QString HandedOverCommand::descriptionOf(Which which)
{
    if (which == Export)
        return CliCommands::tr("write conversations to a file: --conversation ID|--all --format md|json|html|pdf|txt "
                               "-o PATH (a folder: one file per conversation)");
    return CliCommands::tr("add the conversations of a Tandem JSON export as new ones");
}

CommandPage HandedOverCommand::page() const
{
    return pageOf(m_which);
}

CommandPage HandedOverCommand::pageOf(Which which)
{
    if (which == Export)
        return CommandPage { CommandHelp::tr("tandem export --conversation ID [--conversation ID …] | --all "
                                             "[--format md|json|html|pdf|txt] -o PATH"),
            CommandHelp::tr("Writes conversations to a file, or to a folder with one file per conversation. Without "
                            "--format, the suffix of the path decides. New files are readable by their owner only, "
                            "like the database."),
            { u"conversation"_s, u"all"_s, u"format"_s, u"output"_s },
            { u"tandem export --all --format json -o backup.json"_s,
                u"tandem export --conversation 3 --format pdf -o ~/Documents/"_s } };
    return CommandPage { CommandHelp::tr("tandem import FILE"),
        CommandHelp::tr("Adds the conversations of a Tandem JSON export as new ones and prints their new ids."), {},
        { u"tandem import backup.json"_s } };
}

int HandedOverCommand::execute(const QCommandLineParser &parser, AppContext &context)
{
    Q_UNUSED(parser)
    Q_UNUSED(context)
    // Returns only if the full binary is missing.
    Handover::exec(Handover::kFullProgram, QCoreApplication::arguments());
    CliOutput::err() << CliCommands::tr("“%1” needs the full tandem executable, which is not installed beside "
                                        "tandem-cli.")
                            .arg(name())
                     << '\n';
    return CliCommands::UsageError;
}

} // namespace Tandem
