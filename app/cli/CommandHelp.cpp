// CommandHelp says, per command, which of the command line's options it reads and how it is called; the options'
// texts stay in one place (CliCommands::options()), so a command's help and `tandem help` never disagree.
#include "CommandHelp.h"

#include "cli/CliCommands.h"
#include "cli/GuardrailOptions.h"

#include <optional>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

struct Page
{
    QString usage; ///< after "Usage: "; more than one line for commands with several forms
    QString summary;
    QStringList options; ///< the options' first names, in the order shown
    QStringList examples; ///< command lines, shown as they are
};

QStringList turnOptions()
{
    QStringList names { u"mode"_s, u"provider"_s, u"model"_s, u"protocol"_s, u"conversation"_s, u"agent"_s, u"var"_s,
        u"workspace"_s, u"allow-tool"_s, u"wait"_s };
    const QList<QCommandLineOption> guardrails = GuardrailOptions::options();
    for (const QCommandLineOption &option : guardrails)
        names << option.names().constFirst();
    return names;
}

std::optional<Page> page(const QString &command)
{
    const QString url = u"http://127.0.0.1:11434/v1"_s;
    if (command == u"run")
        return Page { CommandHelp::tr("tandem run --provider PROFILE|URL [options] \"message\""),
            CommandHelp::tr("Sends one message and streams the answer, with its dividers and tool calls, to standard "
                            "output; the turn is stored as the window stores it. Without --conversation a new "
                            "conversation is started and its id printed first. A tool that needs approval is asked "
                            "about on the terminal; in a script, --allow-tool lets it run."),
            turnOptions(),
            { u"tandem run --provider %1 --model llama3.2 \"Shorten this text: ...\""_s.arg(url),
                u"tandem run --mode dual --provider %1 --conversation 3 \"And on Sunday?\""_s.arg(url),
                u"tandem run --workspace ~/notes --allow-tool write_file --provider %1 \"Save a summary as notes.md\""_s
                    .arg(url) } };
    if (command == u"chat")
        return Page { CommandHelp::tr("tandem chat --provider PROFILE|URL [options]"),
            CommandHelp::tr("One conversation from standard input, a message a line, each answered in turn (the "
                            "options of run). On a terminal, with a prompt: Ctrl+C stops a reply, Ctrl+D ends the "
                            "chat. Piped, as a batch that stops at the first turn that fails, with its exit code."),
            turnOptions(),
            { u"tandem chat --mode router --provider %1"_s.arg(url),
                u"printf 'Hello\\nAnd then?\\n' | tandem chat --provider %1"_s.arg(url) } };
    if (command == u"conversations")
        return Page { CommandHelp::tr("tandem conversations"),
            CommandHelp::tr("Lists the stored conversations, one a line: id, mode, last activity and title, separated "
                            "by tabs."),
            {}, { u"tandem conversations"_s, u"tandem conversations | cut -f1"_s } };
    if (command == u"show")
        return Page { CommandHelp::tr("tandem show ID"),
            CommandHelp::tr("Prints one conversation with its dividers, tool calls and errors."), {},
            { u"tandem show 3"_s } };
    if (command == u"export")
        return Page { CommandHelp::tr("tandem export --conversation ID [--conversation ID …] | --all "
                                      "[--format md|json|html|pdf|txt] -o PATH"),
            CommandHelp::tr("Writes conversations to a file, or to a folder with one file per conversation. Without "
                            "--format, the suffix of the path decides. New files are readable by their owner only, "
                            "like the database."),
            { u"conversation"_s, u"all"_s, u"format"_s, u"output"_s },
            { u"tandem export --all --format json -o backup.json"_s,
                u"tandem export --conversation 3 --format pdf -o ~/Documents/"_s } };
    if (command == u"import")
        return Page { CommandHelp::tr("tandem import FILE"),
            CommandHelp::tr("Adds the conversations of a Tandem JSON export as new ones and prints their new ids."), {},
            { u"tandem import backup.json"_s } };
    if (command == u"handoffs")
        return Page { CommandHelp::tr("tandem handoffs --conversation ID [--json]\n"
                                      "       tandem handoffs --stale MINUTES [--json]"),
            CommandHelp::tr("Prints a conversation's handoff board, or the handoffs of every conversation left "
                            "pending for longer than MINUTES. --json prints seed 002's shapes (a conversation's id "
                            "is the storyId)."),
            { u"conversation"_s, u"stale"_s, u"json"_s },
            { u"tandem handoffs --conversation 9 --json"_s, u"tandem handoffs --stale 30"_s } };
    if (command == u"handoff")
        return Page { CommandHelp::tr("tandem handoff create --conversation ID --from AGENT --to AGENT [--payload "
                                      "JSON] [--reason TEXT]\n"
                                      "       tandem handoff accept ID | reject ID --reason TEXT | timeout ID\n"
                                      "       tandem handoff cleanup --conversation ID"),
            CommandHelp::tr("Acts on the handoff board as seed 002's outside agents do, and prints the handoff it "
                            "made or changed. A transition outside the table, an unknown id or a handoff that is not "
                            "pending is refused."),
            { u"conversation"_s, u"from"_s, u"to"_s, u"payload"_s, u"reason"_s, u"json"_s },
            { u"tandem handoff create --conversation 9 --from analyst --to implementer"_s,
                u"tandem handoff reject 2 --reason \"Tests first\""_s } };
    if (command == u"serve")
        return Page { CommandHelp::tr("tandem serve [--port N] [--print-token]"),
            CommandHelp::tr("Runs the local API (the handoff board over HTTP on 127.0.0.1, with a bearer token) until "
                            "Ctrl+C, and prints its address."),
            { u"port"_s, u"print-token"_s }, { u"tandem serve --print-token"_s, u"tandem serve --port 8765"_s } };
    if (command == u"agents")
        return Page { CommandHelp::tr("tandem agents export-prompts DIR [--conversation ID] [--port N]"),
            CommandHelp::tr("Writes the pipeline's agent files into DIR with DASHBOARD_URL, STORY_ID and BRANCH filled "
                            "in, for an outside agent to read."),
            { u"conversation"_s, u"port"_s }, { u"tandem agents export-prompts agents --conversation 9"_s } };
    if (command == u"metrics")
        return Page { CommandHelp::tr("tandem metrics [--conversation ID] [--json]"),
            CommandHelp::tr("Prints router mode's figures per agent and in total: turns, model calls, handoffs, "
                            "rejections, tokens, latency, and every routing decision."),
            { u"conversation"_s, u"json"_s }, { u"tandem metrics"_s, u"tandem metrics --conversation 4 --json"_s } };
    if (command == u"eval-routing")
        return Page { CommandHelp::tr("tandem eval-routing CASES.jsonl [--provider PROFILE|URL] [--min-accuracy X]"),
            CommandHelp::tr("Classifies each case of a JSONL file ({\"message\": …, \"expected\": …} a line) as "
                            "router mode would, and prints the accuracy, a confusion table and the cases routed "
                            "wrong."),
            { u"provider"_s, u"model"_s, u"protocol"_s, u"min-accuracy"_s },
            { u"tandem eval-routing tests/data/routing/cases.jsonl --provider %1 --min-accuracy 0.8"_s.arg(url) } };
    if (command == u"help")
        return Page { CommandHelp::tr("tandem help [COMMAND]"),
            CommandHelp::tr("Without a command, every command and option; with one, that command's help (as "
                            "tandem COMMAND --help)."),
            {}, { u"tandem help"_s, u"tandem help run"_s } };
    return std::nullopt;
}

const QCommandLineOption *find(const QList<QCommandLineOption> &options, const QString &name)
{
    for (const QCommandLineOption &option : options)
        if (option.names().contains(name))
            return &option;
    return nullptr;
}

/// @p text wrapped at @p width, every line after the first indented by @p indent.
QString wrapped(const QString &text, qsizetype indent, qsizetype width)
{
    QString out;
    qsizetype column = indent;
    const QStringList words = text.split(u' ', Qt::SkipEmptyParts);
    for (const QString &word : words) {
        if (column > indent && column + 1 + word.size() > width) {
            out += u'\n' + QString(indent, u' ');
            column = indent;
        } else if (column > indent) {
            out += u' ';
            ++column;
        }
        out += word;
        column += word.size();
    }
    return out;
}

} // namespace

QString CommandHelp::optionLines(const QList<QCommandLineOption> &options, int width)
{
    QStringList lefts;
    qsizetype column = 0;
    for (const QCommandLineOption &option : options) {
        QStringList names;
        for (const QString &name : option.names())
            names << (name.size() == 1 ? u"-"_s : u"--"_s) + name;
        QString left = u"  "_s + names.join(u", "_s);
        if (!option.valueName().isEmpty())
            left += u" <"_s + option.valueName() + u'>';
        column = qMax(column, left.size() + 2);
        lefts << left;
    }
    column = qMin<qsizetype>(column, width / 2);
    QString out;
    for (qsizetype i = 0; i < options.size(); ++i) {
        const QString &left = lefts.at(i);
        out += left;
        if (left.size() + 2 > column)
            out += u'\n' + QString(column, u' ');
        else
            out += QString(column - left.size(), u' ');
        out += wrapped(options.at(i).description(), column, width) + u'\n';
    }
    return out;
}

QString CommandHelp::text(const QString &command, const QList<QCommandLineOption> &options)
{
    const std::optional<Page> help = page(command);
    if (!help)
        return {};
    QList<QCommandLineOption> own;
    for (const QString &name : help->options + QStringList { u"data-dir"_s, u"verbose"_s })
        if (const QCommandLineOption *option = find(options, name))
            own << *option;
    own << QCommandLineOption({ u"h"_s, u"help"_s }, tr("Prints this help."));
    QString out = tr("Usage: %1").arg(help->usage) + u"\n\n"_s + wrapped(help->summary, 0, 80) + u"\n\n"_s
        + tr("Options:") + u'\n' + optionLines(own) + u'\n' + tr("Examples:") + u'\n';
    for (const QString &example : help->examples)
        out += u"  "_s + example + u'\n';
    out += u'\n' + wrapped(CliCommands::exitCodesHelp(), 0, 80) + u'\n' + tr("Every command and option: tandem help")
        + u'\n';
    return out;
}

} // namespace Tandem
