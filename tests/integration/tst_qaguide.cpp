// The Q&A agent's knowledge is Tandem's own user guide (seed 004's QAAgent, "knowledge base only"): the guide shipped
// in resources/guide/, in the person's language, is in the Q&A agent's instructions at the fake server, so it can say
// how to export; the other agents' requests do not carry it.
#include "EngineHarness.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

Q_DECLARE_METATYPE(Tandem::ProviderProfile::Protocol)

namespace {

ScriptedReply classified(const QString &agent)
{
    const QJsonObject answer { { u"agent"_s, agent }, { u"confidence"_s, 0.9 }, { u"reason"_s, u"test"_s } };
    return ScriptedReply::text({ QString::fromUtf8(QJsonDocument(answer).toJson(QJsonDocument::Compact)) });
}

/// The instructions @p request gives its agent: the Responses API's "instructions", or the first chat message.
QString instructionsOf(const RecordedRequest &request)
{
    if (request.json.contains(u"instructions"_s))
        return request.json.value(u"instructions"_s).toString();
    return request.json.value(u"messages"_s).toArray().at(0).toObject().value(u"content"_s).toString();
}

} // namespace

class TestQaGuide : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup();
    void theGuideReachesTheQaAgent_data();
    void theGuideReachesTheQaAgent();
};

void TestQaGuide::cleanup()
{
    QLocale::setDefault(QLocale::c());
    const QStringList problems = EngineHarness::takeSpecProblems();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestQaGuide::theGuideReachesTheQaAgent_data()
{
    QTest::addColumn<ProviderProfile::Protocol>("protocol");
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("question");
    QTest::addColumn<QString>("exportLine");
    QTest::addColumn<QString>("other");
    for (const auto protocol : { ProviderProfile::Protocol::Responses, ProviderProfile::Protocol::ChatCompletions }) {
        const char *p = protocol == ProviderProfile::Protocol::Responses ? "responses" : "chat";
        QTest::addRow("%s: English", p) << protocol << u"en"_s << u"How do I export?"_s
                                        << u"To export: File → Export… (Ctrl+E)."_s << u"Файл → Экспортировать"_s;
        QTest::addRow("%s: Russian", p) << protocol << u"ru"_s << u"Как экспортировать разговор?"_s
                                        << u"Чтобы экспортировать: Файл → Экспортировать… (Ctrl+E)."_s
                                        << u"File → Export…"_s;
    }
}

void TestQaGuide::theGuideReachesTheQaAgent()
{
    QFETCH(ProviderProfile::Protocol, protocol);
    QFETCH(QString, language);
    QFETCH(QString, question);
    QFETCH(QString, exportLine);
    QFETCH(QString, other);
    QLocale::setDefault(QLocale(language)); // the person's language, as Translations sets it
    EngineHarness h(protocol);
    const qint64 id = h.createConversation(Conversation::Mode::Router);
    h.server().enqueue(classified(u"qa"_s));
    h.server().enqueue(ScriptedReply::text({ u"File → Export…"_s }).expectUserText(question));

    QCOMPARE(h.sendAndWait(id, question), RunOutcome::Completed);

    const QList<RecordedRequest> requests = h.modelRequests();
    QCOMPARE(requests.size(), 2);
    const QString qa = instructionsOf(requests[1]);
    QVERIFY2(qa.contains(u"You are the Q&A agent"_s), qPrintable(qa));
    QVERIFY2(qa.contains(exportLine), qPrintable(qa));
    QVERIFY2(qa.contains(u"Ctrl+Shift+T"_s), qPrintable(qa)); // the shortcuts are in it
    QVERIFY2(!qa.contains(other), qPrintable(qa)); // one language, the person's
    QVERIFY2(!qa.contains(u"$USER_GUIDE"_s), qPrintable(qa));
    QVERIFY(!instructionsOf(requests[0]).contains(exportLine)); // the classifier does not carry the guide
}

QTEST_MAIN(TestQaGuide)
#include "tst_qaguide.moc"
