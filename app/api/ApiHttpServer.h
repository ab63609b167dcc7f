#pragma once

#include <QAbstractHttpServer>

#include <functional>

namespace Tandem {

/// @brief Qt HttpServer's request parsing with one handler for every request: the handler gets the socket too, so
/// it can keep an event stream open on it.
class ApiHttpServer final : public QAbstractHttpServer
{
    Q_OBJECT

public:
    using Handler = std::function<void(const QHttpServerRequest &, QTcpSocket *)>;

    explicit ApiHttpServer(Handler handler, QObject *parent = nullptr);
    Q_DISABLE_COPY_MOVE(ApiHttpServer)

    /// @brief A responder for @p request on @p socket (QAbstractHttpServer keeps its maker protected).
    static QHttpServerResponder responderFor(const QHttpServerRequest &request, QTcpSocket *socket);

protected:
    bool handleRequest(const QHttpServerRequest &request, QTcpSocket *socket) override;
    void missingHandler(const QHttpServerRequest &request, QTcpSocket *socket) override;

private:
    Handler m_handler;
};

} // namespace Tandem
