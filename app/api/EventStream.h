#pragma once

#include <QList>
#include <QObject>
#include <QPointer>

class QTcpSocket;
class QTimer;

namespace Tandem {

class Handoff;

/// @brief `GET /api/events`: a Server-Sent Events stream per client of `handoff` events `{storyId, handoffId,
/// status}` (each change of a handoff as it happens) and `run` events `{storyId, status}` (a story started or stopped,
/// by any process on the database), with a comment line as keep-alive every keepAliveInterval().
///
/// A stream is the rest of its connection: the response has no length and ends when either side closes.
class EventStream final : public QObject
{
    Q_OBJECT

public:
    static constexpr int kDefaultKeepAliveMs = 15000;

    explicit EventStream(QObject *parent = nullptr);
    Q_DISABLE_COPY_MOVE(EventStream)

    /// @brief Answers on @p socket with the stream's headers and keeps it as a subscriber until it closes.
    void subscribe(QTcpSocket *socket);
    /// @brief Sends @p handoff's change to every subscriber.
    void publish(const Tandem::Handoff &handoff, const QString &storyId = {});
    /// @brief Sends a `run` event `{storyId, status}`: story @p storyId is now @p status (running, stopped).
    void publishRun(const QString &storyId, const QString &status);
    /// @brief Closes every stream.
    void closeAll();
    int subscriberCount() const;
    int keepAliveInterval() const;
    void setKeepAliveInterval(int milliseconds);

private:
    void send(const QByteArray &bytes);

    QList<QPointer<QTcpSocket>> m_subscribers;
    QTimer *m_keepAlive = nullptr;
};

} // namespace Tandem
