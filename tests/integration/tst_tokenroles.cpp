// A team server's per-agent tokens and their roles (issue #31, items 3 and 5), over real HTTPS: the API server of the
// app on 0.0.0.0 with a certificate made for the test, its tokens in the SQLite file, requests through 127.0.0.1. An
// implementer's token accepts the handoffs addressed to the implementer and no one else's, creates handoffs from the
// implementer only; an observer's reads and follows events; every refusal is a 403 saying why, and an unknown token
// gets 401. On loopback alone the per-agent tokens are not taken at all.
#include "EngineHarness.h"
#include "HttpsClient.h"
#include "api/ApiListen.h"
#include "api/ApiServer.h"
#include "storage/ApiTokenStore.h"

#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

namespace {

const QString kLocalToken = u"team-roles-local-token-51c9e2d7a8"_s;

} // namespace

class TestTokenRoles : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void implementerActsAsTheImplementerOnly();
    void observerOnlyReads();
    void storiesAreAnAdminsToStart();
    void unknownTokenIsRefused();
    void loopbackAloneTakesNoAgentTokens();

private:
    QString addToken(const QString &name, const QString &role);
    qint64 handoffTo(const QString &story, const QString &from, const QString &to);
    QUrl url(const QString &path) const;

    QTemporaryDir m_folder;
    QString m_certificate;
    QString m_key;
    std::unique_ptr<EngineHarness> m_harness;
    std::unique_ptr<ApiTokenStore> m_tokens;
    std::unique_ptr<ApiServer> m_server;
    std::unique_ptr<HttpsClient> m_client;
};

void TestTokenRoles::initTestCase()
{
    QString error;
    QVERIFY2(HttpsClient::makeCertificate(m_folder.path(), {}, &m_certificate, &m_key, &error), qPrintable(error));
}

void TestTokenRoles::init()
{
    m_harness = std::make_unique<EngineHarness>(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(m_harness->isReady());
    m_tokens = std::make_unique<ApiTokenStore>(m_harness->work().connection());
    m_server = std::make_unique<ApiServer>(m_harness->repository());
    m_server->setToken(kLocalToken);
    m_server->setTokens(m_tokens.get());
    ApiListen where;
    where.address = u"0.0.0.0"_s;
    where.tlsCertificate = m_certificate;
    where.tlsKey = m_key;
    QVERIFY2(m_server->listen(where), qPrintable(m_server->errorString()));
    QVERIFY(m_server->isTeamServer());
    QVERIFY(m_server->url().startsWith(u"https://"_s));
    m_client = std::make_unique<HttpsClient>(m_certificate);
}

void TestTokenRoles::cleanup()
{
    m_client.reset();
    m_server.reset();
    m_tokens.reset();
    m_harness.reset();
}

QString TestTokenRoles::addToken(const QString &name, const QString &role)
{
    const QString token = ApiTokens::newToken();
    const bool added
        = bool(m_tokens->add(ApiToken { name, role, ApiTokens::hashOf(token), QDateTime::currentDateTimeUtc(), {} }));
    return added ? token : QString();
}

qint64 TestTokenRoles::handoffTo(const QString &story, const QString &from, const QString &to)
{
    LocalChatRepository &board = m_harness->repository();
    const qint64 conversation = board.createStoryConversation(Conversation::Mode::Pipeline, story);
    // The pipeline's work reaches the reviewer through the implementer: the analyst's handoff comes first.
    if (from != u"analyst") {
        const BoardResult first = board.createHandoff(conversation, u"analyst"_s, from, {}, u"test"_s);
        if (!first.ok() || !board.acceptHandoff(first.handoff.id).ok())
            return 0;
    }
    const BoardResult result = board.createHandoff(conversation, from, to, {}, u"test"_s);
    if (!result.ok())
        qWarning() << result.message;
    return result.ok() ? result.handoff.id : 0;
}

QUrl TestTokenRoles::url(const QString &path) const
{
    return QUrl(u"https://127.0.0.1:%1%2"_s.arg(m_server->port()).arg(path));
}

void TestTokenRoles::implementerActsAsTheImplementerOnly()
{
    const QString implementer = addToken(u"ci-implementer"_s, u"implementer"_s);
    QVERIFY(!implementer.isEmpty());
    const qint64 reviewers = handoffTo(u"v0.1:3.1.1"_s, u"implementer"_s, u"reviewer"_s);
    const qint64 own = handoffTo(u"v0.1:3.1.2"_s, u"analyst"_s, u"implementer"_s);
    QVERIFY(reviewers > 0 && own > 0);

    HttpsClient::Reply reply = m_client->post(
        url(u"/api/handoffs"_s), implementer, { { u"action"_s, u"accept"_s }, { u"handoffId"_s, reviewers } });
    QVERIFY2(reply.status == 403, qPrintable(reply.describe()));
    QVERIFY2(reply.json().value(u"error"_s).toString().contains(u"addressed to the implementer"_s),
        qPrintable(reply.describe()));
    QCOMPARE(m_harness->repository().handoffDetails(reviewers)->handoff.status(), Handoff::Status::Pending);
    reply = m_client->post(url(u"/api/handoffs"_s), implementer,
        { { u"action"_s, u"reject"_s }, { u"handoffId"_s, reviewers }, { u"reason"_s, u"not mine"_s } });
    QVERIFY2(reply.status == 403, qPrintable(reply.describe()));

    reply = m_client->post(
        url(u"/api/handoffs"_s), implementer, { { u"action"_s, u"accept"_s }, { u"handoffId"_s, own } });
    QVERIFY2(reply.status == 200, qPrintable(reply.describe()));
    QCOMPARE(m_harness->repository().handoffDetails(own)->handoff.status(), Handoff::Status::Accepted);

    reply = m_client->post(url(u"/api/handoffs"_s), implementer,
        { { u"action"_s, u"create"_s }, { u"storyId"_s, u"v0.1:3.1.2"_s }, { u"fromAgent"_s, u"reviewer"_s },
            { u"toAgent"_s, u"documenter"_s } });
    QVERIFY2(reply.status == 403, qPrintable(reply.describe()));
    QVERIFY2(reply.json().value(u"error"_s).toString().contains(u"from the implementer only"_s),
        qPrintable(reply.describe()));
    reply = m_client->post(url(u"/api/handoffs"_s), implementer,
        { { u"action"_s, u"create"_s }, { u"storyId"_s, u"v0.1:3.1.2"_s }, { u"fromAgent"_s, u"implementer"_s },
            { u"toAgent"_s, u"reviewer"_s } });
    QVERIFY2(reply.status == 201, qPrintable(reply.describe()));
}

void TestTokenRoles::observerOnlyReads()
{
    const QString observer = addToken(u"dashboard"_s, u"observer"_s);
    const qint64 handoff = handoffTo(u"v0.1:3.2.1"_s, u"analyst"_s, u"implementer"_s);
    QVERIFY(handoff > 0);
    HttpsClient::Reply reply = m_client->get(url(u"/api/handoffs?storyId=v0.1:3.2.1"_s), observer);
    QVERIFY2(reply.status == 200, qPrintable(reply.describe()));
    reply = m_client->get(url(u"/api/stories/v0.1:3.2.1"_s), observer);
    QVERIFY2(reply.status == 200, qPrintable(reply.describe()));
    reply = m_client->openStream(url(u"/api/events"_s), observer);
    QVERIFY2(reply.status == 200 && reply.body.contains(": connected"), qPrintable(reply.describe()));
    for (const QJsonObject &body : { QJsonObject { { u"action"_s, u"accept"_s }, { u"handoffId"_s, handoff } },
             QJsonObject { { u"action"_s, u"timeout"_s }, { u"handoffId"_s, handoff } },
             QJsonObject { { u"action"_s, u"cleanup"_s }, { u"storyId"_s, u"v0.1:3.2.1"_s } } }) {
        reply = m_client->post(url(u"/api/handoffs"_s), observer, body);
        QVERIFY2(reply.status == 403, qPrintable(reply.describe()));
        QVERIFY2(reply.json().value(u"error"_s).toString().contains(u"observer"_s), qPrintable(reply.describe()));
    }
    QCOMPARE(m_harness->repository().handoffDetails(handoff)->handoff.status(), Handoff::Status::Pending);
}

void TestTokenRoles::storiesAreAnAdminsToStart()
{
    const QString analyst = addToken(u"analyst-bot"_s, u"analyst"_s);
    const QString admin = addToken(u"lead"_s, u"admin"_s);
    QVERIFY(m_harness->repository().createStoryConversation(Conversation::Mode::Pipeline, u"v0.1:3.3.1"_s) > 0);
    const QJsonObject start { { u"action"_s, u"start"_s }, { u"storyId"_s, u"v0.1:3.3.1"_s } };
    HttpsClient::Reply reply = m_client->post(url(u"/api/run"_s), analyst, start);
    QVERIFY2(reply.status == 403, qPrintable(reply.describe()));
    reply = m_client->post(url(u"/api/run"_s), admin, start);
    QVERIFY2(reply.status == 201, qPrintable(reply.describe()));
}

void TestTokenRoles::unknownTokenIsRefused()
{
    const QString reviewer = addToken(u"reviewer-bot"_s, u"reviewer"_s);
    HttpsClient::Reply reply = m_client->get(url(u"/api/handoffs?stale=true"_s), reviewer);
    QVERIFY2(reply.status == 200, qPrintable(reply.describe()));
    QVERIFY(m_tokens->revoke(u"reviewer-bot"_s));
    reply = m_client->get(url(u"/api/handoffs?stale=true"_s), reviewer);
    QVERIFY2(reply.status == 401, qPrintable(reply.describe()));
    reply = m_client->get(url(u"/api/handoffs?stale=true"_s), u"tdm_not-a-token"_s);
    QVERIFY2(reply.status == 401, qPrintable(reply.describe()));
    reply = m_client->get(url(u"/api/handoffs?stale=true"_s), QString());
    QVERIFY2(reply.status == 401, qPrintable(reply.describe()));
}

void TestTokenRoles::loopbackAloneTakesNoAgentTokens()
{
    const QString implementer = addToken(u"ci-implementer"_s, u"implementer"_s);
    ApiServer loopback(m_harness->repository());
    loopback.setToken(kLocalToken);
    loopback.setTokens(m_tokens.get()); // known to it, and still not taken: loopback keeps the one token
    QVERIFY(loopback.listen(0));
    QVERIFY(!loopback.isTeamServer());
    QVERIFY(loopback.url().startsWith(u"http://127.0.0.1:"_s));
    const QUrl stale(loopback.url() + u"/api/handoffs?stale=true"_s);
    HttpsClient::Reply reply = m_client->get(stale, implementer);
    QVERIFY2(reply.status == 401, qPrintable(reply.describe()));
    reply = m_client->get(stale, kLocalToken);
    QVERIFY2(reply.status == 200, qPrintable(reply.describe()));
}

QTEST_GUILESS_MAIN(TestTokenRoles)
#include "tst_tokenroles.moc"
