// The window's Stop while an outside agent's program works (issue #27, item 4): the program runs without a run of the
// engine, yet the window shows the conversation busy, Stop is there to click, and clicking it ends the program's
// process group; its bubble stays, marked stopped.
#include "Composer.h"
#include "MainWindow.h"
#include "OutsideStory.h"
#include "presentation/ChatViewModel.h"
#include "storage/UnitOfWork.h"

#include <QAction>
#include <QPushButton>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

class TestOutsideStop : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void stopEndsTheOutsideProgram();
};

void TestOutsideStop::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-gui-test"_s);
}

void TestOutsideStop::cleanup()
{
    QVERIFY(EngineHarness::takeSpecProblems().isEmpty());
}

void TestOutsideStop::stopEndsTheOutsideProgram()
{
    // A marker no other process has: the sleeping child is found by its command line.
    const QString marker = u"%1.%2"_s.arg(800000 + QRandomGenerator::global()->bounded(90000)).arg(17);
    OutsideStory story(u"sh, ./sleep-forever.sh, \"%1\""_s.arg(marker));
    QVERIFY(story.isReady());
    MainWindow window(&story.repository());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.viewModel()->openConversation(story.story());
    auto *stop = window.composer()->findChild<QPushButton *>(u"StopButton"_s);
    QVERIFY(stop);
    QVERIFY(!stop->isVisible());

    const Handoff handoff = story.handToAnalyst();
    QVERIFY(handoff.id > 0);
    QList<qint64> sleepers;
    QTRY_VERIFY_WITH_TIMEOUT(!(sleepers = OutsideStory::processesRunning({ u"sleep"_s, marker })).isEmpty(), 20000);
    const qint64 sleeper = sleepers.constFirst();
    QVERIFY(OutsideStory::alive(sleeper));

    // Busy, with Stop to click, while nothing of the engine runs.
    QTRY_VERIFY_WITH_TIMEOUT(window.viewModel()->isRunning(), 10000);
    QVERIFY(stop->isVisible() && stop->isEnabled());
    QVERIFY(!window.viewModel()->workingText().isEmpty());

    QTest::mouseClick(stop, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!OutsideStory::alive(sleeper), 10000);
    QTRY_VERIFY_WITH_TIMEOUT(!window.viewModel()->isRunning(), 10000);
    QVERIFY(!stop->isVisible());
    const std::optional<Message> bubble = story.bubble(handoff.id);
    QVERIFY(bubble);
    QCOMPARE(bubble->status, Message::Status::Cancelled);
    QVERIFY(bubble->content.contains(u"analyst: sleeping"_s));
    QVERIFY2(bubble->error.startsWith(u"Analyst: Stopped: its program was ended."_s), qPrintable(bubble->error));
}

QTEST_MAIN(TestOutsideStop)
#include "tst_outsidestop.moc"
