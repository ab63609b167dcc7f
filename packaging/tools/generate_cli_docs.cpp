// Writes the man page and the bash completion of `tandem` from what the built executable itself says in --help,
// so both list exactly the commands and options that exist:
//   tandem_cli_docs <tandem> <tandem.1.in> <completion.in> <out tandem.1> <out completion> <date>
// The templates hold the fixed text; @PLACEHOLDERS@ are filled here (see packaging/README.md).
#include <QCoreApplication>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace {

struct Entry
{
    QString name; ///< a command ("show") or an option's spellings ("-o, --output")
    QString argument; ///< "ID", "path"; empty if none
    QString text;
    QStringList usage; ///< a command's forms, from its own help ("tandem show ID"); empty for an option
};

struct Help
{
    QString description;
    QList<Entry> commands;
    QList<Entry> options;
    QString exitCodes;
};

bool fail(const QString &message)
{
    std::fprintf(stderr, "tandem_cli_docs: %s\n", qPrintable(message));
    return false;
}

/// The help text in English whatever the builder's language and settings: a clean HOME, the C locale.
bool outputOf(const QString &tandem, const QStringList &arguments, QString *text)
{
    QTemporaryDir home;
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const char *name : { "LANGUAGE", "LC_MESSAGES", "DISPLAY", "WAYLAND_DISPLAY" })
        environment.remove(QString::fromLatin1(name));
    environment.insert(u"LC_ALL"_s, u"C"_s);
    environment.insert(u"LANG"_s, u"C"_s);
    environment.insert(u"HOME"_s, home.path());
    environment.insert(u"XDG_CONFIG_HOME"_s, home.path() + u"/.config"_s);
    environment.insert(u"XDG_DATA_HOME"_s, home.path() + u"/.local/share"_s);
    environment.insert(u"COLUMNS"_s, u"80"_s);
    process.setProcessEnvironment(environment);
    process.start(tandem, arguments);
    if (!process.waitForFinished(60000) || process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0)
        return fail(u"%1 %2 failed: %3"_s.arg(
            tandem, arguments.join(u' '), QString::fromLocal8Bit(process.readAllStandardError())));
    *text = QString::fromUtf8(process.readAllStandardOutput());
    return true;
}

/// The "Options:" block of QCommandLineParser's help; continuation lines are joined to their option.
QList<Entry> parseOptions(const QString &help)
{
    static const QRegularExpression optionLine(uR"(^  ((?:-[\w?], )?--?[\w-]+)(?: <([^>]+)>)?\s+(.*)$)"_s);
    QList<Entry> options;
    bool inOptions = false;
    const QStringList lines = help.split(u'\n');
    for (const QString &line : lines) {
        if (line == u"Options:") {
            inOptions = true;
            continue;
        }
        if (!inOptions)
            continue;
        if (!line.startsWith(u"  "_s))
            break;
        const QRegularExpressionMatch match = optionLine.match(line);
        if (match.hasMatch())
            options.append({ match.captured(1), match.captured(2), match.captured(3).trimmed(), {} });
        else if (!options.isEmpty())
            options.last().text += u' ' + line.trimmed();
    }
    return options;
}

/// The "Commands:" block of the description: "  name [ARG]   what it does".
QList<Entry> parseCommands(const QString &help)
{
    static const QRegularExpression commandLine(uR"(^  ([a-z][\w-]*)(?: ([A-Z][A-Z_]*))?\s+(.*)$)"_s);
    QList<Entry> commands;
    bool inCommands = false;
    const QStringList lines = help.split(u'\n');
    for (const QString &line : lines) {
        if (line == u"Commands:") {
            inCommands = true;
            continue;
        }
        if (!inCommands)
            continue;
        const QRegularExpressionMatch match = commandLine.match(line);
        if (!match.hasMatch())
            break;
        commands.append({ match.captured(1), match.captured(2), match.captured(3).trimmed(), {} });
    }
    return commands;
}

QString lineStarting(const QString &help, QStringView start)
{
    const QStringList lines = help.split(u'\n');
    for (const QString &line : lines)
        if (line.startsWith(start))
            return line.mid(start.size()).trimmed();
    return {};
}

/// Text for roff: backslashes and hyphens escaped, no line starting with a control character.
QString roff(QString text)
{
    text.replace(u'\\', u"\\e"_s);
    text.replace(u'-', u"\\-"_s);
    if (text.startsWith(u'.') || text.startsWith(u'\''))
        text.prepend(u"\\&"_s);
    return text;
}

QString manEntries(const QList<Entry> &entries)
{
    QString out;
    for (const Entry &entry : entries) {
        out += u".TP\n"_s;
        QStringList spellings = entry.name.split(u", "_s);
        for (QString &spelling : spellings)
            spelling = u"\\fB"_s + roff(spelling) + u"\\fR"_s;
        out += spellings.join(u", "_s);
        if (!entry.argument.isEmpty())
            out += u" \\fI"_s + roff(entry.argument) + u"\\fR"_s;
        out += u'\n' + roff(entry.text) + u'\n';
        for (const QString &form : entry.usage)
            out += u".br\n\\fB"_s + roff(form) + u"\\fR\n"_s;
    }
    return out;
}

/// The forms of a command from the "Usage:" lines of its own help (`tandem help show`).
QStringList usageOf(const QString &help)
{
    QStringList forms;
    const QStringList lines = help.split(u'\n');
    for (const QString &line : lines) {
        if (line.startsWith(u"Usage: "_s))
            forms << line.mid(7).trimmed();
        else if (!forms.isEmpty() && line.startsWith(u"       "_s))
            forms << line.trimmed();
        else if (!forms.isEmpty())
            break;
    }
    return forms;
}

/// "Exit codes: 0 success, 1 storage error (a, b), 2 ..." as one .TP entry per code.
QString manExitCodes(QString sentence)
{
    if (sentence.endsWith(u'.'))
        sentence.chop(1);
    static const QRegularExpression separator(u", (?=\\d+ )"_s);
    QList<Entry> codes;
    const QStringList parts = sentence.split(separator);
    for (const QString &part : parts) {
        const qsizetype space = part.indexOf(u' ');
        codes.append({ part.left(space), {}, part.mid(space + 1), {} });
    }
    return manEntries(codes);
}

QString fill(QString text, const QList<std::pair<QString, QString>> &values)
{
    // The template ends each placeholder's line itself.
    for (const auto &[name, value] : values)
        text.replace(u'@' + name + u'@', value.endsWith(u'\n') ? value.chopped(1) : value);
    return text;
}

bool readFile(const QString &path, QString *text)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return fail(u"cannot read %1: %2"_s.arg(path, file.errorString()));
    *text = QString::fromUtf8(file.readAll());
    return true;
}

bool writeFile(const QString &path, const QString &text)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(text.toUtf8()) < 0)
        return fail(u"cannot write %1: %2"_s.arg(path, file.errorString()));
    return true;
}

QStringList optionWords(const QList<Entry> &options, bool withArgumentOnly)
{
    QStringList words;
    for (const Entry &option : options)
        if (!withArgumentOnly || !option.argument.isEmpty())
            words += option.name.split(u", "_s);
    return words;
}

bool run(const QStringList &args)
{
    QString windowHelp;
    if (!outputOf(args.at(1), { u"--help"_s }, &windowHelp))
        return false;
    // "Headless commands: tandem run|conversations|... --help": each prints its own help, `tandem help` all of them.
    if (lineStarting(windowHelp, u"Headless commands:").isEmpty())
        return fail(u"`tandem --help` names no headless command"_s);
    QString commandHelp;
    if (!outputOf(args.at(1), { u"help"_s }, &commandHelp))
        return false;

    Help help;
    help.description = commandHelp.section(u'\n', 1, 1).trimmed();
    help.commands = parseCommands(commandHelp);
    help.options = parseOptions(commandHelp);
    help.exitCodes = lineStarting(commandHelp, u"Exit codes:");
    for (Entry &command : help.commands) {
        QString own;
        if (!outputOf(args.at(1), { u"help"_s, command.name }, &own))
            return false;
        command.usage = usageOf(own);
        if (command.usage.isEmpty())
            return fail(u"`tandem help %1` prints no usage"_s.arg(command.name));
    }
    const QList<Entry> windowOptions = parseOptions(windowHelp);
    if (help.commands.isEmpty() || help.options.isEmpty() || windowOptions.isEmpty() || help.exitCodes.isEmpty())
        return fail(u"the help text has changed its shape: no commands, options or exit codes found"_s);
    // The window's options, with their window-specific wording (--data-dir names the environment variable).
    QList<Entry> options = windowOptions;
    for (const Entry &option : std::as_const(help.options)) {
        bool known = false;
        for (const Entry &have : std::as_const(options))
            known = known || have.name == option.name;
        if (!known)
            options.append(option);
    }

    QString manTemplate;
    QString completionTemplate;
    if (!readFile(args.at(2), &manTemplate) || !readFile(args.at(3), &completionTemplate))
        return false;
    QStringList commandNames;
    for (const Entry &entry : std::as_const(help.commands))
        commandNames << entry.name;
    QString version;
    if (!outputOf(args.at(1), { u"--version"_s }, &version))
        return false;
    const QString man = fill(manTemplate,
        { { u"DATE"_s, args.at(6) }, { u"VERSION"_s, version.section(u' ', 1).trimmed() },
            { u"DESCRIPTION"_s, roff(help.description) }, { u"COMMANDS"_s, manEntries(help.commands) },
            { u"OPTIONS"_s, manEntries(options) }, { u"EXIT_STATUS"_s, manExitCodes(help.exitCodes) } });
    const QString completion = fill(completionTemplate,
        { { u"COMMANDS"_s, commandNames.join(u' ') }, { u"OPTIONS"_s, optionWords(options, false).join(u' ') },
            { u"VALUE_OPTIONS"_s, optionWords(options, true).join(u'|') } });
    return writeFile(args.at(4), man) && writeFile(args.at(5), completion);
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    if (args.size() != 7) {
        std::fprintf(stderr,
            "usage: tandem_cli_docs <tandem> <tandem.1.in> <completion.in> <out tandem.1> <out completion> <date>\n");
        return 2;
    }
    return run(args) ? 0 : 1;
}
