// The team board's widgets (issue #31 items 1 and 4), offscreen, on a throwaway PostgreSQL 15 cluster: the window's
// Team Board dock lists a story another connection writes and shows its handoffs, reads offline while the server is
// down and recovers; Settings → Team board checks the URL as it is typed, saves it (the password into the keychain
// only, never into the settings) and tests the connection without blocking the window.
#include "EngineHarness.h"
#include "MainWindow.h"
#include "PostgresCluster.h"
#include "PostgresServerSwitch.h"
#include "SecretTestUtil.h"
#include "SettingsDialog.h"
#include "TeamBoardDock.h"
#include "TeamBoardPage.h"
#include "TeamBoardPanel.h"
#include "TemporaryDatabase.h"
#include "chat/LocalSettingsService.h"
#include "chat/TeamBoard.h"
#include "chat/TeamBoardSetup.h"
#include "presentation/SettingsViewModel.h"
#include "presentation/TeamBoardSettingsViewModel.h"
#include "presentation/TeamBoardViewModel.h"
#include "storage/BoardUrl.h"
#include "storage/PostgresBoardStore.h"

#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QNetworkAccessManager>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTest>
#include <QTreeView>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

class TestTeamBoardPanel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void dockFollowsTheBoard();
    void settingsPageSavesAndTests();
    void windowAndSettingsHaveThem();

private:
    PostgresCluster m_cluster;
};

void TestTeamBoardPanel::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-teamboard-test"_s);
    QSettings().clear();
    QVERIFY2(m_cluster.start(), qPrintable(m_cluster.errorString()));
}

void TestTeamBoardPanel::dockFollowsTheBoard()
{
    TeamBoard board(50);
    TeamBoardViewModel view(&board);
    TeamBoardDock dock(&view);
    dock.resize(420, 600);
    dock.show();
    TeamBoardPanel *panel = dock.panel();
    QVERIFY(panel->statusLabel()->text().contains(u"Settings"_s));

    board.connectWithPassword(m_cluster.url(), {});
    QTRY_VERIFY_WITH_TIMEOUT(panel->statusLabel()->text().startsWith(u"Team board:"_s), 20000);

    QString error;
    std::unique_ptr<PostgresBoardStore> other
        = PostgresBoardStore::open(*BoardUrl::parse(m_cluster.url(), &error), {}, &error);
    QVERIFY2(other, qPrintable(error));
    Handoff handoff;
    handoff.conversationId = other->story(u"v1.0:3.2"_s);
    handoff.fromAgent = u"reviewer"_s;
    handoff.toAgent = u"refactorer"_s;
    QVERIFY(other->create(handoff));

    QTreeView *stories = panel->storyList();
    QTRY_COMPARE_WITH_TIMEOUT(stories->model()->rowCount(), 1, 20000);
    QCOMPARE(stories->model()->index(0, 0).data().toString(), u"v1.0:3.2"_s);
    QCOMPARE(stories->model()->index(0, 1).data().toString(), u"refactoring"_s);
    stories->setCurrentIndex(stories->model()->index(0, 0));
    QTRY_COMPARE_WITH_TIMEOUT(panel->handoffList()->count(), 1, 20000);
    QVERIFY(panel->handoffList()->item(0)->text().startsWith(u"reviewer → refactorer: pending"_s));
    QCOMPARE(panel->storySummary()->text(), u"v1.0:3.2: refactoring, with refactorer."_s);

    QVERIFY2(PostgresServerSwitch::stop(m_cluster, &error), qPrintable(error));
    QTRY_VERIFY_WITH_TIMEOUT(panel->statusLabel()->text().contains(u"offline"_s), 20000);
    QVERIFY(!stories->isEnabled());
    QVERIFY2(PostgresServerSwitch::start(m_cluster, &error), qPrintable(error));
    QTRY_VERIFY_WITH_TIMEOUT(panel->statusLabel()->text().startsWith(u"Team board:"_s), 30000);
    QVERIFY(stories->isEnabled());
    QCOMPARE(stories->model()->rowCount(), 1);
}

void TestTeamBoardPanel::settingsPageSavesAndTests()
{
    SecretStore secrets(u"tandem-teamboard-gui-test"_s);
    secrets.setRetryDelay(50);
    TeamBoardSetup setup(&secrets);
    TeamBoardSettingsViewModel settings(&setup);
    QStringList announced;
    connect(&setup, &TeamBoardSetup::boardChanged, this, [&](const QString &url) { announced.append(url); });
    TeamBoardPage page(&settings);
    page.show();
    QVERIFY(page.statusLabel()->text().startsWith(u"Off"_s));

    // A bad URL is named at once, and cannot be saved or tested.
    page.urlField()->setText(u"postgresql://alice:hunter2@db.example.org/team"_s);
    QVERIFY(page.statusLabel()->text().contains(u"keychain"_s));
    QVERIFY(!page.saveButton()->isEnabled());
    QVERIFY(!page.testButton()->isEnabled());

    // A good one is saved; the password goes to the keychain under the board's own key, not into the settings.
    const QString url = m_cluster.url();
    const QString password = u"s3cret-board-password"_s;
    page.urlField()->setText(url);
    QVERIFY(page.saveButton()->isEnabled());
    page.passwordField()->setText(password);
    page.saveButton()->click();
    QTRY_VERIFY_WITH_TIMEOUT(page.statusLabel()->text().contains(u"keychain"_s), 20000);
    QVERIFY2(page.statusLabel()->text().startsWith(u"Saved."_s), qPrintable(page.statusLabel()->text()));
    QVERIFY(page.passwordField()->text().isEmpty());
    QCOMPARE(TeamBoardSetup::storedUrl(), url);
    QVERIFY(!announced.isEmpty());
    QCOMPARE(announced.constLast(), url);
    QString error;
    const SecretStore::Result stored
        = waitFor([&](SecretStore::Callback done) { secrets.read(BoardUrl::parse(url, &error)->secretKey(), done); });
    QVERIFY2(stored.ok(), qPrintable(stored.errorString));
    QCOMPARE(stored.secret, password);
    QSettings().sync();
    QFile file(QSettings().fileName());
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(!file.readAll().contains(password.toUtf8()));

    // "Test connection" answers from its thread: the window goes on meanwhile.
    page.testButton()->click();
    QCOMPARE(page.statusLabel()->text(), u"Connecting…"_s);
    QVERIFY(!page.testButton()->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(page.testButton()->isEnabled(), 30000);
    QVERIFY2(
        page.statusLabel()->text().startsWith(u"Connected. The board holds"_s), qPrintable(page.statusLabel()->text()));

    // Off: local only.
    page.offButton()->click();
    QVERIFY(TeamBoardSetup::storedUrl().isEmpty());
    QCOMPARE(announced.constLast(), QString());
    QVERIFY(page.statusLabel()->text().startsWith(u"Off"_s));
    secrets.remove(BoardUrl::parse(url, &error)->secretKey(), [](const SecretStore::Result &) {});
}

void TestTeamBoardPanel::windowAndSettingsHaveThem()
{
    Test::EngineHarness harness(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(harness.isReady());
    TeamBoard board(50);
    TeamBoardViewModel view(&board);
    SecretStore secrets(u"tandem-teamboard-gui-test"_s);
    secrets.setRetryDelay(50);
    TeamBoardSetup setup(&secrets);
    TeamBoardSettingsViewModel teamSettings(&setup);

    // View → Team Board (Ctrl+Shift+B), beside the conversations, closed until opened.
    MainWindow window(&harness.repository());
    window.setTeamBoard(&view, &teamSettings);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    TeamBoardDock *dock = window.teamBoardDock();
    QVERIFY(dock);
    QCOMPARE(window.dockWidgetArea(dock), Qt::LeftDockWidgetArea);
    QVERIFY(dock->isHidden());
    QMenu *viewMenu = window.menuBar()->findChild<QMenu *>(u"ViewMenu"_s);
    QVERIFY(viewMenu && viewMenu->actions().contains(dock->toggleViewAction()));
    QCOMPARE(dock->toggleViewAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_B));
    dock->toggleViewAction()->trigger();
    QVERIFY(dock->isVisible());
    QVERIFY(dock->panel()->statusLabel()->text().contains(u"Settings"_s));

    // Settings → Team board.
    Test::TemporaryDatabase db;
    QVERIFY2(db.isReady(), qPrintable(db.errorString()));
    QNetworkAccessManager network;
    LocalSettingsService service(&db.work(), &secrets, &network);
    SettingsViewModel settings(&service);
    SettingsDialog dialog(&settings);
    dialog.addTeamBoardPage(&teamSettings);
    auto *tabs = dialog.findChild<QTabWidget *>();
    QVERIFY(tabs);
    QCOMPARE(tabs->tabText(tabs->count() - 1), u"Team &board"_s);
    QVERIFY(qobject_cast<TeamBoardPage *>(tabs->widget(tabs->count() - 1)));
}

QTEST_MAIN(TestTeamBoardPanel)
#include "tst_teamboardpanel.moc"
