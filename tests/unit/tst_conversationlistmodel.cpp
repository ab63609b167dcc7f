// The sidebar model on real parts: the real LocalChatRepository on a temporary SQLite file (and, for a run, the fake
// LLM server over loopback). Conversations that exist before the model is made are written with the real stores.

#include "EngineHarness.h"
#include "presentation/ConversationListModel.h"
#include "storage/ConversationStore.h"
#include "storage/MessageStore.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Section = ConversationListModel::Section;
using Tandem::Test::EngineHarness;
using Tandem::Test::ScriptedReply;

class TestConversationListModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void sections_data();
    void sections();
    void listsPinnedFirstThenByActivity();
    void refreshMovesInsertsAndRemovesWithoutReset();
    void aRunMovesItsConversationUpAndTitlesIt();
    void searchesTitlesAndContents();

private:
    /// Writes a conversation with the real ConversationStore; 0 on failure.
    qint64 add(const QString &title, const QDateTime &updated, bool pinned = false);

    std::unique_ptr<EngineHarness> m_h;
    LocalChatRepository *m_repo = nullptr;
};

void TestConversationListModel::init()
{
    EngineConfig config = EngineHarness::testConfig(); // no retries
    config.persistIntervalMs = 10;
    m_h = std::make_unique<EngineHarness>(ProviderProfile::Protocol::ChatCompletions, config);
    QVERIFY(m_h->isReady());
    m_repo = &m_h->repository();
}

void TestConversationListModel::cleanup()
{
    m_repo = nullptr;
    m_h.reset();
}

qint64 TestConversationListModel::add(const QString &title, const QDateTime &updated, bool pinned)
{
    Conversation c;
    c.title = title;
    c.createdAt = updated;
    c.updatedAt = updated;
    c.pinned = pinned;
    c.providerId = u"fake"_s;
    return m_h->work().conversations().create(c) ? c.id : 0;
}

void TestConversationListModel::sections_data()
{
    QTest::addColumn<QDate>("date");
    QTest::addColumn<bool>("pinned");
    QTest::addColumn<int>("section");
    const QDate today(2025, 3, 15);
    QTest::newRow("today") << today << false << int(Section::Today);
    QTest::newRow("future clock skew") << today.addDays(1) << false << int(Section::Today);
    QTest::newRow("yesterday") << today.addDays(-1) << false << int(Section::Yesterday);
    QTest::newRow("2 days") << today.addDays(-2) << false << int(Section::Previous7Days);
    QTest::newRow("7 days") << today.addDays(-7) << false << int(Section::Previous7Days);
    QTest::newRow("8 days") << today.addDays(-8) << false << int(Section::Previous30Days);
    QTest::newRow("30 days") << today.addDays(-30) << false << int(Section::Previous30Days);
    QTest::newRow("31 days") << today.addDays(-31) << false << int(Section::Older);
    QTest::newRow("no date") << QDate() << false << int(Section::Older);
    QTest::newRow("pinned old") << today.addDays(-400) << true << int(Section::Pinned);
}

void TestConversationListModel::sections()
{
    QFETCH(QDate, date);
    QFETCH(bool, pinned);
    QFETCH(int, section);
    QCOMPARE(int(ConversationListModel::sectionFor(date, QDate(2025, 3, 15), pinned)), section);
    QVERIFY(!ConversationListModel::sectionLabel(Section(section)).isEmpty());
}

void TestConversationListModel::listsPinnedFirstThenByActivity()
{
    const QDateTime now = QDateTime::currentDateTime();
    QVERIFY(add(u"old"_s, now.addDays(-40)) > 0);
    QVERIFY(add(u"recent"_s, now) > 0);
    QVERIFY(add(u"pinned"_s, now.addDays(-3), true) > 0);
    ConversationListModel model(m_repo);
    model.setToday(now.date());
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.index(0).data().toString(), u"pinned"_s);
    QCOMPARE(model.index(0).data(ConversationListModel::SectionRole).toString(), u"Pinned"_s);
    QCOMPARE(model.index(0).data(ConversationListModel::PinnedRole).toBool(), true);
    QCOMPARE(model.index(1).data().toString(), u"recent"_s);
    QCOMPARE(model.index(1).data(ConversationListModel::SectionRole).toString(), u"Today"_s);
    QCOMPARE(model.index(2).data().toString(), u"old"_s);
    QCOMPARE(model.index(2).data(ConversationListModel::SectionRole).toString(), u"Older"_s);
    QCOMPARE(model.index(2).data(ConversationListModel::PinnedRole).toBool(), false);
}

void TestConversationListModel::refreshMovesInsertsAndRemovesWithoutReset()
{
    const QDateTime now = QDateTime::currentDateTime();
    const qint64 a = add(u"a"_s, now.addSecs(-30));
    const qint64 b = add(u"b"_s, now.addSecs(-20));
    const qint64 c = add(u"c"_s, now.addSecs(-10));
    QVERIFY(a > 0 && b > 0 && c > 0);
    ConversationListModel model(m_repo);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.idAt(0), c);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QSignalSpy moved(&model, &QAbstractItemModel::rowsMoved);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);

    QVERIFY(m_repo->setPinned(a, true)); // emits conversationsChanged
    QCOMPARE(model.idAt(0), a);
    QVERIFY(moved.count() >= 1);
    QVERIFY(model.index(0).data(ConversationListModel::PinnedRole).toBool());
    QVERIFY(m_repo->renameConversation(b, u"bee"_s));
    QCOMPARE(model.index(model.rowOf(b)).data().toString(), u"bee"_s);
    QVERIFY(changed.count() >= 1);
    const qint64 d = m_repo->createConversation(Conversation::Mode::Dual);
    QVERIFY(d > 0);
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(model.rowOf(d), 1); // the newest, after the pinned one
    QCOMPARE(model.index(model.rowOf(d)).data().toString(), u"New conversation"_s);
    QCOMPARE(model.index(model.rowOf(d)).data(ConversationListModel::ModeNameRole).toString(), u"dual"_s);
    QVERIFY(m_repo->deleteConversation(c));
    QCOMPARE(removed.count(), 1);
    QCOMPARE(model.rowOf(c), -1);
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(reset.count(), 0);
    // The model holds what the repository lists, in its order.
    const QList<Conversation> listed = m_repo->conversations();
    QCOMPARE(model.rowCount(), listed.size());
    for (int row = 0; row < listed.size(); ++row)
        QCOMPARE(model.idAt(row), listed.at(row).id);
}

void TestConversationListModel::aRunMovesItsConversationUpAndTitlesIt()
{
    const QDateTime now = QDateTime::currentDateTime();
    const qint64 untitled = add(QString(), now.addSecs(-30));
    const qint64 newer = add(u"newer"_s, now.addSecs(-20));
    QVERIFY(untitled > 0 && newer > 0);
    ConversationListModel model(m_repo);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.idAt(0), newer);
    QCOMPARE(model.index(1).data().toString(), u"New conversation"_s);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QSignalSpy moved(&model, &QAbstractItemModel::rowsMoved);

    m_h->server().enqueue(ScriptedReply::text({ u"Hi"_s }));
    QCOMPARE(m_h->sendAndWait(untitled, u"Plan a trip to Rome"_s), RunOutcome::Completed);
    QCOMPARE(model.idAt(0), untitled); // its activity moved it up
    QCOMPARE(model.index(0).data().toString(), u"Plan a trip to Rome"_s); // the first message titled it
    QCOMPARE(model.index(0).data(ConversationListModel::SectionRole).toString(), u"Today"_s);
    QVERIFY(moved.count() >= 1);
    QCOMPARE(reset.count(), 0);
    QCOMPARE(model.rowCount(), 2);
}

void TestConversationListModel::searchesTitlesAndContents()
{
    const QDateTime now = QDateTime::currentDateTime();
    QVERIFY(add(u"Trip to Rome"_s, now) > 0);
    const qint64 groceries = add(u"Groceries"_s, now.addSecs(-5));
    QVERIFY(groceries > 0);
    Message m;
    m.conversationId = groceries;
    m.content = u"remember the rome guidebook"_s;
    QVERIFY(m_h->work().messages().append(m));
    QVERIFY(add(u"Taxes"_s, now.addSecs(-9)) > 0);
    ConversationListModel model(m_repo);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 3);
    model.setFilter(u"rome"_s);
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.index(0).data().toString(), u"Trip to Rome"_s);
    QCOMPARE(model.index(1).data().toString(), u"Groceries"_s); // by its message
    model.setFilter(u"tax"_s);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.index(0).data().toString(), u"Taxes"_s);
    model.setFilter({});
    QCOMPARE(model.rowCount(), 3);
}

QTEST_GUILESS_MAIN(TestConversationListModel)
#include "tst_conversationlistmodel.moc"
