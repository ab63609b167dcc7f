// What the window loads lazily, on a real database: the sidebar shows its first page of conversations and reads more
// as the list is scrolled down; a long conversation opens at its newest message, keeps a bounded window of rows while
// it is scrolled up to its first message, and comes back down to the newest (paging and by the End key).

#include "ChatView.h"
#include "MainWindow.h"
#include "TemporaryDatabase.h"
#include "chat/LocalChatRepository.h"
#include "presentation/ChatViewModel.h"
#include "presentation/ConversationListModel.h"
#include "presentation/MessageListModel.h"
#include "storage/ConversationStore.h"
#include "storage/MessageStore.h"
#include "storage/Transaction.h"

#include <QListView>
#include <QNetworkAccessManager>
#include <QScrollBar>
#include <QSet>
#include <QStandardPaths>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;

class TestLazyLoading : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void sidebarShowsTheFirstPageAndFetchesMoreOnScroll();
    void bigConversationOpensAtTheNewestAndScrollsToTheFirst();

private:
    /// @p count conversations, each with one message, the last created the most recently active.
    static QList<qint64> addConversations(Test::TemporaryDatabase &db, int count);
};

void TestLazyLoading::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-gui-test"_s);
}

QList<qint64> TestLazyLoading::addConversations(Test::TemporaryDatabase &db, int count)
{
    QList<qint64> ids;
    Transaction transaction(db.work());
    const QDateTime start = QDateTime::currentDateTimeUtc().addDays(-3);
    for (int i = 0; i < count; ++i) {
        Conversation conversation;
        conversation.title = u"Conversation %1"_s.arg(i);
        conversation.createdAt = conversation.updatedAt = start.addSecs(i * 60);
        if (!db.work().conversations().create(conversation))
            return {};
        ids.append(conversation.id);
    }
    return transaction.commit() ? ids : QList<qint64> {};
}

void TestLazyLoading::sidebarShowsTheFirstPageAndFetchesMoreOnScroll()
{
    Test::TemporaryDatabase db;
    QVERIFY2(db.isReady(), qPrintable(db.errorString()));
    const QList<qint64> ids = addConversations(db, 250);
    QCOMPARE(ids.size(), 250);
    QNetworkAccessManager network;
    LocalChatRepository repository(db.work(), &network, nullptr, nullptr);

    MainWindow window(&repository);
    window.resize(900, 600);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    ConversationListModel *model = window.conversations();
    auto *list = window.findChild<QListView *>(u"ConversationList"_s);
    QVERIFY(list);

    // The first page only, newest first.
    const int page = model->pageSize();
    QCOMPARE(model->rowCount(), page);
    QCOMPARE(model->idAt(0), ids.constLast());
    QCOMPARE(model->idAt(page - 1), ids.at(ids.size() - page));
    QVERIFY(model->canFetchMore({}));

    // Scrolling to the end of the list reads the next pages, until every conversation is there, each once.
    for (int round = 0; round < 10 && model->canFetchMore({}); ++round) {
        const int before = model->rowCount();
        list->scrollToBottom(); // lays out what is pending first, then moves to the end
        QTRY_VERIFY(model->rowCount() > before || !model->canFetchMore({}));
    }
    QCOMPARE(model->rowCount(), ids.size());
    QVERIFY(!model->canFetchMore({}));
    QSet<qint64> shown;
    for (int row = 0; row < model->rowCount(); ++row) {
        QCOMPARE(model->idAt(row), ids.at(ids.size() - 1 - row));
        shown.insert(model->idAt(row));
    }
    QCOMPARE(shown.size(), ids.size());

    // A new conversation after everything was read: it goes on top, and nothing falls off the end.
    const qint64 fresh = repository.createConversation();
    QTRY_COMPARE(model->idAt(0), fresh);
    QCOMPARE(model->rowCount(), ids.size() + 1);
    QCOMPARE(model->idAt(model->rowCount() - 1), ids.constFirst());
}

void TestLazyLoading::bigConversationOpensAtTheNewestAndScrollsToTheFirst()
{
    Test::TemporaryDatabase db;
    QVERIFY2(db.isReady(), qPrintable(db.errorString()));
    constexpr int kCount = 1500;
    Conversation conversation;
    conversation.title = u"Long"_s;
    QVERIFY(db.work().conversations().create(conversation));
    QList<qint64> messageIds;
    {
        Transaction transaction(db.work());
        for (int i = 0; i < kCount; ++i) {
            Message m;
            m.conversationId = conversation.id;
            m.role = i % 2 ? Message::Role::Assistant : Message::Role::User;
            m.agentId = i % 2 ? u"agent1"_s : QString();
            m.content = u"Message number %1 of the long conversation."_s.arg(i);
            QVERIFY(db.work().messages().append(m));
            messageIds.append(m.id);
        }
        QVERIFY(transaction.commit());
    }
    QNetworkAccessManager network;
    LocalChatRepository repository(db.work(), &network, nullptr, nullptr);
    MainWindow window(&repository);
    window.resize(900, 600);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    MessageListModel *model = window.viewModel()->messages();
    model->setPageSize(100);
    model->setMaxRows(300);
    ChatView *view = window.chatView();
    QScrollBar *bar = view->verticalScrollBar();
    const auto newestShown = [&] {
        const int last = model->rowCount() - 1;
        return last >= 0 && model->messageAt(last).id == messageIds.constLast() && !model->hasNewer()
            && view->viewport()->rect().intersects(view->visualRect(view->model()->index(last, 0)));
    };
    // The rows loaded are consecutive messages, each once.
    const auto consecutive = [&] {
        const int first = int(messageIds.indexOf(model->messageAt(0).id));
        for (int row = 0; row < model->rowCount(); ++row)
            if (first < 0 || model->messageAt(row).id != messageIds.value(first + row))
                return false;
        return true;
    };

    window.viewModel()->openConversation(conversation.id);
    QCOMPARE(model->rowCount(), 100);
    QTRY_VERIFY(newestShown());

    // Up to the first message: pages come in at the top, the newest rows go, the window stays bounded.
    for (int step = 0; step < 2000 && !(model->messageAt(0).id == messageIds.constFirst() && bar->value() == 0);
         ++step) {
        bar->setValue(bar->value() - bar->pageStep());
        QCoreApplication::processEvents();
        QVERIFY(model->rowCount() <= model->maxRows() + model->pageSize());
    }
    QCOMPARE(model->messageAt(0).id, messageIds.constFirst());
    QCOMPARE(bar->value(), 0);
    QVERIFY(model->hasNewer());
    QVERIFY(!view->isFollowing());
    QVERIFY(consecutive());
    QCOMPARE(view->indexAt(QPoint(view->viewport()->width() / 2, 1)).row(), 0);

    // Down again page by page: the newer rows page back in until the newest message is at the bottom.
    for (int step = 0; step < 2000 && !(newestShown() && bar->value() == bar->maximum()); ++step) {
        bar->setValue(bar->value() + bar->pageStep());
        QCoreApplication::processEvents();
    }
    QVERIFY(newestShown());
    QVERIFY(consecutive());
    QVERIFY(view->isFollowing());

    // Far up again, then the End key: the newest page is read again and shown.
    for (int step = 0; step < 500 && !model->hasNewer(); ++step) {
        bar->setValue(bar->value() - bar->pageStep());
        QCoreApplication::processEvents();
    }
    QVERIFY(model->hasNewer());
    view->setFocus();
    QTest::keyClick(view, Qt::Key_End, Qt::ControlModifier);
    QTRY_VERIFY(newestShown());
    QVERIFY(consecutive());
}

QTEST_MAIN(TestLazyLoading)
#include "tst_lazyloading.moc"
