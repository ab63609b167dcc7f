// Secrets a URL can carry (user info, key-like query parameters) are found, so a provider URL holding one is refused,
// and a URL in a log line shows none of them.
#include "domain/UrlSecrets.h"
#include "llm/NetworkAccess.h"

#include <QTest>

using namespace Qt::StringLiterals;
using Tandem::NetworkAccess;
using Tandem::UrlSecrets;

class TestUrlSecrets : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void secrets_data();
    void secrets();
};

void TestUrlSecrets::secrets_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<bool>("clean");
    QTest::addColumn<QString>("parameter");
    QTest::addColumn<QString>("redacted");

    QTest::newRow("plain") << u"http://127.0.0.1:11434/v1"_s << true << QString() << u"http://127.0.0.1:11434/v1"_s;
    QTest::newRow("harmless query") << u"https://x.example/v1?api-version=2024-10-21"_s << true << QString()
                                    << u"https://x.example/v1?api-version=2024-10-21"_s;
    QTest::newRow("user and password") << u"https://me:sk-1@x.example/v1"_s << false << QString()
                                       << u"https://x.example/v1"_s;
    QTest::newRow("key as user") << u"https://sk-1@x.example/v1"_s << false << QString() << u"https://x.example/v1"_s;
    QTest::newRow("key") << u"https://x.example/v1?key=sk-1"_s << false << u"key"_s << u"https://x.example/v1?key=…"_s;
    QTest::newRow("api_key among others") << u"https://x.example/v1?api-version=1&api_key=sk-1"_s << false
                                          << u"api_key"_s << u"https://x.example/v1?api-version=1&api_key=…"_s;
    QTest::newRow("apiKey") << u"https://x.example/v1?apiKey=sk-1"_s << false << u"apiKey"_s
                            << u"https://x.example/v1?apiKey=…"_s;
    QTest::newRow("api-key") << u"https://x.example/v1?api-key=sk-1"_s << false << u"api-key"_s
                             << u"https://x.example/v1?api-key=…"_s;
    QTest::newRow("token") << u"https://x.example/v1?token=sk-1"_s << false << u"token"_s
                           << u"https://x.example/v1?token=…"_s;
    QTest::newRow("access_token") << u"https://x.example/v1?access_token=sk-1"_s << false << u"access_token"_s
                                  << u"https://x.example/v1?access_token=…"_s;
    QTest::newRow("secret") << u"https://x.example/v1?client_secret=s"_s << false << u"client_secret"_s
                            << u"https://x.example/v1?client_secret=…"_s;
    QTest::newRow("signature") << u"https://x.example/v1?sig=abc"_s << false << u"sig"_s
                               << u"https://x.example/v1?sig=…"_s;
    QTest::newRow("upper case") << u"https://x.example/v1?KEY=sk-1"_s << false << u"KEY"_s
                                << u"https://x.example/v1?KEY=…"_s;
}

void TestUrlSecrets::secrets()
{
    QFETCH(QString, url);
    QFETCH(bool, clean);
    QFETCH(QString, parameter);
    QFETCH(QString, redacted);
    const QUrl parsed(url);
    QCOMPARE(UrlSecrets::isClean(parsed), clean);
    QCOMPARE(UrlSecrets::secretParameter(parsed), parameter);
    QCOMPARE(UrlSecrets::redacted(parsed), redacted);
    // What a log line says about a request to it.
    QCOMPARE(NetworkAccess::describe(parsed), redacted);
    QVERIFY(!NetworkAccess::describe(parsed).contains(u"sk-1"_s));
}

QTEST_APPLESS_MAIN(TestUrlSecrets)
#include "tst_urlsecrets.moc"
