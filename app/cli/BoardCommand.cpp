#include "BoardCommand.h"

#include "cli/CliCommands.h"
#include "cli/CliOutput.h"
#include "cli/CommandHelp.h"
#include "cli/TerminalStream.h"
#include "composition/AppContext.h"
#include "storage/BoardUrl.h"
#include "storage/SecretStore.h"

#include <QCommandLineParser>
#include <QEventLoop>

#include <cstdio>
#include <iostream>
#include <string>
#include <termios.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

/// One line of standard input, with the terminal's echo off while it is typed.
QString readSecretLine()
{
    termios saved {};
    const bool terminal = ::isatty(STDIN_FILENO) && ::tcgetattr(STDIN_FILENO, &saved) == 0;
    if (terminal) {
        termios quiet = saved;
        quiet.c_lflag &= ~tcflag_t(ECHO);
        ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet);
    }
    std::string line;
    std::getline(std::cin, line);
    if (terminal) {
        ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved);
        CliOutput::err() << '\n';
    }
    if (!line.empty() && line.back() == '\r')
        line.pop_back();
    return QString::fromStdString(line);
}

int usageError(const QString &problem)
{
    CliOutput::err() << problem << '\n' << BoardCommand::tr("Usage: tandem board password URL") << '\n';
    return CliCommands::UsageError;
}

} // namespace

QString BoardCommand::name() const
{
    return u"board"_s;
}

QString BoardCommand::synopsis() const
{
    return u"board ACTION"_s;
}

QString BoardCommand::description() const
{
    return CliCommands::tr("password URL: store a team board's password in the keychain, read from standard input");
}

int BoardCommand::execute(const QCommandLineParser &parser, AppContext &context)
{
    const QStringList arguments = parser.positionalArguments();
    if (arguments.value(1) != u"password")
        return usageError(arguments.value(1).isEmpty()
                ? tr("Say what to do with the board: password.")
                : tr("Unknown action “%1”: use password.").arg(arguments.value(1)));
    QString problem;
    const std::optional<BoardUrl> url = BoardUrl::parse(arguments.value(2), &problem);
    if (!url)
        return usageError(problem);
    if (::isatty(STDIN_FILENO)) {
        CliOutput::err() << tr("Password for %1 (not shown; an empty one removes it): ").arg(url->display());
        CliOutput::err().flush();
    }
    const QString password = readSecretLine();

    SecretStore &secrets = context.secrets();
    SecretStore::Result result;
    QEventLoop loop;
    const auto done = [&](const SecretStore::Result &answer) {
        result = answer;
        loop.quit();
    };
    if (password.isEmpty())
        secrets.remove(url->secretKey(), done);
    else
        secrets.write(url->secretKey(), password, done);
    loop.exec();
    if (!result.ok()) {
        CliOutput::err() << tr("The keychain did not take the password: %1").arg(result.errorString) << '\n';
        return CliCommands::StorageError;
    }
    if (!secrets.isPersistent()) {
        CliOutput::err() << tr("There is no keychain: the password cannot be kept for tandem serve.") << '\n';
        return CliCommands::StorageError;
    }
    CliOutput::out() << (password.isEmpty() ? tr("The password of %1 was removed from the keychain.")
                                            : tr("The password of %1 is in the keychain."))
                            .arg(url->display())
                     << '\n';
    CliOutput::out().flush();
    return CliCommands::Success;
}

CommandPage BoardCommand::page() const
{
    return CommandPage { CommandHelp::tr("tandem board password URL"),
        CommandHelp::tr("Reads the password of the team board at URL (postgresql://USER@HOST/DATABASE) from standard "
                        "input, without showing it, and stores it in the keychain, where tandem serve --board URL "
                        "reads it. An empty line removes it. The URL itself must not carry a password."),
        {}, { u"tandem board password postgresql://tandem@db.example.com/board"_s } };
}

} // namespace Tandem
