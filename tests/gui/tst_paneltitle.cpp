// The panel's dock and its View menu entry are named for the open conversation's mode: "Pipeline" for a pipeline,
// "Router" in router mode (it shows the current agent and the routing decisions there), in Russian too, and they
// follow a change of mode.
#include "EngineHarness.h"
#include "MainWindow.h"
#include "chat/Translations.h"
#include "presentation/ChatViewModel.h"
#include "presentation/SettingsViewModel.h"

#include <QCoreApplication>
#include <QDockWidget>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

class TestPanelTitle : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void titledForTheMode();
    void titledForTheModeInRussian();
};

void TestPanelTitle::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-gui-test"_s);
    QVERIFY(Translations::install(u"en"_s));
}

void TestPanelTitle::cleanup()
{
    Translations::install(u"en"_s); // not through the settings: a parallel test may share them
}

void TestPanelTitle::titledForTheMode()
{
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(h.isReady());
    SettingsViewModel settings(nullptr);
    MainWindow window(&h.repository(), &settings);
    const qint64 pipeline = h.createConversation(Conversation::Mode::Pipeline);
    const qint64 router = h.createConversation(Conversation::Mode::Router);

    window.viewModel()->openConversation(pipeline);
    QCOMPARE(window.pipelineDock()->windowTitle(), u"Pipeline"_s);
    window.viewModel()->openConversation(router);
    QCOMPARE(window.pipelineDock()->windowTitle(), u"Router"_s);
    window.viewModel()->setMode(Conversation::Mode::Pipeline); // the open conversation changes its mode
    QCOMPARE(window.pipelineDock()->windowTitle(), u"Pipeline"_s);
    window.viewModel()->setMode(Conversation::Mode::Router);
    QCOMPARE(window.pipelineDock()->windowTitle(), u"Router"_s);
    // The View menu's entry for the dock follows its title.
    QCOMPARE(window.pipelineDock()->toggleViewAction()->text(), u"&Router Panel"_s);
    window.viewModel()->openConversation(pipeline);
    QCOMPARE(window.pipelineDock()->toggleViewAction()->text(), u"&Pipeline Panel"_s);
}

void TestPanelTitle::titledForTheModeInRussian()
{
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(h.isReady());
    SettingsViewModel settings(nullptr);
    MainWindow window(&h.repository(), &settings);
    window.viewModel()->openConversation(h.createConversation(Conversation::Mode::Router));
    QVERIFY(Translations::install(u"ru"_s));
    QTRY_COMPARE(window.pipelineDock()->windowTitle(), u"Маршрутизатор"_s);
    QCOMPARE(window.pipelineDock()->toggleViewAction()->text(), u"Панель ма&ршрутизатора"_s);
    window.viewModel()->setMode(Conversation::Mode::Pipeline);
    QCOMPARE(window.pipelineDock()->windowTitle(), u"Конвейер"_s);
    QCOMPARE(window.pipelineDock()->toggleViewAction()->text(), u"Панель &конвейера"_s);
}

QTEST_MAIN(TestPanelTitle)
#include "tst_paneltitle.moc"
