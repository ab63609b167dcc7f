#include "StubChatRepository.h"
#include "presentation/ConversationListModel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Section = ConversationListModel::Section;
using Tandem::Test::StubChatRepository;

class TestConversationListModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sections_data();
    void sections();
    void listsPinnedFirstThenByActivity();
    void refreshMovesInsertsAndRemovesWithoutReset();
    void searchesTitlesAndContents();

private:
    qint64 add(StubChatRepository &repo, const QString &title, const QDateTime &updated, bool pinned = false);
};

qint64 TestConversationListModel::add(
    StubChatRepository &repo, const QString &title, const QDateTime &updated, bool pinned)
{
    Conversation c;
    c.id = repo.nextConversationId++;
    c.title = title;
    c.updatedAt = updated;
    c.pinned = pinned;
    repo.conversationRows.insert(c.id, c);
    return c.id;
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
    StubChatRepository repo;
    const QDateTime now = QDateTime::currentDateTime();
    add(repo, u"old"_s, now.addDays(-40));
    add(repo, u"recent"_s, now);
    add(repo, u"pinned"_s, now.addDays(-3), true);
    ConversationListModel model(&repo);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.index(0).data().toString(), u"pinned"_s);
    QCOMPARE(model.index(0).data(ConversationListModel::SectionRole).toString(), u"Pinned"_s);
    QCOMPARE(model.index(1).data().toString(), u"recent"_s);
    QCOMPARE(model.index(1).data(ConversationListModel::SectionRole).toString(), u"Today"_s);
    QCOMPARE(model.index(2).data(ConversationListModel::SectionRole).toString(), u"Older"_s);
    QCOMPARE(model.index(2).data(ConversationListModel::PinnedRole).toBool(), false);
}

void TestConversationListModel::refreshMovesInsertsAndRemovesWithoutReset()
{
    StubChatRepository repo;
    const QDateTime now = QDateTime::currentDateTime();
    const qint64 a = add(repo, u"a"_s, now.addSecs(-30));
    const qint64 b = add(repo, u"b"_s, now.addSecs(-20));
    const qint64 c = add(repo, u"c"_s, now.addSecs(-10));
    ConversationListModel model(&repo);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.idAt(0), c);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QSignalSpy moved(&model, &QAbstractItemModel::rowsMoved);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);

    repo.setPinned(a, true); // emits conversationsChanged
    QCOMPARE(model.idAt(0), a);
    QVERIFY(moved.count() >= 1);
    repo.renameConversation(b, u"bee"_s);
    QCOMPARE(model.index(model.rowOf(b)).data().toString(), u"bee"_s);
    QVERIFY(changed.count() >= 1);
    const qint64 d = repo.createConversation(Conversation::Mode::Dual);
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(model.index(model.rowOf(d)).data().toString(), u"New conversation"_s);
    repo.deleteConversation(c);
    QCOMPARE(removed.count(), 1);
    QCOMPARE(model.rowOf(c), -1);
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(reset.count(), 0);
}

void TestConversationListModel::searchesTitlesAndContents()
{
    StubChatRepository repo;
    const QDateTime now = QDateTime::currentDateTime();
    add(repo, u"Trip to Rome"_s, now);
    const qint64 other = add(repo, u"Groceries"_s, now.addSecs(-5));
    Message m;
    m.conversationId = other;
    m.content = u"remember the rome guidebook"_s;
    repo.seed(m);
    add(repo, u"Taxes"_s, now.addSecs(-9));
    ConversationListModel model(&repo);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setFilter(u"rome"_s);
    QCOMPARE(model.rowCount(), 2);
    model.setFilter(u"tax"_s);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.index(0).data().toString(), u"Taxes"_s);
    model.setFilter({});
    QCOMPARE(model.rowCount(), 3);
}

QTEST_GUILESS_MAIN(TestConversationListModel)
#include "tst_conversationlistmodel.moc"
