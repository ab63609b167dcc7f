#include "ServeCommand.h"

#include "api/ApiListen.h"
#include "api/ApiServer.h"
#include "api/LocalApi.h"
#include "chat/BoardMirror.h"
#include "chat/LocalChatRepository.h"
#include "cli/CliCommands.h"
#include "cli/CliOutput.h"
#include "cli/CommandHelp.h"
#include "cli/ServeBoard.h"
#include "cli/TerminalStream.h"
#include "cli/UnixSignals.h"
#include "composition/AppContext.h"
#include "storage/ApiTokenStore.h"
#include "storage/Database.h"
#include "storage/SecretStore.h"
#include "storage/UnitOfWork.h"

#include <QCommandLineParser>
#include <QEventLoop>

#include <csignal>
#include <memory>

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
                           "[--print-token] [--listen ADDRESS[:PORT] --tls-cert FILE --tls-key FILE] [--board URL]");
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
    ApiListen where;
    where.port = port;
    if (parser.isSet(u"listen"_s) && !where.parse(parser.value(u"listen"_s))) {
        CliOutput::err() << tr("--listen needs an IP address, with :PORT if wanted (such as 0.0.0.0:8765); “%1” is "
                               "not one.")
                                .arg(parser.value(u"listen"_s))
                         << '\n';
        return CliCommands::UsageError;
    }
    where.tlsCertificate = parser.value(u"tls-cert"_s);
    where.tlsKey = parser.value(u"tls-key"_s);
    if (!where.isLoopback() && !where.hasTls()) {
        // Refused before anything is opened: tokens and the board would cross the network in clear.
        CliOutput::err() << tr("tandem serve listens beyond this computer (%1) only with TLS: give --tls-cert FILE "
                               "and --tls-key FILE, or listen on 127.0.0.1.")
                                .arg(where.address)
                         << '\n';
        return CliCommands::UsageError;
    }

    // Handoffs done by the window or another command show up here too, and stale ones time out while it serves.
    repository.watchForChangesElsewhere(1500);
    std::unique_ptr<BoardMirror> board;
    if (parser.isSet(u"board"_s)) {
        int failed = CliCommands::Success;
        board = ServeBoard::open(parser.value(u"board"_s), context, repository, &failed);
        if (!board)
            return failed;
    }
    SecretStore &secrets = context.secrets();
    LocalApi api(repository, secrets, context.dataFolder());
    // Beyond loopback the board's per-agent tokens are taken too; on loopback alone, the profile's token only.
    std::unique_ptr<ApiTokenStore> tokens;
    if (!where.isLoopback()) {
        tokens = std::make_unique<ApiTokenStore>(context.database().work().connection());
        api.server().setTokens(tokens.get());
    }
    if (board)
        api.server().publishBoardChanges(*board);
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
        if (parser.isSet(u"board"_s))
            CliOutput::out() << tr("Team board: %1").arg(parser.value(u"board"_s).section(u'?', 0, 0)) << '\n';
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
    api.start(where);
    loop.exec();
    api.stop();
    return exitCode;
}

CommandPage ServeCommand::page() const
{
    return CommandPage { CommandHelp::tr("tandem serve [--port N] [--print-token] [--board URL]\n"
                                         "       tandem serve --listen ADDRESS[:PORT] --tls-cert FILE --tls-key FILE "
                                         "[--board URL]"),
        CommandHelp::tr("Runs the local API (the handoff board over HTTP on 127.0.0.1, with a bearer token) until "
                        "Ctrl+C, and prints its address. With --listen beyond 127.0.0.1 it speaks HTTPS only, with "
                        "the certificate and key given, and takes the per-agent tokens of tandem tokens, each "
                        "limited to its role. With --board, the handoffs of this folder's team stories go to the "
                        "team's board on PostgreSQL too, and /api/events shows every Tandem's changes of that board. "
                        "The board's password is read from the keychain: store it first with tandem board password "
                        "URL."),
        { u"port"_s, u"print-token"_s, u"listen"_s, u"tls-cert"_s, u"tls-key"_s, u"board"_s },
        { u"tandem serve --print-token"_s, u"tandem serve --port 8765"_s,
            u"tandem serve --listen 0.0.0.0:8765 --tls-cert server.pem --tls-key server.key"_s,
            u"tandem serve --board 'postgresql://tandem@db.example.com/board?sslmode=require'"_s } };
}

} // namespace Tandem
