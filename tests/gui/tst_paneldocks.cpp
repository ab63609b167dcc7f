// The window's router-mode docks: the tasks panel and the metrics view are in the View menu with their shortcuts,
// closed at first, and follow the conversation the window opens (its pending confirmation, its metrics).

#include "EngineHarness.h"
#include "MainWindow.h"
#include "MetricsView.h"
#include "PanelDocks.h"
#include "TasksPanel.h"
#include "presentation/ChatViewModel.h"
#include "presentation/MetricsViewModel.h"
#include "presentation/TasksViewModel.h"

#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QStandardPaths>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

class TestPanelDocks : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void theWindowDocksThePanelsAndTheyFollowTheConversation();
};

void TestPanelDocks::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-gui-test"_s);
}

void TestPanelDocks::theWindowDocksThePanelsAndTheyFollowTheConversation()
{
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(h.isReady());
    MainWindow window(&h.repository());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    PanelDocks *docks = window.panelDocks();
    QVERIFY(docks);
    QVERIFY(docks->tasksDock()->widget() == docks->tasksPanel());
    QVERIFY(docks->metricsDock()->widget() == docks->metricsView());

    // In the View menu, with their shortcuts; closed until opened.
    QMenu *view = window.menuBar()->findChild<QMenu *>(u"ViewMenu"_s);
    QVERIFY(view);
    for (QAction *toggle : docks->toggleActions()) {
        QVERIFY(view->actions().contains(toggle));
        QVERIFY(!toggle->shortcut().isEmpty());
    }
    QCOMPARE(docks->tasksDock()->toggleViewAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_T));
    QCOMPARE(docks->metricsDock()->toggleViewAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M));
    QVERIFY(docks->tasksDock()->isHidden());
    QVERIFY(docks->metricsDock()->isHidden());
    docks->tasksDock()->toggleViewAction()->trigger();
    QVERIFY(docks->tasksDock()->isVisible());

    // The open conversation's metrics and pending confirmation.
    const qint64 single = h.createConversation(Conversation::Mode::Single);
    h.server().enqueue(ScriptedReply::text({ u"Hi."_s }, { 12, 3, 0, 0 }));
    QCOMPARE(h.sendAndWait(single, u"Hello"_s), RunOutcome::Completed);
    window.viewModel()->openConversation(single);
    MetricsViewModel *metrics = docks->metricsView()->viewModel();
    QCOMPARE(metrics->metrics().conversationId, single);
    QCOMPARE(metrics->metrics().total.inputTokens, 12);
    const qint64 other = h.createConversation(Conversation::Mode::Single);
    window.viewModel()->openConversation(other);
    QCOMPARE(metrics->metrics().conversationId, other);
    QCOMPARE(metrics->rowCount(), 0); // nothing measured there yet
    QVERIFY(docks->tasksPanel()->viewModel()->pendingText().isEmpty());
}

QTEST_MAIN(TestPanelDocks)
#include "tst_paneldocks.moc"
