#include "ServeBoard.h"

#include "chat/BoardMirror.h"
#include "chat/LocalChatRepository.h"
#include "cli/CliCommands.h"
#include "cli/CliOutput.h"
#include "cli/TerminalStream.h"
#include "composition/AppContext.h"
#include "storage/BoardUrl.h"
#include "storage/Database.h"
#include "storage/SecretStore.h"

#include <QEventLoop>
#include <QSysInfo>

using namespace Qt::StringLiterals;

namespace Tandem {

std::unique_ptr<BoardMirror> ServeBoard::open(
    const QString &urlText, AppContext &context, LocalChatRepository &repository, int *exitCode)
{
    QString problem;
    const std::optional<BoardUrl> url = BoardUrl::parse(urlText, &problem);
    if (!url) {
        CliOutput::err() << problem << '\n';
        *exitCode = CliCommands::UsageError;
        return nullptr;
    }
    // The password is the keychain's; none stored is tried as none (a server that trusts the user or its
    // certificate), and the server's refusal then says to store one.
    SecretStore::Result secret;
    QEventLoop loop;
    context.secrets().read(url->secretKey(), [&](const SecretStore::Result &answer) {
        secret = answer;
        loop.quit();
    });
    loop.exec();
    if (secret.status == SecretStore::Result::Status::Failed) {
        CliOutput::err() << tr("The keychain could not be read for the board's password: %1").arg(secret.errorString)
                         << '\n';
        *exitCode = CliCommands::StorageError;
        return nullptr;
    }
    BoardOpenFailure failure = BoardOpenFailure::None;
    std::unique_ptr<BoardMirror> board = BoardMirror::open(*url, secret.ok() ? secret.secret : QString(),
        BoardMirror::originOf(QSysInfo::machineHostName(), context.dataFolder()), repository, context.database().work(),
        &failure, &problem);
    if (!board) {
        if (failure == BoardOpenFailure::PasswordNeeded && secret.ok())
            failure = BoardOpenFailure::PasswordWrong;
        CliOutput::err() << sentence(failure, *url, problem) << '\n';
        *exitCode = CliCommands::StorageError;
    }
    return board;
}

QString ServeBoard::sentence(BoardOpenFailure failure, const BoardUrl &url, const QString &detail)
{
    const QString board = url.display();
    switch (failure) {
    case BoardOpenFailure::PasswordNeeded:
        return tr("The team board %1 asks for a password and the keychain holds none for it: store it with "
                  "“tandem board password %1”.")
            .arg(board);
    case BoardOpenFailure::PasswordWrong:
        return tr("The team board %1 refused the user or the password; store the right password with “tandem board "
                  "password %1”. (%2)")
            .arg(board, detail);
    case BoardOpenFailure::Ssl:
        return tr("The team board %1 cannot be reached with sslmode=%2. (%3)")
            .arg(board, url.sslMode().isEmpty() ? u"prefer"_s : url.sslMode(), detail);
    case BoardOpenFailure::Unreachable:
        return tr("The team board %1 does not answer: is the server running, and may this machine reach it? (%2)")
            .arg(board, detail);
    case BoardOpenFailure::DriverMissing:
    case BoardOpenFailure::Schema:
    case BoardOpenFailure::Other:
    case BoardOpenFailure::None:
        break;
    }
    return tr("The team board %1 cannot be used. (%2)").arg(board, detail);
}

} // namespace Tandem
