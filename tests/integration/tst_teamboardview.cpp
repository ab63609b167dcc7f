// The window's team board without widgets (issue #31 item 4), on a throwaway PostgreSQL 15 cluster: a story another
// connection writes to the board appears in the view model with its phase, the opened story follows its handoffs,
// the board going down reads offline and comes back by itself; and Settings → Team board's connection test says what
// it found.
#include "PostgresCluster.h"
#include "PostgresServerSwitch.h"
#include "chat/TeamBoard.h"
#include "chat/TeamBoardSetup.h"
#include "presentation/TeamBoardSettingsViewModel.h"
#include "presentation/TeamBoardViewModel.h"
#include "storage/PostgresBoardStore.h"
#include "storage/SecretStore.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

class TestTeamBoardView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void storyWrittenElsewhereAppears();
    void offlineAndBack();
    void offWithoutUrl();
    void connectionTestSaysWhatItFound();

private:
    std::unique_ptr<PostgresBoardStore> writer();
    Handoff hand(qint64 story, const QString &from, const QString &to);

    PostgresCluster m_cluster;
};

void TestTeamBoardView::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY2(m_cluster.start(), qPrintable(m_cluster.errorString()));
}

std::unique_ptr<PostgresBoardStore> TestTeamBoardView::writer()
{
    QString error;
    const std::optional<BoardUrl> url = BoardUrl::parse(m_cluster.url(), &error);
    if (!url)
        return nullptr;
    return PostgresBoardStore::open(*url, {}, &error);
}

Handoff TestTeamBoardView::hand(qint64 story, const QString &from, const QString &to)
{
    Handoff handoff;
    handoff.conversationId = story;
    handoff.fromAgent = from;
    handoff.toAgent = to;
    handoff.payload = { { u"plan"_s, u"Parse the config"_s } };
    return handoff;
}

void TestTeamBoardView::storyWrittenElsewhereAppears()
{
    TeamBoard board(50);
    TeamBoardViewModel view(&board);
    QAbstractItemModelTester tester(view.stories(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    board.connectWithPassword(m_cluster.url(), {});
    QTRY_VERIFY2_WITH_TIMEOUT(view.isOnline(), qPrintable(view.statusText()), 20000);
    const int before = view.stories()->rowCount();

    // Another Tandem (another connection) starts a story: analyst hands to implementer.
    std::unique_ptr<PostgresBoardStore> other = writer();
    QVERIFY(other);
    const qint64 key = other->story(u"v0.1:7.1.1"_s);
    QVERIFY(key > 0);
    Handoff first = hand(key, u"analyst"_s, u"implementer"_s);
    QVERIFY(other->create(first));

    QTRY_COMPARE_WITH_TIMEOUT(view.stories()->rowCount(), before + 1, 20000);
    TeamStoryListModel *stories = view.stories();
    QCOMPARE(stories->index(0, TeamStoryListModel::StoryColumn).data().toString(), u"v0.1:7.1.1"_s);
    QCOMPARE(stories->index(0, TeamStoryListModel::PhaseColumn).data().toString(), u"implementing"_s);
    QCOMPARE(stories->index(0, TeamStoryListModel::StatusColumn).data().toString(), u"pending"_s);
    QVERIFY(view.statusText().contains(QString::number(before + 1)));

    // Opened, the story shows its pipeline; the implementer's acceptance elsewhere follows live.
    view.openStory(0);
    QTRY_COMPARE_WITH_TIMEOUT(view.openedStoryHandoffs().size(), 1, 20000);
    QVERIFY(view.openedStoryHandoffs().constFirst().startsWith(u"analyst → implementer: pending"_s));
    QCOMPARE(view.openedStorySummary(), u"v0.1:7.1.1: implementing, with implementer."_s);
    QVERIFY(first.transitionTo(Handoff::Status::Accepted, QDateTime::currentDateTimeUtc()));
    QVERIFY(other->saveStatus(first));
    QTRY_VERIFY_WITH_TIMEOUT(view.openedStoryHandoffs().constFirst().contains(u"accepted"_s), 20000);
    QTRY_COMPARE_WITH_TIMEOUT(
        stories->index(0, TeamStoryListModel::StatusColumn).data().toString(), u"accepted"_s, 20000);
}

void TestTeamBoardView::offlineAndBack()
{
    TeamBoard board(50);
    TeamBoardViewModel view(&board);
    board.connectWithPassword(m_cluster.url(), {});
    QTRY_VERIFY2_WITH_TIMEOUT(view.isOnline(), qPrintable(view.statusText()), 20000);

    QString error;
    QVERIFY2(PostgresServerSwitch::stop(m_cluster, &error), qPrintable(error));
    QTRY_COMPARE_WITH_TIMEOUT(view.state(), TeamBoard::State::Offline, 20000);
    QVERIFY2(view.statusText().contains(u"offline"_s), qPrintable(view.statusText()));

    QVERIFY2(PostgresServerSwitch::start(m_cluster, &error), qPrintable(error));
    QTRY_VERIFY2_WITH_TIMEOUT(view.isOnline(), qPrintable(view.statusText()), 30000);
    // Back, it catches up with what was written while it looked away.
    std::unique_ptr<PostgresBoardStore> other = writer();
    QVERIFY(other);
    Handoff handoff = hand(other->story(u"v0.2:1"_s), u"implementer"_s, u"reviewer"_s);
    QVERIFY(other->create(handoff));
    QTRY_COMPARE_WITH_TIMEOUT(
        view.stories()->index(0, TeamStoryListModel::StoryColumn).data().toString(), u"v0.2:1"_s, 20000);
    QCOMPARE(view.stories()->index(0, TeamStoryListModel::PhaseColumn).data().toString(), u"reviewing"_s);
}

void TestTeamBoardView::offWithoutUrl()
{
    TeamBoard board(50);
    TeamBoardViewModel view(&board);
    board.connectTo(QString(), nullptr);
    QCOMPARE(view.state(), TeamBoard::State::Off);
    QVERIFY(view.statusText().contains(u"Settings"_s));
}

void TestTeamBoardView::connectionTestSaysWhatItFound()
{
    SecretStore secrets(u"tandem-teamboard-test"_s);
    secrets.setRetryDelay(50);
    TeamBoardSetup setup(&secrets);
    TeamBoardSettingsViewModel settings(&setup);
    QSignalSpy tested(&settings, &TeamBoardSettingsViewModel::tested);

    std::unique_ptr<PostgresBoardStore> other = writer();
    QVERIFY(other);
    other->story(u"v0.3:1"_s);
    settings.test(m_cluster.url(), {});
    QTRY_COMPARE_WITH_TIMEOUT(tested.size(), 1, 30000);
    QCOMPARE(tested.at(0).at(0).toBool(), true);
    QVERIFY2(tested.at(0).at(1).toString().startsWith(u"Connected."_s), qPrintable(tested.at(0).at(1).toString()));
    QTemporaryDir empty;
    settings.test(u"postgresql://nobody@localhost/board?host=%1"_s.arg(empty.path()), u"secret"_s);
    QTRY_COMPARE_WITH_TIMEOUT(tested.size(), 2, 30000);
    QCOMPARE(tested.at(1).at(0).toBool(), false);
    QVERIFY2(tested.at(1).at(1).toString().contains(u"cannot be reached"_s), qPrintable(tested.at(1).at(1).toString()));

    QVERIFY(settings.problemOf(u"postgresql://nobody:pw@localhost/board"_s).contains(u"keychain"_s));
    QVERIFY(settings.problemOf(u"https://example.org/"_s).startsWith(u"This is not a board's address"_s));
    QVERIFY(settings.problemOf(QString()).isEmpty());
}

QTEST_GUILESS_MAIN(TestTeamBoardView)
#include "tst_teamboardview.moc"
