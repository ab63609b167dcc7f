#include "SingleInstance.h"

#include "domain/Logging.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFileInfo>
#include <QLocalServer>
#include <QLocalSocket>
#include <QPointer>
#include <QWidget>

#include <unistd.h>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
constexpr int kAnswerMs = 2000;
constexpr QByteArrayView kShow = "show\n";
constexpr QByteArrayView kShown = "shown\n";
} // namespace

SingleInstance::SingleInstance(const QString &databasePath, QObject *parent)
    : QObject(parent)
    , m_name(serverName(databasePath))
{ }

SingleInstance::~SingleInstance() = default;

QString SingleInstance::serverName(const QString &databasePath)
{
    // The same folder however it was named (a relative path, a symbolic link), per user.
    const QFileInfo info(databasePath);
    QString folder = QFileInfo(info.absolutePath()).canonicalFilePath();
    if (folder.isEmpty())
        folder = QDir::cleanPath(info.absolutePath());
    const QByteArray key = folder.toUtf8() + '\0' + QByteArray::number(qulonglong(::getuid()));
    return u"tandem-"_s
        + QString::fromLatin1(QCryptographicHash::hash(key, QCryptographicHash::Sha256).toHex().left(24));
}

bool SingleInstance::askRunningToShow()
{
    QLocalSocket socket;
    socket.connectToServer(m_name);
    if (!socket.waitForConnected(kAnswerMs))
        return false;
    socket.write(kShow.data(), kShow.size());
    if (!socket.waitForBytesWritten(kAnswerMs))
        return false;
    while (socket.bytesAvailable() < kShown.size())
        if (!socket.waitForReadyRead(kAnswerMs))
            return false;
    return socket.readAll().startsWith(kShown.data());
}

bool SingleInstance::listen(QWidget *window)
{
    m_server = new QLocalServer(this);
    m_server->setSocketOptions(QLocalServer::UserAccessOption);
    if (!m_server->listen(m_name)) {
        // A socket file left by a window that crashed: nobody answers on it, so it is taken over.
        if (m_server->serverError() != QAbstractSocket::AddressInUseError || askRunningToShow())
            return false;
        QLocalServer::removeServer(m_name);
        if (!m_server->listen(m_name)) {
            qCWarning(lcApp) << "single instance: cannot listen:" << m_server->errorString();
            return false;
        }
    }
    qCInfo(lcApp) << "single instance: listening as" << m_name;
    const QPointer<QWidget> shown(window);
    connect(m_server, &QLocalServer::newConnection, this, [this, shown] {
        while (QLocalSocket *socket = m_server->nextPendingConnection()) {
            connect(socket, &QLocalSocket::disconnected, socket, &QObject::deleteLater);
            connect(socket, &QLocalSocket::readyRead, socket, [socket, shown] {
                if (!socket->readAll().startsWith(kShow.data()) || !shown)
                    return;
                shown->setWindowState((shown->windowState() & ~Qt::WindowMinimized) | Qt::WindowActive);
                shown->show();
                shown->raise();
                shown->activateWindow();
                qCInfo(lcApp) << "single instance: another start brought the window to the front";
                socket->write(kShown.data(), kShown.size());
                socket->flush();
            });
        }
    });
    return true;
}

} // namespace Tandem
