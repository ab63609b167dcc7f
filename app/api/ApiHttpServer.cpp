#include "ApiHttpServer.h"

#include <QHttpServerResponder>

namespace Tandem {

ApiHttpServer::ApiHttpServer(Handler handler, QObject *parent)
    : QAbstractHttpServer(parent)
    , m_handler(std::move(handler))
{ }

QHttpServerResponder ApiHttpServer::responderFor(const QHttpServerRequest &request, QTcpSocket *socket)
{
    return makeResponder(request, socket);
}

bool ApiHttpServer::handleRequest(const QHttpServerRequest &request, QTcpSocket *socket)
{
    m_handler(request, socket);
    return true;
}

void ApiHttpServer::missingHandler(const QHttpServerRequest &request, QTcpSocket *socket)
{
    // Every request is handled; this is only reached if the handler said otherwise.
    makeResponder(request, socket).write(QHttpServerResponder::StatusCode::NotFound);
}

} // namespace Tandem
