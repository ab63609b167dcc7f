// The conversation sidebar's actions through the main window, on real parts: rename (the title dialog), delete with
// its confirmation (cancel keeps everything, accept removes the conversation and its messages from the SQLite file),
// pin (the pinned conversation goes first). The real LocalChatRepository on a temporary database; the conversations
// got their messages from runs against the fake LLM server over loopback.

#include "EngineHarness.h"
#include "MainWindow.h"
#include "ModalAnswer.h"
#include "presentation/ChatViewModel.h"
#include "presentation/ConversationListModel.h"
#include "presentation/MessageListModel.h"

#include <QAction>
#include <QInputDialog>
#include <QLabel>
#include <QListView>
#include <QMessageBox>
#include <QPushButton>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Tandem::Test::EngineHarness;
using Tandem::Test::ModalAnswer;
using Tandem::Test::ScriptedReply;

class TestSidebar : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void renameThroughTheTitleDialog();
    void cancelledOrBlankRenameKeepsTheTitle_data();
    void cancelledOrBlankRenameKeepsTheTitle();
    void deleteCancelledKeepsEverything();
    void deleteConfirmedRemovesTheConversationAndItsMessages();
    void pinnedConversationGoesFirst();
    void emptyChatSaysWhatThereIs();

private:
    /// A conversation whose first message (and so its title) is @p text, answered by the fake server.
    qint64 conversationWith(const QString &text);
    /// Opens @p id in the window, which makes it the sidebar's current row.
    void open(qint64 id);
    /// The sidebar action whose shortcut is @p key (the actions of the conversation list: rename, delete).
    QAction *sidebarAction(const QKeySequence &key) const;
    qint64 count(const QString &table, qint64 conversationId) const;
    QList<qint64> sidebarOrder() const;

    std::unique_ptr<EngineHarness> m_h;
    LocalChatRepository *m_repo = nullptr;
    std::unique_ptr<MainWindow> m_window;
};

void TestSidebar::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-gui-test"_s);
}

void TestSidebar::init()
{
    m_h = std::make_unique<EngineHarness>(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(m_h->isReady());
    m_repo = &m_h->repository();
    m_window = std::make_unique<MainWindow>(m_repo);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestSidebar::cleanup()
{
    m_window.reset();
    m_repo = nullptr;
    m_h.reset();
}

qint64 TestSidebar::conversationWith(const QString &text)
{
    const qint64 id = m_h->createConversation(Conversation::Mode::Single);
    m_h->server().enqueue(ScriptedReply::text({ u"Answer to "_s, text }));
    if (m_h->sendAndWait(id, text) != RunOutcome::Completed)
        return 0;
    return id;
}

void TestSidebar::open(qint64 id)
{
    m_window->viewModel()->openConversation(id);
}

QAction *TestSidebar::sidebarAction(const QKeySequence &key) const
{
    const auto *list = m_window->findChild<QListView *>(u"ConversationList"_s);
    const QList<QAction *> actions = list->actions();
    for (QAction *action : actions)
        if (action->shortcut() == key)
            return action;
    return nullptr;
}

qint64 TestSidebar::count(const QString &table, qint64 conversationId) const
{
    QSqlQuery query(m_h->db());
    query.prepare(u"SELECT COUNT(*) FROM %1 WHERE %2 = ?"_s.arg(
        table, table == u"conversations" ? u"id"_s : u"conversation_id"_s));
    query.addBindValue(conversationId);
    if (!query.exec() || !query.next())
        return -1;
    return query.value(0).toLongLong();
}

QList<qint64> TestSidebar::sidebarOrder() const
{
    QList<qint64> ids;
    const ConversationListModel *model = m_window->conversations();
    for (int row = 0; row < model->rowCount(); ++row)
        ids << model->idAt(row);
    return ids;
}

void TestSidebar::renameThroughTheTitleDialog()
{
    const qint64 id = conversationWith(u"Plan a trip"_s);
    QVERIFY(id > 0);
    open(id);
    QAction *rename = sidebarAction(Qt::Key_F2);
    QVERIFY(rename);

    QString offered;
    ModalAnswer<QInputDialog> answer([&](QInputDialog *dialog) {
        offered = dialog->textValue();
        dialog->setTextValue(u"  Trip to Lisbon  "_s);
        dialog->accept();
        return true;
    });
    rename->trigger();
    QVERIFY(answer.answered());
    QCOMPARE(offered, u"Plan a trip"_s); // the dialog starts from the title it replaces
    QCOMPARE(m_repo->conversation(id)->title, u"Trip to Lisbon"_s);
    const int row = m_window->conversations()->rowOf(id);
    QVERIFY(row >= 0);
    QTRY_COMPARE(
        m_window->conversations()->index(row).data(ConversationListModel::TitleRole).toString(), u"Trip to Lisbon"_s);
    QCOMPARE(m_window->viewModel()->title(), u"Trip to Lisbon"_s);
}

void TestSidebar::cancelledOrBlankRenameKeepsTheTitle_data()
{
    QTest::addColumn<bool>("accept");
    QTest::addColumn<QString>("typed");
    QTest::newRow("cancelled") << false << u"Something else"_s;
    QTest::newRow("blank") << true << u"   "_s;
}

void TestSidebar::cancelledOrBlankRenameKeepsTheTitle()
{
    QFETCH(bool, accept);
    QFETCH(QString, typed);
    const qint64 id = conversationWith(u"Keep this title"_s);
    QVERIFY(id > 0);
    open(id);
    ModalAnswer<QInputDialog> answer([&](QInputDialog *dialog) {
        dialog->setTextValue(typed);
        if (accept)
            dialog->accept();
        else
            dialog->reject();
        return true;
    });
    m_window->renameCurrent();
    QVERIFY(answer.answered());
    QCOMPARE(m_repo->conversation(id)->title, u"Keep this title"_s);
}

void TestSidebar::deleteCancelledKeepsEverything()
{
    const qint64 id = conversationWith(u"Do not lose me"_s);
    QVERIFY(id > 0);
    open(id);
    QAction *remove = sidebarAction(QKeySequence::Delete);
    QVERIFY(remove);

    QString asked;
    ModalAnswer<QMessageBox> answer([&](QMessageBox *box) {
        asked = box->text();
        box->button(QMessageBox::Cancel)->click();
        return true;
    });
    remove->trigger();
    QVERIFY(answer.answered());
    QVERIFY2(asked.contains(u"Do not lose me"_s), qPrintable(asked)); // the box names what would go
    QVERIFY(m_repo->conversation(id).has_value());
    QCOMPARE(count(u"conversations"_s, id), 1);
    QCOMPARE(count(u"messages"_s, id), 2);
    QCOMPARE(m_window->viewModel()->conversationId(), id);
    QVERIFY(sidebarOrder().contains(id));
}

void TestSidebar::deleteConfirmedRemovesTheConversationAndItsMessages()
{
    const qint64 kept = conversationWith(u"Stay"_s);
    const qint64 id = conversationWith(u"Remove me"_s);
    QVERIFY(kept > 0 && id > 0);
    QCOMPARE(count(u"messages"_s, id), 2);
    QVERIFY(count(u"runs"_s, id) > 0);
    open(id);

    ModalAnswer<QMessageBox> answer([](QMessageBox *box) {
        const QList<QAbstractButton *> buttons = box->buttons();
        for (QAbstractButton *button : buttons)
            if (box->buttonRole(button) == QMessageBox::DestructiveRole) {
                button->click();
                return true;
            }
        return false;
    });
    sidebarAction(QKeySequence::Delete)->trigger();
    QVERIFY(answer.answered());

    QVERIFY(!m_repo->conversation(id).has_value());
    QCOMPARE(count(u"conversations"_s, id), 0);
    QCOMPARE(count(u"messages"_s, id), 0);
    QCOMPARE(count(u"runs"_s, id), 0);
    QTRY_VERIFY(!sidebarOrder().contains(id));
    // The chat no longer shows it: it was closed (the sidebar may move on to the conversation next to it).
    const qint64 shown = m_window->viewModel()->conversationId();
    QVERIFY(shown == 0 || shown == kept);
    QCOMPARE(m_window->viewModel()->messages()->conversationId(), shown);
    QCOMPARE(m_window->viewModel()->messages()->rowCount(), shown == kept ? 2 : 0);
    // The other conversation is untouched.
    QCOMPARE(count(u"messages"_s, kept), 2);
    QVERIFY(sidebarOrder().contains(kept));
}

void TestSidebar::pinnedConversationGoesFirst()
{
    const qint64 oldest = conversationWith(u"Oldest"_s);
    const qint64 middle = conversationWith(u"Middle"_s);
    const qint64 newest = conversationWith(u"Newest"_s);
    QVERIFY(oldest > 0 && middle > 0 && newest > 0);
    QTRY_COMPARE(sidebarOrder().size(), 3);
    QCOMPARE(sidebarOrder().constFirst(), newest);

    open(oldest);
    m_window->togglePinCurrent();
    QVERIFY(m_repo->conversation(oldest)->pinned);
    QTRY_COMPARE(sidebarOrder().constFirst(), oldest);
    QCOMPARE(sidebarOrder(), (QList<qint64> { oldest, newest, middle }));
    QVERIFY(m_window->conversations()->index(0).data(ConversationListModel::PinnedRole).toBool());
    QCOMPARE(m_repo->conversations().constFirst().id, oldest);

    // Unpinned, it goes back to its place by activity.
    open(oldest);
    m_window->togglePinCurrent();
    QVERIFY(!m_repo->conversation(oldest)->pinned);
    QTRY_COMPARE(sidebarOrder(), (QList<qint64> { newest, middle, oldest }));
}

void TestSidebar::emptyChatSaysWhatThereIs()
{
    auto *empty = m_window->findChild<QLabel *>(u"EmptyChat"_s);
    QVERIFY(empty);
    QVERIFY(empty->isVisible());
    QVERIFY2(empty->text().startsWith(u"No conversation yet."_s), qPrintable(empty->text()));

    // Conversations exist (written by another window, say) and none is open: an invitation to pick or start one.
    const qint64 id = conversationWith(u"An earlier chat"_s);
    QVERIFY(id > 0);
    QTRY_VERIFY(sidebarOrder().contains(id));
    QCOMPARE(m_window->viewModel()->conversationId(), 0);
    QVERIFY(empty->isVisible());
    QVERIFY2(empty->text().startsWith(u"Pick a conversation on the left,"_s), qPrintable(empty->text()));
    QVERIFY(!empty->text().contains(u"No conversation yet"_s));
    // A search that finds nothing hides the list, not the conversations.
    m_window->conversations()->setFilter(u"nothing matches this"_s);
    QCOMPARE(m_window->conversations()->rowCount(), 0);
    QVERIFY2(empty->text().startsWith(u"Pick a conversation"_s), qPrintable(empty->text()));
    m_window->conversations()->setFilter({});

    // A window opened on them says the same from the start.
    MainWindow another(m_repo);
    another.show();
    QVERIFY(QTest::qWaitForWindowExposed(&another));
    QVERIFY2(another.findChild<QLabel *>(u"EmptyChat"_s)->text().startsWith(u"Pick a conversation"_s),
        qPrintable(another.findChild<QLabel *>(u"EmptyChat"_s)->text()));

    // The last one deleted: none again.
    QVERIFY(m_repo->deleteConversation(id));
    QTRY_VERIFY(empty->text().startsWith(u"No conversation yet."_s));
}

QTEST_MAIN(TestSidebar)
#include "tst_sidebar.moc"
