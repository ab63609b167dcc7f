// CommandHelp lays out a command's page (Command::page(): how it is called, which of the command line's options it
// reads); the options' texts stay in one place (CliCommands::options()), so a command's help and `tandem help` never
// disagree.
#include "CommandHelp.h"

#include "cli/CliCommands.h"
#include "cli/GuardrailOptions.h"

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

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

QString CommandHelp::exampleUrl()
{
    return u"http://127.0.0.1:11434/v1"_s;
}

QStringList CommandHelp::turnOptions()
{
    QStringList names { u"mode"_s, u"provider"_s, u"model"_s, u"protocol"_s, u"conversation"_s, u"story"_s, u"agent"_s,
        u"var"_s, u"workspace"_s, u"allow-tool"_s, u"wait"_s };
    const QList<QCommandLineOption> guardrails = GuardrailOptions::options();
    for (const QCommandLineOption &option : guardrails)
        names << option.names().constFirst();
    return names;
}

CommandPage CommandHelp::helpPage()
{
    return CommandPage { CommandHelp::tr("tandem help [COMMAND]"),
        CommandHelp::tr("Without a command, every command and option; with one, that command's help (as "
                        "tandem COMMAND --help)."),
        {}, { u"tandem help"_s, u"tandem help run"_s } };
}

QString CommandHelp::text(const CommandPage &page, const QList<QCommandLineOption> &options)
{
    QList<QCommandLineOption> own;
    for (const QString &name : page.options + QStringList { u"data-dir"_s, u"verbose"_s })
        if (const QCommandLineOption *option = find(options, name))
            own << *option;
    own << QCommandLineOption({ u"h"_s, u"help"_s }, tr("Prints this help."));
    QString out = tr("Usage: %1").arg(page.usage) + u"\n\n"_s + wrapped(page.summary, 0, 80) + u"\n\n"_s
        + tr("Options:") + u'\n' + optionLines(own) + u'\n' + tr("Examples:") + u'\n';
    for (const QString &example : page.examples)
        out += u"  "_s + example + u'\n';
    out += u'\n' + wrapped(CliCommands::exitCodesHelp(), 0, 80) + u'\n' + tr("Every command and option: tandem help")
        + u'\n';
    return out;
}

} // namespace Tandem
