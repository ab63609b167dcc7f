#include "ApiClient.h"

#include <QHostAddress>
#include <QJsonDocument>
#include <QTcpSocket>
#include <QTest>

using namespace Qt::StringLiterals;

namespace Tandem::Test {

namespace {

/// Parses a complete answer from @p data; false while more is needed.
bool parse(const QByteArray &data, ApiClient::Response *response, bool closed)
{
    const qsizetype end = data.indexOf("\r\n\r\n");
    if (end < 0)
        return false;
    const QList<QByteArray> lines = data.left(end).split('\n');
    const QList<QByteArray> statusLine = lines.value(0).trimmed().split(' ');
    response->status = statusLine.value(1).toInt();
    response->headers.clear();
    qint64 length = -1;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const qsizetype colon = lines.at(i).indexOf(':');
        if (colon < 0)
            continue;
        const QByteArray name = lines.at(i).left(colon).trimmed();
        const QByteArray value = lines.at(i).mid(colon + 1).trimmed();
        response->headers.append({ name, value });
        if (name.compare("Content-Length", Qt::CaseInsensitive) == 0)
            length = value.toLongLong();
    }
    const QByteArray body = data.mid(end + 4);
    if (length < 0 ? !closed : body.size() < length)
        return false;
    response->body = length < 0 ? body : body.left(length);
    return true;
}

} // namespace

QJsonObject ApiClient::Response::json() const
{
    return QJsonDocument::fromJson(body).object();
}

QByteArray ApiClient::Response::header(QByteArrayView name) const
{
    for (const auto &[key, value] : headers)
        if (name.compare(key, Qt::CaseInsensitive) == 0)
            return value;
    return {};
}

QString ApiClient::Response::describe() const
{
    return u"%1 %2"_s.arg(status).arg(QString::fromUtf8(body));
}

ApiClient::ApiClient(quint16 port, const QString &token)
    : m_port(port)
    , m_token(token.toUtf8())
{ }

ApiClient::Response ApiClient::request(const QByteArray &method, const QString &path, const QByteArray &body,
    const QList<QPair<QByteArray, QByteArray>> &extraHeaders, bool withToken) const
{
    QByteArray bytes = method + ' ' + path.toUtf8() + " HTTP/1.1\r\nHost: 127.0.0.1:" + QByteArray::number(m_port)
        + "\r\nConnection: close\r\n";
    if (withToken)
        bytes += "Authorization: Bearer " + m_token + "\r\n";
    for (const auto &[name, value] : extraHeaders)
        bytes += name + ": " + value + "\r\n";
    if (!body.isEmpty() || method == "POST")
        bytes += "Content-Type: application/json\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n";
    bytes += "\r\n" + body;
    return raw(bytes);
}

ApiClient::Response ApiClient::post(const QJsonObject &body) const
{
    return request("POST", u"/api/handoffs"_s, QJsonDocument(body).toJson(QJsonDocument::Compact));
}

ApiClient::Response ApiClient::raw(const QByteArray &bytes) const
{
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, m_port);
    Response response;
    if (!socket.waitForConnected(10000))
        return response;
    socket.write(bytes);
    QByteArray data;
    bool closed = false;
    // The server lives on this thread: keep its event loop turning while the answer comes.
    [[maybe_unused]] const bool done = QTest::qWaitFor(
        [&] {
            data += socket.readAll();
            closed = socket.state() != QAbstractSocket::ConnectedState;
            if (closed)
                data += socket.readAll();
            return parse(data, &response, closed) || closed;
        },
        20000);
    if (response.status == 0)
        parse(data, &response, true);
    return response;
}

} // namespace Tandem::Test
