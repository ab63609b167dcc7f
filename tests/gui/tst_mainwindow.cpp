#include "Composer.h"
#include "MainWindow.h"

#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScreen>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

#include <algorithm>

using namespace Qt::StringLiterals;
using namespace Tandem;

class TestMainWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void showsSidebarChatAndComposer();
    void everyControlHasAnAccessibleName();
    void enterSendsShiftEnterBreaksLine();
    void disabledSendingSendsNothing();
};

void TestMainWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-gui-test"_s);
}

void TestMainWindow::showsSidebarChatAndComposer()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.findChild<QListView *>(u"ConversationList"_s)->isVisible());
    QVERIFY(window.findChild<QPlainTextEdit *>()->isVisible());
    // Wide, as far as the screen allows (the offscreen one is 800 wide: the window and its frame fill it).
    QTRY_VERIFY(window.frameGeometry().width() >= std::min(800, window.screen()->availableGeometry().width()));
    QVERIFY(window.screen()->availableGeometry().contains(window.frameGeometry()));
}

void TestMainWindow::everyControlHasAnAccessibleName()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const auto widgets = window.findChildren<QWidget *>();
    for (QWidget *w : widgets) {
        const bool interactive = qobject_cast<QAbstractButton *>(w) || qobject_cast<QAbstractItemView *>(w)
            || qobject_cast<QPlainTextEdit *>(w) || qobject_cast<QLineEdit *>(w);
        if (interactive && w->isVisible())
            QVERIFY2(!w->accessibleName().isEmpty() || !w->toolTip().isEmpty(), w->metaObject()->className());
    }
}

void TestMainWindow::enterSendsShiftEnterBreaksLine()
{
    Composer composer;
    composer.show();
    QVERIFY(QTest::qWaitForWindowExposed(&composer));
    QSignalSpy sent(&composer, &Composer::sendRequested);
    auto *editor = composer.findChild<QPlainTextEdit *>();
    editor->setFocus();
    QTest::keyClicks(editor, u"first line"_s);
    QTest::keyClick(editor, Qt::Key_Return, Qt::ShiftModifier);
    QTest::keyClicks(editor, u"second"_s);
    QCOMPARE(sent.count(), 0);
    QCOMPARE(composer.text(), u"first line\nsecond"_s);
    QTest::keyClick(editor, Qt::Key_Return);
    QCOMPARE(sent.count(), 1);
    QCOMPARE(sent.first().first().toString(), u"first line\nsecond"_s);

    // A blank message is not sent.
    composer.clear();
    QTest::keyClicks(editor, u"   "_s);
    QTest::keyClick(editor, Qt::Key_Enter);
    QCOMPARE(sent.count(), 1);
}

void TestMainWindow::disabledSendingSendsNothing()
{
    Composer composer;
    composer.setSendingEnabled(false, u"No provider"_s);
    composer.show();
    QVERIFY(QTest::qWaitForWindowExposed(&composer));
    QSignalSpy sent(&composer, &Composer::sendRequested);
    auto *editor = composer.findChild<QPlainTextEdit *>();
    QTest::keyClicks(editor, u"hello"_s);
    QTest::keyClick(editor, Qt::Key_Return);
    QCOMPARE(sent.count(), 0);
    auto *send = composer.findChild<QPushButton *>();
    QVERIFY(!send->isEnabled());
    QCOMPARE(send->toolTip(), u"No provider"_s);
    QCOMPARE(composer.text(), u"hello"_s); // nothing typed is lost
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
