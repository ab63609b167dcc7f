// Seed 002's `run` events come from every process on the same data folder (issue #27, item 4): a story started or
// stopped through one API server shows on the event stream of another one, such as the window's own server beside a
// `tandem serve`, once each. Here two repositories on two connections to one SQLite file stand for the two processes.
#include "ApiClient.h"
#include "EngineHarness.h"
#include "api/ApiServer.h"
#include "storage/Database.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

namespace {

const QString kToken = u"run-events-token-8d2e61f0a4c7b953"_s;
const QString kStory = u"v0.1:2.4.1"_s;

/// One client of a server's `/api/events`, read as it arrives.
class EventWatcher
{
public:
    bool watch(const ApiServer &server)
    {
        const QString curl = QStandardPaths::findExecutable(u"curl"_s);
        if (curl.isEmpty())
            return false;
        m_curl.start(
            curl, { u"-s"_s, u"-N"_s, u"-H"_s, u"Authorization: Bearer "_s + kToken, server.url() + u"/api/events"_s });
        return QTest::qWaitFor([this] { return read().contains(u": connected\n\n"_s); }, 20000);
    }
    /// The stream so far, once it holds @p count run events (or after a while, for the comparison to fail).
    QString runEvents(int count)
    {
        [[maybe_unused]] const bool arrived
            = QTest::qWaitFor([&] { return read().count(u"event: run\n"_s) >= count; }, 20000);
        QStringList runs;
        for (const QString &event : m_stream.split(u"\n\n"_s))
            if (event.startsWith(u"event: run\n"_s))
                runs << event;
        return runs.join(u'|');
    }
    ~EventWatcher()
    {
        m_curl.kill();
        m_curl.waitForFinished();
    }

private:
    QString read()
    {
        m_stream += QString::fromUtf8(m_curl.readAllStandardOutput());
        return m_stream;
    }

    QProcess m_curl;
    QString m_stream;
};

} // namespace

class TestStoryRunEvents : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup();
    void runEventsReachEveryProcess();
};

void TestStoryRunEvents::cleanup()
{
    QVERIFY(EngineHarness::takeSpecProblems().isEmpty());
}

void TestStoryRunEvents::runEventsReachEveryProcess()
{
    EngineHarness first(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(first.isReady());
    const qint64 story = first.repository().createStoryConversation(Conversation::Mode::Pipeline, kStory);
    QVERIFY(story > 0);
    // The other process: its own connection to the same file, watching for what others write as the window does.
    Database database;
    QVERIFY(database.open(first.work().filePath()));
    QNetworkAccessManager network;
    LocalChatRepository second(database.work(), &network, nullptr, nullptr, EngineHarness::testConfig());
    second.watchForChangesElsewhere(20);
    first.repository().watchForChangesElsewhere(20);

    ApiServer started(first.repository());
    ApiServer watching(second);
    for (ApiServer *server : { &started, &watching }) {
        server->setToken(kToken);
        QVERIFY2(server->listen(0), qPrintable(server->errorString()));
    }
    EventWatcher here;
    EventWatcher there;
    QVERIFY2(here.watch(started) && there.watch(watching), "curl is missing or the event streams did not open");

    ApiClient client(started.port(), kToken);
    const auto run = [&](const QString &action) {
        return client
            .request("POST", u"/api/run"_s,
                QJsonDocument(QJsonObject { { u"action"_s, action }, { u"storyId"_s, kStory } }).toJson(),
                { qMakePair("Content-Type"_ba, "application/json"_ba) })
            .status;
    };
    const QString running = u"event: run\ndata: {\"status\":\"running\",\"storyId\":\"%1\"}"_s.arg(kStory);
    const QString stopped = u"event: run\ndata: {\"status\":\"stopped\",\"storyId\":\"%1\"}"_s.arg(kStory);
    QCOMPARE(run(u"start"_s), 201);
    QCOMPARE(there.runEvents(1), running);
    QCOMPARE(run(u"stop"_s), 200);
    QCOMPARE(there.runEvents(2), running + u'|' + stopped);
    // Once each, on the server that was called too.
    QCOMPARE(here.runEvents(2), running + u'|' + stopped);

    // And the other way round: a start through the watching process reaches the first one's stream.
    ApiClient other(watching.port(), kToken);
    QCOMPARE(other
                 .request("POST", u"/api/run"_s,
                     QJsonDocument(QJsonObject { { u"action"_s, u"start"_s }, { u"storyId"_s, kStory } }).toJson(),
                     { qMakePair("Content-Type"_ba, "application/json"_ba) })
                 .status,
        201);
    QCOMPARE(here.runEvents(3), running + u'|' + stopped + u'|' + running);
    QCOMPARE(there.runEvents(3), running + u'|' + stopped + u'|' + running);
}

QTEST_GUILESS_MAIN(TestStoryRunEvents)
#include "tst_storyrunevents.moc"
