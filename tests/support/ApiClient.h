#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>

namespace Tandem::Test {

/// @brief Talks HTTP/1.1 to the local API over a raw loopback socket, so that a test controls every byte (headers a
/// browser would add, bodies too large, a malformed request) and reads an event stream as it comes.
class ApiClient final
{
public:
    struct Response
    {
        int status = 0; ///< 0: no answer
        QList<QPair<QByteArray, QByteArray>> headers;
        QByteArray body;

        QJsonObject json() const;
        QByteArray header(QByteArrayView name) const;
        /// @brief The status and the body, for a failure message.
        QString describe() const;
    };

    ApiClient(quint16 port, const QString &token);

    /// @brief Sends one request (with the token unless @p withToken is false) and reads its answer.
    Response request(const QByteArray &method, const QString &path, const QByteArray &body = {},
        const QList<QPair<QByteArray, QByteArray>> &extraHeaders = {}, bool withToken = true) const;
    Response get(const QString &path) const { return request("GET", path); }
    Response post(const QJsonObject &body) const;
    /// @brief Sends @p bytes as they are and reads one answer.
    Response raw(const QByteArray &bytes) const;

    quint16 port() const { return m_port; }

private:
    quint16 m_port;
    QByteArray m_token;
};

} // namespace Tandem::Test
