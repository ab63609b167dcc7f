#include "EventStream.h"

#include "domain/Handoff.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpSocket>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace Tandem {

EventStream::EventStream(QObject *parent)
    : QObject(parent)
    , m_keepAlive(new QTimer(this))
{
    m_keepAlive->setInterval(kDefaultKeepAliveMs);
    connect(m_keepAlive, &QTimer::timeout, this, [this] { send(": keep-alive\n\n"_ba); });
}

void EventStream::subscribe(QTcpSocket *socket)
{
    // From here on the connection carries the stream only: what the client sends is read and dropped, so the HTTP
    // server does not take it for a next request.
    QObject::disconnect(socket, &QTcpSocket::readyRead, nullptr, nullptr);
    connect(socket, &QTcpSocket::readyRead, socket, [socket] { socket->readAll(); });
    socket->write("HTTP/1.1 200 OK\r\n"
                  "Content-Type: text/event-stream; charset=utf-8\r\n"
                  "Cache-Control: no-cache\r\n"
                  "Connection: keep-alive\r\n"
                  "X-Accel-Buffering: no\r\n"
                  "\r\n"
                  ": connected\n\n");
    m_subscribers << QPointer<QTcpSocket>(socket);
    if (!m_keepAlive->isActive())
        m_keepAlive->start();
}

void EventStream::publish(const Handoff &handoff, const QString &storyId)
{
    const QJsonObject data {
        { u"storyId"_s, storyId.isEmpty() ? QString::number(handoff.conversationId) : storyId },
        { u"handoffId"_s, handoff.id },
        { u"status"_s, Handoff::statusName(handoff.status()) },
    };
    send("event: handoff\ndata: "_ba + QJsonDocument(data).toJson(QJsonDocument::Compact) + "\n\n"_ba);
}

void EventStream::publishRun(const QString &storyId, const QString &status)
{
    const QJsonObject data { { u"storyId"_s, storyId }, { u"status"_s, status } };
    send("event: run\ndata: "_ba + QJsonDocument(data).toJson(QJsonDocument::Compact) + "\n\n"_ba);
}

void EventStream::send(const QByteArray &bytes)
{
    m_subscribers.removeIf([](const QPointer<QTcpSocket> &socket) {
        return !socket || socket->state() != QAbstractSocket::ConnectedState;
    });
    for (const QPointer<QTcpSocket> &socket : std::as_const(m_subscribers))
        socket->write(bytes);
    if (m_subscribers.isEmpty())
        m_keepAlive->stop();
}

void EventStream::closeAll()
{
    const QList<QPointer<QTcpSocket>> subscribers = std::exchange(m_subscribers, {});
    for (const QPointer<QTcpSocket> &socket : subscribers)
        if (socket)
            socket->disconnectFromHost();
    m_keepAlive->stop();
}

int EventStream::subscriberCount() const
{
    int count = 0;
    for (const QPointer<QTcpSocket> &socket : m_subscribers)
        count += socket && socket->state() == QAbstractSocket::ConnectedState ? 1 : 0;
    return count;
}

int EventStream::keepAliveInterval() const
{
    return m_keepAlive->interval();
}

void EventStream::setKeepAliveInterval(int milliseconds)
{
    m_keepAlive->setInterval(qMax(1, milliseconds));
}

} // namespace Tandem
