#include "ServeCommand.h"

#include "api/LocalApi.h"
#include "chat/LocalChatRepository.h"
#include "cli/CliCommands.h"
#include "cli/CliOutput.h"
#include "cli/CommandHelp.h"
#include "cli/TerminalStream.h"
#include "cli/UnixSignals.h"
#include "composition/AppContext.h"
#include "storage/SecretStore.h"

#include <QCommandLineParser>
#include <QEventLoop>

#include <csignal>

using namespace Qt::StringLiterals;

namespace Tandem {

quint16 ServeCommand::portOption(const QCommandLineParser &parser, bool *ok)
{
    *ok = true;
    if (!parser.isSet(u"port"_s))
        return 0;
    const uint port = parser.value(u"port"_s).toUInt(ok);
    *ok = *ok && port <= 65535;
    return *ok ? quint16(port) : 0;
}

QString ServeCommand::name() const
{
    return u"serve"_s;
}

QString ServeCommand::description() const
{
    return CliCommands::tr("run the local API (the handoff board over HTTP on 127.0.0.1) until stopped: [--port N] "
                           "[--print-token]");
}

int ServeCommand::execute(const QCommandLineParser &parser, AppContext &context)
{
    LocalChatRepository &repository = storedRepository(parser, context);
    bool ok = false;
    quint16 port = portOption(parser, &ok);
    if (!ok) {
        CliOutput::err() << tr("--port needs a port number from 0 to 65535 (0: a free one).") << '\n';
        return CliCommands::UsageError;
    }
    if (!parser.isSet(u"port"_s))
        port = LocalApi::portInSettings(); // the window's port, so outside agents find the same address

    // Handoffs done by the window or another command show up here too, and stale ones time out while it serves.
    repository.watchForChangesElsewhere(1500);
    SecretStore &secrets = context.secrets();
    LocalApi api(repository, secrets, context.dataFolder());
    UnixSignals termination({ SIGINT, SIGTERM, SIGHUP });
    QEventLoop loop;
    int exitCode = CliCommands::Success;
    QObject::connect(&termination, &UnixSignals::received, &loop, [&loop] { loop.quit(); });
    QObject::connect(&api, &LocalApi::failed, &loop, [&loop, &exitCode, &api](const QString &message) {
        CliOutput::err() << message << '\n';
        exitCode = api.tokenFailed() ? CliCommands::StorageError : CliCommands::UsageError;
        loop.quit();
    });
    QObject::connect(&api, &LocalApi::started, &loop, [&api, &parser, &secrets](const QString &url) {
        CliOutput::out() << tr("Tandem's local API: %1").arg(url) << '\n';
        // Outside agents cannot read a token that is in no keychain: the person must know it changes each start.
        if (!secrets.isPersistent())
            CliOutput::out() << tr("There is no keychain: the token is kept in memory until serve stops, and the next "
                                   "start makes a new one.")
                             << '\n';
        CliOutput::out().flush();
        if (!parser.isSet(u"print-token"_s))
            return;
        api.readToken([](const QString &token, const QString &) {
            // The token is printed on request only, never logged; CliOutput shows controls as text.
            CliOutput::out() << tr("Token: %1").arg(token) << '\n';
            CliOutput::out().flush();
        });
    });
    api.start(port);
    loop.exec();
    api.stop();
    return exitCode;
}

CommandPage ServeCommand::page() const
{
    return CommandPage { CommandHelp::tr("tandem serve [--port N] [--print-token]"),
        CommandHelp::tr("Runs the local API (the handoff board over HTTP on 127.0.0.1, with a bearer token) until "
                        "Ctrl+C, and prints its address."),
        { u"port"_s, u"print-token"_s }, { u"tandem serve --print-token"_s, u"tandem serve --port 8765"_s } };
}

} // namespace Tandem
