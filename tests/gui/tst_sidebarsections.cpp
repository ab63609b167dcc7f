// The sidebar's date sections: a row that starts a section is taller (it carries the header). When a change moves a
// section boundary without moving rows (the top conversation pinned in place), the rows below are measured again.

#include "MainWindow.h"
#include "TemporaryDatabase.h"
#include "chat/LocalChatRepository.h"
#include "presentation/ConversationListModel.h"
#include "storage/ConversationStore.h"

#include <QListView>
#include <QNetworkAccessManager>
#include <QStandardPaths>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;

class TestSidebarSections : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void pinningInPlaceMeasuresTheRowsAgain();
};

void TestSidebarSections::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-gui-test"_s);
}

void TestSidebarSections::pinningInPlaceMeasuresTheRowsAgain()
{
    Test::TemporaryDatabase db;
    QVERIFY2(db.isReady(), qPrintable(db.errorString()));
    QNetworkAccessManager network;
    LocalChatRepository repository(db.work(), &network, nullptr, nullptr);
    const qint64 older = repository.createConversation();
    const qint64 newer = repository.createConversation();
    const QDateTime now = QDateTime::currentDateTimeUtc();
    QVERIFY(db.work().conversations().touch(older, now.addSecs(-60)));
    QVERIFY(db.work().conversations().touch(newer, now));
    QVERIFY(repository.renameConversation(older, u"Older"_s));
    QVERIFY(repository.renameConversation(newer, u"Newer"_s));

    MainWindow window(&repository);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *list = window.findChild<QListView *>(u"ConversationList"_s);
    ConversationListModel *model = window.conversations();
    QCOMPARE(model->idAt(0), newer);
    // Both under "Today": only the first row carries the header.
    const int header = list->visualRect(model->index(0)).height() - list->visualRect(model->index(1)).height();
    QVERIFY(header > 0);

    // Pinning the top row keeps the order; "Older" now starts the "Today" section under "Pinned".
    QVERIFY(repository.setPinned(newer, true));
    QCOMPARE(model->idAt(0), newer);
    QTRY_COMPARE(list->visualRect(model->index(1)).height(), list->visualRect(model->index(0)).height());
    QCOMPARE(list->visualRect(model->index(1)).top(), list->visualRect(model->index(0)).bottom() + 1);
}

QTEST_MAIN(TestSidebarSections)
#include "tst_sidebarsections.moc"
