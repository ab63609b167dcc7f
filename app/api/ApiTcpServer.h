#pragma once

#include <QTcpServer>

namespace Tandem {

/// @brief The listening socket of the local API: hands every connection to the HTTP server as QTcpServer does, but
/// first lets the API watch what arrives on it (announced by accepted(), before the HTTP server reads anything).
class ApiTcpServer final : public QTcpServer
{
    Q_OBJECT

public:
    explicit ApiTcpServer(QObject *parent = nullptr);
    Q_DISABLE_COPY_MOVE(ApiTcpServer)

Q_SIGNALS:
    /// @brief A connection was accepted; slots connected to its readyRead now run before the HTTP server's.
    void accepted(QTcpSocket *socket);

protected:
    void incomingConnection(qintptr descriptor) override;
};

} // namespace Tandem
