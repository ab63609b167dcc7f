// The provider of a headless turn, on the real `tandem` executable against the fake LLM server: a base URL given with
// --provider is used for that command only and never becomes a stored provider profile; its conversation continues
// with the same --provider, and without one is told to give it again; a conversation with a stored profile continues
// without --provider. eval-routing classifies at a base URL without storing it either.
#include "FakeLlmServer.h"
#include "StoreInvariants.h"
#include "TandemProcess.h"
#include "storage/Database.h"
#include "storage/UnitOfWork.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;
using Outcome = TandemProcess::Outcome;

namespace {
/// The user messages a Chat Completions request carries, in order.
QStringList userTexts(const RecordedRequest &request)
{
    QStringList texts;
    const QJsonArray messages = request.json.value(u"messages"_s).toArray();
    for (const QJsonValue &value : messages)
        if (value.toObject().value(u"role"_s).toString() == u"user")
            texts << value.toObject().value(u"content"_s).toString();
    return texts;
}
} // namespace

class TestCliProvider : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void aBaseUrlIsNotStored();
    void itsConversationContinuesWithTheSameUrl();
    void aStoredProfileContinuesWithoutProvider();
    void evalRoutingUsesTheUrlWithoutStoringIt();

private:
    Outcome tandem(const QStringList &arguments);
    QString databasePath() const { return m_dir->filePath(u"tandem.sqlite"_s); }
    qint64 conversationOf(const Outcome &outcome) const;

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<FakeLlmServer> m_server;
};

void TestCliProvider::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_server = std::make_unique<FakeLlmServer>();
    QVERIFY(m_server->isListening());
}

Outcome TestCliProvider::tandem(const QStringList &arguments)
{
    return TandemProcess(QStringLiteral(TANDEM_EXECUTABLE), m_dir->path(), 60000).run(arguments);
}

qint64 TestCliProvider::conversationOf(const Outcome &outcome) const
{
    return outcome.out.section(u"Conversation "_s, 1).section(u'\n', 0, 0).toLongLong();
}

void TestCliProvider::aBaseUrlIsNotStored()
{
    m_server->enqueue(ScriptedReply::text({ u"Hello."_s }));
    m_server->enqueue(ScriptedReply::text({ u"Hi again."_s }));
    const QString url = m_server->baseUrl().toString();
    const Outcome first = tandem({ u"run"_s, u"--provider"_s, url, u"--model"_s, u"local-model"_s, u"Say hello"_s });
    QVERIFY2(first.exitCode == 0, qPrintable(first.err));
    const Outcome second = tandem({ u"run"_s, u"--provider"_s, url, u"Say hello again"_s });
    QVERIFY2(second.exitCode == 0, qPrintable(second.err));
    QCOMPARE(m_server->requests().at(0).model(), u"local-model"_s);

    Database database;
    QVERIFY(database.open(databasePath()));
    QVERIFY2(database.work().providers().list().isEmpty(), "a base URL became a provider profile");
    const std::optional<Conversation> conversation = database.work().conversations().get(conversationOf(first));
    QVERIFY(conversation);
    QCOMPARE(conversation->providerId, QString()); // names no profile: the window asks for one
    QCOMPARE(conversation->model, u"local-model"_s);
    QVERIFY(StoreInvariants::problems(database.connection()).isEmpty());
}

void TestCliProvider::itsConversationContinuesWithTheSameUrl()
{
    m_server->enqueue(ScriptedReply::text({ u"Paris."_s }));
    m_server->enqueue(ScriptedReply::text({ u"About 2 million."_s }));
    const QString url = m_server->baseUrl().toString();
    const Outcome first = tandem(
        { u"run"_s, u"--provider"_s, url, u"--model"_s, u"local-model"_s, u"What is the capital of France?"_s });
    QVERIFY2(first.exitCode == 0, qPrintable(first.err));
    const QString id = QString::number(conversationOf(first));

    // Without --provider: the URL was not kept, and the person is told what to give.
    const Outcome bare = tandem({ u"run"_s, u"--conversation"_s, id, u"How many people live there?"_s });
    QCOMPARE(bare.exitCode, 2);
    QVERIFY2(
        bare.err.contains(u"Conversation %1 has no stored provider"_s.arg(id)) && bare.err.contains(u"--provider"_s),
        qPrintable(bare.err));
    QCOMPARE(m_server->requests().size(), 1);

    // With it again: the same conversation goes on, its history and model included.
    const Outcome next
        = tandem({ u"run"_s, u"--conversation"_s, id, u"--provider"_s, url, u"How many people live there?"_s });
    QVERIFY2(next.exitCode == 0, qPrintable(next.err));
    QVERIFY2(next.out.contains(u"About 2 million."_s), qPrintable(next.out));
    QCOMPARE(m_server->requests().size(), 2);
    const RecordedRequest &request = m_server->requests().at(1);
    QCOMPARE(
        userTexts(request), (QStringList { u"What is the capital of France?"_s, u"How many people live there?"_s }));
    QVERIFY(request.body.contains("Paris."));
    QCOMPARE(request.model(), u"local-model"_s);
}

void TestCliProvider::aStoredProfileContinuesWithoutProvider()
{
    {
        Database database;
        QVERIFY(database.open(databasePath()));
        ProviderProfile profile;
        profile.id = u"local"_s;
        profile.name = u"Local server"_s;
        profile.baseUrl = m_server->baseUrl();
        profile.defaultModel = u"stored-model"_s;
        QVERIFY(database.work().providers().save(profile));
    }
    m_server->enqueue(ScriptedReply::text({ u"Paris."_s }));
    m_server->enqueue(ScriptedReply::text({ u"About 2 million."_s }));
    const Outcome first = tandem({ u"run"_s, u"--provider"_s, u"local"_s, u"What is the capital of France?"_s });
    QVERIFY2(first.exitCode == 0, qPrintable(first.err));
    const Outcome next = tandem(
        { u"run"_s, u"--conversation"_s, QString::number(conversationOf(first)), u"How many people live there?"_s });
    QVERIFY2(next.exitCode == 0, qPrintable(next.err));
    QCOMPARE(m_server->requests().size(), 2);
    QCOMPARE(m_server->requests().at(1).model(), u"stored-model"_s);
    QCOMPARE(userTexts(m_server->requests().at(1)).size(), 2);
    Database database;
    QVERIFY(database.open(databasePath()));
    QCOMPARE(database.work().providers().list().size(), 1);
}

void TestCliProvider::evalRoutingUsesTheUrlWithoutStoringIt()
{
    const QString cases = m_dir->filePath(u"cases.jsonl"_s);
    QFile file(cases);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{\"message\": \"Create task to renew passport\", \"expected\": \"task\"}\n");
    file.close();
    m_server->enqueue(ScriptedReply::text({ u"{\"agent\":\"task\",\"confidence\":0.9,\"reason\":\"a task\"}"_s }));
    const Outcome eval = tandem({ u"eval-routing"_s, cases, u"--provider"_s, m_server->baseUrl().toString() });
    QVERIFY2(eval.exitCode == 0, qPrintable(eval.err + eval.out));
    QVERIFY2(eval.out.startsWith(u"Accuracy: 1/1"_s), qPrintable(eval.out)); // the classifier at the URL answered
    QCOMPARE(m_server->requests().size(), 1);
    Database database;
    QVERIFY(database.open(databasePath()));
    QVERIFY2(database.work().providers().list().isEmpty(), "a base URL became a provider profile");
}

QTEST_GUILESS_MAIN(TestCliProvider)
#include "tst_cliprovider.moc"
