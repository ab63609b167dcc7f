#include "ApiTcpServer.h"

#include <QTcpSocket>

namespace Tandem {

ApiTcpServer::ApiTcpServer(QObject *parent)
    : QTcpServer(parent)
{ }

void ApiTcpServer::incomingConnection(qintptr descriptor)
{
    auto *socket = new QTcpSocket(this);
    if (!socket->setSocketDescriptor(descriptor)) {
        delete socket;
        return;
    }
    Q_EMIT accepted(socket);
    addPendingConnection(socket);
}

} // namespace Tandem
