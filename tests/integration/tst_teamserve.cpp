// `tandem serve` for a team (issue #31, items 3 and 5), the real executable: beyond loopback it refuses to start
// without TLS; with a certificate made for the test it speaks HTTPS only (plain HTTP gets no answer); `tandem tokens`
// creates, lists and revokes per-agent tokens, which the running server takes and, once revoked, refuses with 401; the
// profile's own token is taken only from this computer. No token reaches the data folder, the listing or the log.
#include "HttpsClient.h"
#include "SecretTestUtil.h"
#include "TandemProcess.h"

#include <QDir>
#include <QHostAddress>
#include <QNetworkInterface>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace Qt::StringLiterals;
using namespace Tandem::Test;

namespace {

constexpr int kTimeoutMs = 60000;

/// An IPv4 address of this machine other than loopback, if it has one: a request to it comes from beyond loopback.
QString otherAddress()
{
    for (const QHostAddress &address : QNetworkInterface::allAddresses())
        if (address.protocol() == QAbstractSocket::IPv4Protocol && !address.isLoopback() && !address.isLinkLocal())
            return address.toString();
    return {};
}

/// @p text with every token hidden, for a failure's message: no token reaches the test's output.
QString redacted(QString text)
{
    static const QRegularExpression tokens(u"tdm_\\S+|(?<=Token: )\\S+"_s);
    return text.replace(tokens, u"[token]"_s);
}

QString lastLine(const QString &text)
{
    return text.trimmed().section(u'\n', -1).trimmed();
}

} // namespace

class TestTeamServe : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void beyondLoopbackWithoutTlsIsRefused();
    void tokensAreCreatedListedAndRevoked();
    void teamServerSpeaksHttpsWithAgentTokens();

private:
    TandemProcess::Outcome tandem(const QStringList &arguments) const;

    QTemporaryDir m_folder;
    QString m_data;
    QString m_certificate;
    QString m_key;
    QString m_other;
};

void TestTeamServe::initTestCase()
{
    m_data = m_folder.filePath(u"data"_s);
    m_other = otherAddress();
    QString error;
    QVERIFY2(HttpsClient::makeCertificate(m_folder.path(), m_other.isEmpty() ? QStringList() : QStringList { m_other },
                 &m_certificate, &m_key, &error),
        qPrintable(error));
}

TandemProcess::Outcome TestTeamServe::tandem(const QStringList &arguments) const
{
    return TandemProcess(QStringLiteral(TANDEM_EXECUTABLE), m_data, kTimeoutMs).run(arguments);
}

void TestTeamServe::beyondLoopbackWithoutTlsIsRefused()
{
    for (const QString &address : { u"0.0.0.0:0"_s, u"[::]:0"_s }) {
        const TandemProcess::Outcome outcome = tandem({ u"serve"_s, u"--listen"_s, address });
        QCOMPARE(outcome.exitCode, 2);
        QVERIFY2(
            outcome.err.contains(u"only with TLS: give --tls-cert FILE and --tls-key FILE"_s), qPrintable(outcome.err));
        QVERIFY2(!outcome.out.contains(u"local API:"_s), qPrintable(outcome.out));
    }
    const TandemProcess::Outcome key
        = tandem({ u"serve"_s, u"--listen"_s, u"0.0.0.0:0"_s, u"--tls-cert"_s, m_certificate });
    QCOMPARE(key.exitCode, 2);
    QVERIFY2(key.err.contains(u"--tls-key"_s), qPrintable(key.err));
    const TandemProcess::Outcome bad = tandem({ u"serve"_s, u"--listen"_s, u"nowhere:80:1"_s });
    QCOMPARE(bad.exitCode, 2);
}

void TestTeamServe::tokensAreCreatedListedAndRevoked()
{
    const TandemProcess::Outcome created
        = tandem({ u"tokens"_s, u"create"_s, u"ci-implementer"_s, u"--role"_s, u"implementer"_s });
    QVERIFY2(created.exitCode == 0, qPrintable(created.err));
    const QString token = lastLine(created.out);
    QVERIFY2(token.startsWith(u"tdm_"_s) && token.size() > 40, qPrintable(redacted(created.out)));

    QCOMPARE(tandem({ u"tokens"_s, u"create"_s, u"ci-implementer"_s, u"--role"_s, u"reviewer"_s }).exitCode, 2);
    const TandemProcess::Outcome badRole = tandem({ u"tokens"_s, u"create"_s, u"boss"_s, u"--role"_s, u"boss"_s });
    QCOMPARE(badRole.exitCode, 2);
    QVERIFY2(badRole.err.contains(u"analyst, implementer, reviewer, refactorer, documenter, admin, observer"_s),
        qPrintable(badRole.err));
    QCOMPARE(tandem({ u"tokens"_s, u"create"_s, u"no role"_s }).exitCode, 2);

    TandemProcess::Outcome listed = tandem({ u"tokens"_s, u"list"_s });
    QCOMPARE(listed.exitCode, 0);
    QVERIFY2(QRegularExpression(u"^ci-implementer\\timplementer\\t\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\tnever$"_s,
                 QRegularExpression::MultilineOption)
                 .match(listed.out)
                 .hasMatch(),
        qPrintable(listed.out));
    QVERIFY(!listed.out.contains(token));
    QStringList hits;
    QVERIFY2(!folderContains(m_data, token.toUtf8(), &hits), qPrintable(hits.join(u", "_s)));

    QCOMPARE(tandem({ u"tokens"_s, u"revoke"_s, u"ci-implementer"_s }).exitCode, 0);
    listed = tandem({ u"tokens"_s, u"list"_s });
    QVERIFY2(!listed.out.contains(u"ci-implementer"_s), qPrintable(listed.out));
    const TandemProcess::Outcome again = tandem({ u"tokens"_s, u"revoke"_s, u"ci-implementer"_s });
    QCOMPARE(again.exitCode, 2);
    QVERIFY2(again.err.contains(u"There is no token named ci-implementer."_s), qPrintable(again.err));
}

void TestTeamServe::teamServerSpeaksHttpsWithAgentTokens()
{
    const QString agent
        = lastLine(tandem({ u"tokens"_s, u"create"_s, u"ci-reviewer"_s, u"--role"_s, u"reviewer"_s }).out);
    QVERIFY(agent.startsWith(u"tdm_"_s));

    QProcess serve;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(u"DISPLAY"_s);
    environment.remove(u"WAYLAND_DISPLAY"_s);
    environment.remove(u"QT_LOGGING_RULES"_s); // --verbose's log is searched for the tokens below
    environment.insert(u"XDG_CONFIG_HOME"_s, QDir(m_data).filePath(u"config"_s));
    serve.setProcessEnvironment(environment);
    serve.start(QStringLiteral(TANDEM_EXECUTABLE),
        { u"--data-dir"_s, m_data, u"serve"_s, u"--listen"_s, u"0.0.0.0:0"_s, u"--tls-cert"_s, m_certificate,
            u"--tls-key"_s, m_key, u"--print-token"_s, u"--verbose"_s });
    static const QRegularExpression started(u"local API: https://0\\.0\\.0\\.0:(\\d+)\\n"_s);
    static const QRegularExpression tokenLine(u"^Token: (\\S+)$"_s, QRegularExpression::MultilineOption);
    QString out;
    QVERIFY2(QTest::qWaitFor(
                 [&] {
                     out += QString::fromUtf8(serve.readAllStandardOutput());
                     return tokenLine.match(out).hasMatch() || serve.state() == QProcess::NotRunning;
                 },
                 kTimeoutMs),
        qPrintable(redacted(out)));
    QByteArray log = serve.readAllStandardError();
    QVERIFY2(started.match(out).hasMatch() && tokenLine.match(out).hasMatch(),
        qPrintable(redacted(out + QString::fromUtf8(log))));
    const QString port = started.match(out).captured(1);
    const QString profileToken = tokenLine.match(out).captured(1);
    const QString stale = u"/api/handoffs?stale=true"_s;
    const QUrl secure(u"https://127.0.0.1:%1%2"_s.arg(port, stale));

    HttpsClient client(m_certificate);
    HttpsClient::Reply reply = client.get(secure, agent);
    QVERIFY2(reply.status == 200, qPrintable(reply.describe()));
    // Plain HTTP on the same port: the TLS handshake fails, and no HTTP answer comes back.
    reply = client.get(QUrl(u"http://127.0.0.1:%1%2"_s.arg(port, stale)), agent);
    QVERIFY2(reply.status == 0 && reply.error != QNetworkReply::NoError, qPrintable(reply.describe()));
    reply = client.get(secure, u"tdm_unknown"_s);
    QVERIFY2(reply.status == 401, qPrintable(reply.describe()));

    // The profile's token stays good on this computer (the engine's outside programs have it), not from elsewhere.
    reply = client.get(secure, profileToken);
    QVERIFY2(reply.status == 200, qPrintable(reply.describe()));
    if (!m_other.isEmpty()) {
        const QUrl outside(u"https://%1:%2%3"_s.arg(m_other, port, stale));
        reply = client.get(outside, profileToken);
        QVERIFY2(reply.status == 401, qPrintable(reply.describe()));
        reply = client.get(outside, agent);
        QVERIFY2(reply.status == 200, qPrintable(reply.describe()));
    } else {
        qInfo("this machine has no address beyond loopback: the request from elsewhere is not made");
    }

    // Revoked through another process: the running server refuses it from the next request.
    QCOMPARE(tandem({ u"tokens"_s, u"revoke"_s, u"ci-reviewer"_s }).exitCode, 0);
    reply = client.get(secure, agent);
    QVERIFY2(reply.status == 401, qPrintable(reply.describe()));

    ::kill(pid_t(serve.processId()), SIGTERM);
    QVERIFY(serve.waitForFinished(kTimeoutMs));
    QCOMPARE(serve.exitCode(), 0);
    log += serve.readAllStandardError();
    QVERIFY2(log.contains("listening on"), qPrintable(redacted(QString::fromUtf8(log))));
    QVERIFY(!log.contains(agent.toUtf8()));
    QVERIFY(!log.contains(profileToken.toUtf8()));
    QStringList hits;
    QVERIFY2(!folderContains(m_data, agent.toUtf8(), &hits), qPrintable(hits.join(u", "_s)));
}

QTEST_GUILESS_MAIN(TestTeamServe)
#include "tst_teamserve.moc"
