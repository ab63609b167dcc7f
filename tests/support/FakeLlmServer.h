#pragma once

#include "ChatTemplateRules.h"
#include "RecordedRequest.h"
#include "ScriptedReply.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QQueue>
#include <QStringList>
#include <QUrl>

#include <functional>
#include <utility>

class QTcpServer;
class QTcpSocket;

namespace Tandem::Test {

/// @brief An OpenAI-compatible HTTP/1.1 server on 127.0.0.1 that the tests script: streamed text and tool calls
/// for the Responses and Chat Completions APIs, and faults down to the byte.
///
/// Routes (under /v1): `POST /responses` (SSE `event:` + `data:` frames, no [DONE]), `POST /chat/completions`
/// (`data:` chunks, then `data: [DONE]`), both as a JSON object when `stream` is false or missing;
/// `POST /conversations`, `GET /conversations/{id}`, `GET /models`; anything else is a 404 with an OpenAI error
/// body.
///
/// Model requests take their reply, in this order: from failFirst() while it lasts, then from the one FIFO queue
/// shared by both protocols (enqueue()), then from the responder (setResponder()); with none of these the reply is
/// a 500 whose message says "no scripted reply", so a test notices.
///
/// Every model request is checked before it is answered: its messages must be what strict chat templates accept
/// (ChatTemplateRules: the system message first, a user turn, user and assistant alternating, every tool call
/// answered), and a scripted reply's expectUserText() must be in a user message. A request that breaks them gets a 400
/// whose message says what was wrong, and the sentence is kept in violations(), so a test fails where Tandem sent it;
/// a Responses conversation's or previous response's input and output (the server keeps them, as OpenAI's does)
/// count as part of it.
///
/// Connections are kept alive and pipelined requests are answered in order; `Connection: close` (or HTTP/1.0) is
/// honoured. Lives in the thread that creates it and needs that thread's event loop.
class FakeLlmServer final : public QObject
{
    Q_OBJECT

public:
    using Responder = std::function<ScriptedReply(const RecordedRequest &)>;

    /// @brief Listens at once on 127.0.0.1 on `port` (0: a free port the system picks); see isListening().
    explicit FakeLlmServer(QObject *parent = nullptr);
    explicit FakeLlmServer(quint16 port, QObject *parent = nullptr);
    /// @brief Drops every connection (stalled ones too) and stops listening.
    ~FakeLlmServer() override;
    Q_DISABLE_COPY_MOVE(FakeLlmServer)

    bool isListening() const;
    QString errorString() const { return m_errorString; }
    quint16 port() const;
    /// @brief `http://127.0.0.1:<port>/v1`: what a client's base URL is set to.
    QUrl baseUrl() const;
    /// @brief baseUrl() plus a path such as "/responses".
    QUrl url(const QString &path) const;

    /// @brief Appends replies to the queue the model requests consume, one each.
    void enqueue(const ScriptedReply &reply);
    void enqueue(const QList<ScriptedReply> &replies);
    /// @brief Replies still in the queue.
    int pendingReplies() const { return int(m_queue.size()); }
    /// @brief Answers model requests when the queue is empty, by looking at the request. Empty: none.
    void setResponder(Responder responder);
    /// @brief The next `count` model requests get `failure` (the queue and responder wait), for retry tests.
    void failFirst(int count, const ScriptedReply &failure = ScriptedReply::httpError(503));
    /// @brief Answers every `method path` request (e.g. "GET", "/v1/models") with this status and body instead of
    /// its usual route, until clearScript(); for answers no ScriptedReply describes (a 401 or a broken model list).
    void overrideRoute(const QString &method, const QString &path, int status, const QByteArray &body,
        const QByteArray &contentType = QByteArrayLiteral("application/json"));
    /// @brief Answers every `method path` request with the redirect @p status (301, 302, 303, 307, 308) to
    /// @p location, with a small JSON body, until clearScript().
    void redirectRoute(const QString &method, const QString &path, int status, const QUrl &location);
    /// @brief Forgets the queue, the responder, failFirst(), overrideRoute() and redirectRoute().
    void clearScript();

    /// @brief Whether model requests are held to ChatTemplateRules (on by default). Off only for tests of the wire
    /// format itself, which send bodies by hand; expectUserText() is checked either way.
    void setChecksTemplates(bool on) { m_checksTemplates = on; }
    /// @brief What the model requests so far broke: one sentence each, naming the request. Tests require it empty.
    QStringList violations() const { return m_violations; }
    /// @brief violations(), forgotten.
    QStringList takeViolations() { return std::exchange(m_violations, {}); }

    /// @brief The ids `GET /v1/models` lists (default: "fake-model").
    void setModels(const QStringList &ids);
    /// @brief Ids of the conversations created with `POST /v1/conversations`, in order.
    QStringList conversationIds() const { return m_conversationOrder; }

    /// @brief Every request received, in arrival order (404s and faulted ones too).
    QList<RecordedRequest> requests() const { return m_requests; }
    /// @brief The requests to one path, e.g. "/v1/responses".
    QList<RecordedRequest> requests(const QString &path) const;
    int requestCount() const { return int(m_requests.size()); }
    /// @brief The latest request; a default one (index -1) if there was none.
    RecordedRequest lastRequest() const;
    /// @brief Forgets the recorded requests (not the script).
    void clear();

    /// @brief TCP connections currently open (a client's idle keep-alive connections count).
    int openConnections() const { return int(m_connections.size()); }
    /// @brief Closes every connection now, ending stalls.
    void closeAllConnections();

    /// @brief A responder that answers with "Echo: <the last user message>".
    static Responder echoResponder();

Q_SIGNALS:
    /// @brief A whole request arrived and was recorded; emitted before its reply is chosen, so a slot may still
    /// enqueue one.
    void requestReceived(const Tandem::Test::RecordedRequest &request);

private:
    struct Connection;
    struct Plan;

    void listen(quint16 port);
    void onNewConnection();
    void onReadyRead(Connection *connection);
    bool parseOne(Connection *connection);
    void answerNext(Connection *connection);
    Plan route(const RecordedRequest &request);
    Plan modelReply(const RecordedRequest &request, bool responses);
    static void insertFrames(Plan *plan, const ScriptedReply &reply, qsizetype scriptedFrames, qsizetype intact);
    ScriptedReply nextReply(const RecordedRequest &request, bool *found);
    /// @brief The conversation @p request asks the model to answer; @p continuation: it goes on from a thread this
    /// server does not know.
    QList<ChatTemplateRules::Entry> conversationOf(const RecordedRequest &request, bool responses, bool *continuation);
    /// @brief What the conversation or the earlier response @p request goes on from holds; @p unknown: it names one
    /// this server does not know.
    QList<ChatTemplateRules::Entry> priorItems(const RecordedRequest &request, bool *unknown) const;
    Plan refuse(const RecordedRequest &request, const QStringList &problems);
    void start(Connection *connection, Plan plan);
    void writeNext(Connection *connection);
    void finishPlan(Connection *connection);
    void resetWhenDrained(Connection *connection, int attempts);
    void drop(Connection *connection);

    QTcpServer *m_server = nullptr;
    QString m_errorString;
    QHash<QTcpSocket *, Connection *> m_connections;
    QList<RecordedRequest> m_requests;
    int m_requestSerial = 0;
    int m_connectionSerial = 0;
    int m_replySerial = 0;
    QQueue<ScriptedReply> m_queue;
    Responder m_responder;
    int m_failuresLeft = 0;
    ScriptedReply m_failure;
    QStringList m_models;
    struct FixedReply
    {
        int status = 200;
        QByteArray body;
        QByteArray contentType;
        QByteArray location; ///< a redirect's target; empty: none
    };
    QHash<QString, FixedReply> m_fixedReplies; ///< by "<method> <path>"
    QHash<QString, QJsonObject> m_conversations;
    QStringList m_conversationOrder;
    QHash<QString, QList<ChatTemplateRules::Entry>> m_conversationItems; ///< what each conversation holds
    QHash<QString, QList<ChatTemplateRules::Entry>> m_responseItems; ///< each response's thread, its output included
    bool m_checksTemplates = true;
    QStringList m_violations;
};

} // namespace Tandem::Test
