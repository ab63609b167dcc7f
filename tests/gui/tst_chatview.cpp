// The chat view on real parts, on the offscreen platform: the real LocalChatRepository on a temporary SQLite file,
// its runs streamed over loopback HTTP by the fake LLM server. Rows and dividers, sending, following the stream,
// Stop, the dual-agent toggle, the bubble footers (Copy, Retry, Regenerate, tokens and duration), links that open
// only on a click, and the Markdown safety rules. What a click asked for is checked where it lands: the stored
// rows, the requests the server received, the clipboard.

#include "ChatView.h"
#include "Composer.h"
#include "EngineHarness.h"
#include "MainWindow.h"
#include "MessageDelegate.h"
#include "presentation/ChatViewModel.h"
#include "presentation/MessageListModel.h"
#include "presentation/SafeTextDocument.h"
#include "storage/MessageStore.h"
#include "storage/Transaction.h"

#include <QAction>
#include <QClipboard>
#include <QDesktopServices>
#include <QFile>
#include <QGuiApplication>
#include <QPaintEngine>
#include <QPainter>
#include <QPainterPath>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScopeGuard>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QSvgRenderer>
#include <QTest>
#include <QTextBlock>

#include <algorithm>
#include <limits>
#include <memory>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Tandem::Test::EngineHarness;
using Tandem::Test::ScriptedReply;

namespace {

/// A reply that streams every chunk of @p text, then goes silent with the connection open (until stopped).
ScriptedReply stallingAfter(const QStringList &text)
{
    // Chat Completions opens with a role-only chunk, then one chunk per piece of text.
    return ScriptedReply::text(text).withFault(ScriptedReply::Fault::Stall, int(text.size()) + 1);
}

/// "<prefix>0<suffix>", "<prefix>1<suffix>", …
QStringList numbered(const QString &prefix, int count, const QString &suffix)
{
    QStringList list;
    for (int i = 0; i < count; ++i)
        list << prefix + QString::number(i) + suffix;
    return list;
}

/// A paint device that keeps the text drawn on it and nothing else: what a delegate painted, as words.
class TextRecorder final : public QPaintDevice
{
public:
    explicit TextRecorder(const QSize &size)
        : m_size(size)
    { }
    ~TextRecorder() override = default;
    Q_DISABLE_COPY_MOVE(TextRecorder)

    QPaintEngine *paintEngine() const override { return &m_engine; }
    QString text() const { return m_engine.texts.join(u'\n'); }

protected:
    int metric(PaintDeviceMetric metric) const override
    {
        switch (metric) {
        case PdmWidth:
            return m_size.width();
        case PdmHeight:
            return m_size.height();
        case PdmWidthMM:
            return m_size.width() * 254 / 960;
        case PdmHeightMM:
            return m_size.height() * 254 / 960;
        case PdmNumColors:
            return std::numeric_limits<int>::max();
        case PdmDepth:
            return 32;
        case PdmDpiX:
        case PdmDpiY:
        case PdmPhysicalDpiX:
        case PdmPhysicalDpiY:
            return 96;
        case PdmDevicePixelRatio:
            return 1;
        case PdmDevicePixelRatioScaled:
            return int(devicePixelRatioFScale());
        }
        return 0;
    }

private:
    class Engine final : public QPaintEngine
    {
    public:
        Engine()
            : QPaintEngine(AllFeatures)
        { }
        QStringList texts;
        bool begin(QPaintDevice *) override { return true; }
        bool end() override { return true; }
        void updateState(const QPaintEngineState &) override { }
        void drawPixmap(const QRectF &, const QPixmap &, const QRectF &) override { }
        void drawPath(const QPainterPath &) override { }
        void drawPolygon(const QPointF *, int, PolygonDrawMode) override { }
        void drawTextItem(const QPointF &, const QTextItem &item) override { texts << item.text(); }
        Type type() const override { return User; }
    };

    mutable Engine m_engine;
    QSize m_size;
};

/// Stands in for the desktop's browser and mail client: QDesktopServices hands it the links it is asked to open.
class UrlSink final : public QObject
{
    Q_OBJECT

public:
    QList<QUrl> opened;

public Q_SLOTS:
    void open(const QUrl &url) { opened << url; }
};

} // namespace

class TestChatView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void everyDividerKindHasItsIcon_data();
    void everyDividerKindHasItsIcon();
    void showsRowsAndDividersInOrder();
    void typedMessageAppearsAtOnce();
    void followsTheStreamUnlessScrolledUp();
    void stopWhileRunning();
    void dualToggleSwitchesTheConversation();
    void copyAndRetryFromTheBubble();
    void regenerateFromTheLastAnswer();
    void footerShowsTokensAndDuration();
    void linksOpenOnlyOnClick_data();
    void linksOpenOnlyOnClick();
    void pressOnALinkReleasedElsewhereOpensNothing();
    void remoteImagesAreNeverFetched();
    void htmlInAReplyIsShownAsText_data();
    void htmlInAReplyIsShownAsText();

private:
    /// A shown window on the harness's repository.
    std::unique_ptr<MainWindow> showWindow(const QSize &size = QSize(900, 640));
    /// Waits until the window's view model says the run is over, then applies the streamed text.
    bool waitUntilIdle(MainWindow &window) const;
    /// The first point of @p row's footer where the delegate places @p action (viewport coordinates); null if none.
    static QPoint actionPoint(ChatView *view, int row, MessageDelegate::Action action);
    /// The first point of @p row where the delegate finds the link @p href (viewport coordinates); null if none.
    static QPoint anchorPoint(ChatView *view, int row, const QString &href);
    /// A point of @p row's text that is no link; null if none.
    static QPoint plainTextPoint(ChatView *view, int row);
    static void typeAndSend(MainWindow &window, const QString &text);
    Message history(qint64 conversation, Message::Role role, const QString &text) const;

    std::unique_ptr<EngineHarness> m_h;
    LocalChatRepository *m_repo = nullptr;
};

void TestChatView::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-gui-test"_s);
}

void TestChatView::init()
{
    EngineConfig config = EngineHarness::testConfig(); // no retries
    config.persistIntervalMs = 10;
    m_h = std::make_unique<EngineHarness>(ProviderProfile::Protocol::ChatCompletions, config);
    QVERIFY(m_h->isReady());
    m_repo = &m_h->repository();
}

void TestChatView::cleanup()
{
    if (m_repo) {
        const QList<Conversation> conversations = m_repo->conversations();
        for (const Conversation &c : conversations)
            m_repo->cancel(c.id); // a failed test may leave a stalled run behind
    }
    m_repo = nullptr;
    m_h.reset();
}

std::unique_ptr<MainWindow> TestChatView::showWindow(const QSize &size)
{
    auto window = std::make_unique<MainWindow>(m_repo);
    window->resize(size);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        return {};
    return window;
}

bool TestChatView::waitUntilIdle(MainWindow &window) const
{
    const bool idle = QTest::qWaitFor([&] { return !window.viewModel()->isRunning(); }, 15'000);
    window.viewModel()->messages()->flushDeltas();
    return idle;
}

QPoint TestChatView::actionPoint(ChatView *view, int row, MessageDelegate::Action action)
{
    const QModelIndex index = view->model()->index(row, 0);
    const QRect rect = view->visualRect(index);
    // The footer is at the bottom of the bubble: look there first.
    for (int y = rect.bottom(); y >= rect.top(); y -= 2)
        for (int x = rect.left(); x <= rect.right(); x += 2)
            if (view->messageDelegate()->actionAt(rect, index, QPoint(x, y)) == action)
                return QPoint(x, y);
    return {};
}

QPoint TestChatView::anchorPoint(ChatView *view, int row, const QString &href)
{
    const QModelIndex index = view->model()->index(row, 0);
    const QRect rect = view->visualRect(index);
    for (int y = rect.top(); y <= rect.bottom(); y += 2)
        for (int x = rect.left(); x <= rect.right(); x += 2)
            if (view->messageDelegate()->anchorAt(rect, index, QPoint(x, y)) == href)
                return QPoint(x, y);
    return {};
}

QPoint TestChatView::plainTextPoint(ChatView *view, int row)
{
    const QModelIndex index = view->model()->index(row, 0);
    const QRect rect = view->visualRect(index);
    for (int y = rect.top(); y <= rect.bottom(); y += 2)
        for (int x = rect.left(); x <= rect.right(); x += 2)
            if (view->indexAt(QPoint(x, y)) == index
                && view->messageDelegate()->anchorAt(rect, index, QPoint(x, y)).isEmpty()
                && view->messageDelegate()->actionAt(rect, index, QPoint(x, y)) == MessageDelegate::Action::None)
                return QPoint(x, y);
    return {};
}

void TestChatView::typeAndSend(MainWindow &window, const QString &text)
{
    auto *editor = window.composer()->findChild<QPlainTextEdit *>();
    editor->setFocus();
    QTest::keyClicks(editor, text);
    QTest::keyClick(editor, Qt::Key_Return);
}

Message TestChatView::history(qint64 conversation, Message::Role role, const QString &text) const
{
    Message m;
    m.conversationId = conversation;
    m.role = role;
    m.agentId = role == Message::Role::User ? QString() : u"assistant"_s;
    m.content = text;
    return m;
}

void TestChatView::everyDividerKindHasItsIcon_data()
{
    QTest::addColumn<int>("kind");
    QTest::newRow("handing over") << int(Message::Divider::HandingOver);
    QTest::newRow("accepted") << int(Message::Divider::Accepted);
    QTest::newRow("rejected") << int(Message::Divider::Rejected);
    QTest::newRow("transferred") << int(Message::Divider::Transferred);
    QTest::newRow("error") << int(Message::Divider::Error);
    QTest::newRow("approval") << int(Message::Divider::ApprovalNeeded);
}

void TestChatView::everyDividerKindHasItsIcon()
{
    QFETCH(int, kind);
    const QString path = MessageDelegate::dividerIconPath(kind);
    QVERIFY2(QFile::exists(path), qPrintable(path));
    QSvgRenderer renderer(path);
    QVERIFY(renderer.isValid());
    // Each kind has an icon of its own.
    for (int other = int(Message::Divider::HandingOver); other <= int(Message::Divider::ApprovalNeeded); ++other)
        if (other != kind)
            QVERIFY(MessageDelegate::dividerIconPath(other) != path);
}

void TestChatView::showsRowsAndDividersInOrder()
{
    // A real dual-agent turn (seed 000's text signal): agent 1 hands over, agent 2 answers.
    m_h->server().enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\n"_s, u"Rewrite: make it shorter"_s }));
    m_h->server().enqueue(ScriptedReply::text({ u"Here it is."_s }));
    const qint64 c = m_h->createConversation(Conversation::Mode::Dual);
    const auto window = showWindow();
    QVERIFY(window);
    window->viewModel()->openConversation(c);
    QVERIFY(window->dualAction()->isChecked());
    QVERIFY(window->viewModel()->send(u"Rewrite this"_s));
    QVERIFY(waitUntilIdle(*window));

    // One row per stored message, in the stored order: the question, agent 1's handover, both dividers, the answer.
    QAbstractItemModel *model = window->chatView()->model();
    const QList<Message> stored = m_h->rows(c);
    QCOMPARE(model->rowCount(), 5);
    QCOMPARE(stored.size(), 5);
    for (int i = 0; i < 5; ++i)
        QCOMPARE(model->index(i, 0).data(MessageListModel::IdRole).toLongLong(), stored.at(i).id);
    QCOMPARE(model->index(0, 0).data(MessageListModel::ContentRole).toString(), u"Rewrite this"_s);
    QCOMPARE(model->index(1, 0).data(MessageListModel::AgentNameRole).toString(), u"Agent 1"_s);
    QCOMPARE(model->index(1, 0).data(MessageListModel::ContentRole).toString(), u"Rewrite: make it shorter"_s);
    QCOMPARE(model->index(2, 0).data(MessageListModel::DividerKindRole).toInt(), int(Message::Divider::HandingOver));
    QCOMPARE(MessageDelegate::dividerTitle(model->index(2, 0)), u"Handing the message to agent 2"_s);
    QCOMPARE(model->index(3, 0).data(MessageListModel::DividerKindRole).toInt(), int(Message::Divider::Accepted));
    QCOMPARE(MessageDelegate::dividerTitle(model->index(3, 0)), u"Message accepted by agent 2"_s);
    QCOMPARE(model->index(4, 0).data(MessageListModel::AgentNameRole).toString(), u"Agent 2"_s);
    QCOMPARE(model->index(4, 0).data(MessageListModel::ContentRole).toString(), u"Here it is."_s);
    // Laid out and visible: each row has a height, top to bottom in order.
    ChatView *view = window->chatView();
    QTRY_VERIFY(view->visualRect(model->index(4, 0)).height() > 10);
    for (int i = 0; i < 5; ++i) {
        QVERIFY(view->visualRect(model->index(i, 0)).height() > 10);
        if (i > 0)
            QVERIFY(view->visualRect(model->index(i, 0)).top() >= view->visualRect(model->index(i - 1, 0)).bottom());
    }
    QVERIFY(window->dualAction()->isChecked());
}

void TestChatView::typedMessageAppearsAtOnce()
{
    m_h->server().enqueue(ScriptedReply::text({ u"Hello "_s, u"person"_s }));
    const auto window = showWindow();
    QVERIFY(window);
    QVERIFY(m_repo->conversations().isEmpty());
    typeAndSend(*window, u"Hello agents"_s);

    // Stored and shown before any reply.
    const qint64 c = window->viewModel()->conversationId();
    QVERIFY(c > 0);
    QCOMPARE(m_repo->conversations().size(), 1);
    QCOMPARE(window->chatView()->model()->rowCount(), 1);
    QCOMPARE(window->chatView()->model()->index(0, 0).data().toString(), u"Hello agents"_s);
    QCOMPARE(m_h->rows(c).size(), 1);
    QCOMPARE(m_h->rows(c).constFirst().content, u"Hello agents"_s);
    QVERIFY(window->composer()->text().isEmpty());
    QVERIFY(window->chatView()->isVisible());

    // Sent once, and answered.
    QVERIFY(waitUntilIdle(*window));
    const QList<Test::RecordedRequest> requests = m_h->modelRequests();
    QCOMPARE(requests.size(), 1);
    QCOMPARE(EngineHarness::inputSummary(requests.constFirst()).constLast(), u"user: Hello agents"_s);
    QCOMPARE(window->chatView()->model()->rowCount(), 2);
    QCOMPARE(window->chatView()->model()->index(1, 0).data().toString(), u"Hello person"_s);
}

void TestChatView::followsTheStreamUnlessScrolledUp()
{
    const qint64 c = m_h->createConversation(Conversation::Mode::Single);
    {
        Transaction transaction(m_h->work());
        for (int i = 0; i < 80; ++i) {
            Message m = history(c, i % 2 ? Message::Role::Assistant : Message::Role::User,
                u"Message %1 with a few words to wrap a little"_s.arg(i));
            QVERIFY(m_h->work().messages().append(m));
        }
        QVERIFY(transaction.commit());
    }
    const auto window = showWindow(QSize(900, 600));
    QVERIFY(window);
    window->viewModel()->openConversation(c);
    ChatView *view = window->chatView();
    QScrollBar *bar = view->verticalScrollBar();
    QTRY_VERIFY(bar->maximum() > 0);
    QTRY_COMPARE(bar->value(), bar->maximum());

    // A reply streams thirty paragraphs and waits for more: the view went along with it.
    const int before = bar->value();
    m_h->server().enqueue(stallingAfter(numbered(u"streamed line "_s, 30, u"\n\n"_s)));
    QVERIFY(window->viewModel()->send(u"Go on"_s));
    MessageListModel *messages = window->viewModel()->messages();
    QTRY_VERIFY_WITH_TIMEOUT(
        messages->messageAt(messages->rowCount() - 1).content.contains(u"streamed line 29"_s), 10'000);
    messages->flushDeltas();
    QTRY_COMPARE(bar->value(), bar->maximum());
    QVERIFY(bar->value() > before);
    QVERIFY(view->isFollowing());
    window->viewModel()->stop();
    QVERIFY(!window->viewModel()->isRunning());

    // The person scrolls up: text streamed into a reply no longer moves the view.
    QTRY_COMPARE(bar->value(), bar->maximum());
    bar->setValue(bar->maximum() / 2);
    QVERIFY(!view->isFollowing());
    const int kept = bar->value();
    m_h->server().enqueue(stallingAfter(numbered(u"more "_s, 10, u"\n\n"_s)));
    QVERIFY(window->viewModel()->send(u"And more"_s));
    QTRY_VERIFY_WITH_TIMEOUT(messages->messageAt(messages->rowCount() - 1).content.contains(u"more 9"_s), 10'000);
    messages->flushDeltas();
    QCoreApplication::processEvents(); // the view follows, if it does, on the next turn of the event loop
    QCoreApplication::processEvents();
    QCOMPARE(bar->value(), kept);
    QVERIFY(!view->isFollowing());
    view->scrollToEnd();
    QVERIFY(view->isFollowing());
    QCOMPARE(bar->value(), bar->maximum());
    window->viewModel()->stop();
}

void TestChatView::stopWhileRunning()
{
    const auto window = showWindow();
    QVERIFY(window);
    const qint64 c = window->viewModel()->newConversation();
    auto *stop = window->composer()->findChild<QPushButton *>(u"StopButton"_s);
    auto *send = window->composer()->findChild<QPushButton *>(u"SendButton"_s);
    QVERIFY(!stop->isVisible());
    QVERIFY(send->isVisible());
    QSignalSpy finished(m_repo, &ChatRepository::runFinished);

    // Stop, clicked: the partial reply stays, marked stopped.
    m_h->server().enqueue(stallingAfter({ u"Once "_s, u"upon "_s }));
    typeAndSend(*window, u"Tell me a story"_s);
    QVERIFY(stop->isVisible());
    QVERIFY(!send->isVisible());
    QTRY_VERIFY_WITH_TIMEOUT(m_h->rows(c).constLast().content == u"Once upon "_s, 10'000);
    QTest::mouseClick(stop, Qt::LeftButton);
    QCOMPARE(finished.count(), 1);
    QCOMPARE(finished.constLast().at(2).value<RunOutcome>(), RunOutcome::Cancelled);
    QCOMPARE(m_h->rows(c).constLast().status, Message::Status::Cancelled);
    QCOMPARE(m_h->rows(c).constLast().content, u"Once upon "_s);
    QVERIFY(!stop->isVisible());
    QVERIFY(send->isVisible());

    // Esc in the editor stops too.
    m_h->server().enqueue(stallingAfter({ u"Another "_s, u"one"_s }));
    typeAndSend(*window, u"Another"_s);
    QVERIFY(stop->isVisible());
    QTRY_VERIFY_WITH_TIMEOUT(m_h->rows(c).constLast().content == u"Another one"_s, 10'000);
    auto *editor = window->composer()->findChild<QPlainTextEdit *>();
    editor->setFocus();
    QTest::keyClick(editor, Qt::Key_Escape);
    QCOMPARE(finished.count(), 2);
    QCOMPARE(finished.constLast().at(2).value<RunOutcome>(), RunOutcome::Cancelled);
    QCOMPARE(m_h->rows(c).constLast().status, Message::Status::Cancelled);
    QVERIFY(!stop->isVisible());
    QVERIFY(send->isVisible());
    QCOMPARE(m_h->modelRequests().size(), 2);
}

void TestChatView::dualToggleSwitchesTheConversation()
{
    const auto window = showWindow();
    QVERIFY(window);
    const qint64 c = window->viewModel()->newConversation();
    QVERIFY(!window->dualAction()->isChecked());
    window->dualAction()->trigger();
    QCOMPARE(m_repo->conversation(c)->mode, Conversation::Mode::Dual);
    QVERIFY(window->viewModel()->isDualMode());
    QVERIFY(window->dualAction()->isChecked());
    // One control for the mode: choosing "Single agent" in the same group turns dual-agent mode off.
    window->modeAction(Conversation::Mode::Single)->trigger();
    QCOMPARE(m_repo->conversation(c)->mode, Conversation::Mode::Single);
    QVERIFY(!window->viewModel()->isDualMode());
    QVERIFY(!window->dualAction()->isChecked());
}

void TestChatView::copyAndRetryFromTheBubble()
{
    m_h->server().enqueue(ScriptedReply::httpError(503));
    const auto window = showWindow();
    QVERIFY(window);
    const qint64 c = window->viewModel()->newConversation();
    QVERIFY(window->viewModel()->send(u"question"_s));
    QVERIFY(waitUntilIdle(*window));
    ChatView *view = window->chatView();
    QCOMPARE(view->model()->rowCount(), 2);
    QCOMPARE(view->model()->index(1, 0).data(MessageListModel::KindRole).toInt(), int(Message::Kind::Error));
    const QString reason = view->model()->index(1, 0).data(MessageListModel::ContentRole).toString();
    QVERIFY(!reason.isEmpty());

    view->copyRow(0);
    QCOMPARE(QGuiApplication::clipboard()->text(), u"question"_s);
    view->copyRow(1);
    QVERIFY2(QGuiApplication::clipboard()->text().contains(reason), qPrintable(QGuiApplication::clipboard()->text()));

    // Copy in the error bubble's footer.
    QGuiApplication::clipboard()->clear();
    QPoint copy;
    QTRY_VERIFY(!(copy = actionPoint(view, 1, MessageDelegate::Action::Copy)).isNull());
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, copy);
    QVERIFY(QGuiApplication::clipboard()->text().contains(reason));

    // Retry in the same footer asks the same question again.
    m_h->server().enqueue(ScriptedReply::text({ u"An "_s, u"answer."_s }));
    const QPoint retry = actionPoint(view, 1, MessageDelegate::Action::Retry);
    QVERIFY(!retry.isNull());
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, retry);
    QVERIFY(waitUntilIdle(*window));
    const QList<Test::RecordedRequest> requests = m_h->modelRequests();
    QCOMPARE(requests.size(), 2);
    QCOMPARE(EngineHarness::inputSummary(requests.at(1)).constLast(), u"user: question"_s);
    const QList<Message> stored = m_h->rows(c);
    QCOMPARE(stored.constLast().content, u"An answer."_s);
    QCOMPARE(stored.constLast().status, Message::Status::Complete);
    QCOMPARE(
        std::count_if(stored.cbegin(), stored.cend(), [](const Message &m) { return m.role == Message::Role::User; }),
        1);
    QCOMPARE(view->model()->index(view->model()->rowCount() - 1, 0).data().toString(), u"An answer."_s);
}

void TestChatView::regenerateFromTheLastAnswer()
{
    m_h->server().enqueue(ScriptedReply::text({ u"First "_s, u"answer."_s }));
    const auto window = showWindow();
    QVERIFY(window);
    const qint64 c = window->viewModel()->newConversation();
    QVERIFY(window->viewModel()->send(u"Name a colour"_s));
    QVERIFY(waitUntilIdle(*window));
    ChatView *view = window->chatView();
    QCOMPARE(view->model()->rowCount(), 2);

    // Only the last answer offers Regenerate; the person's own bubble offers none.
    QPoint regenerate;
    QTRY_VERIFY(!(regenerate = actionPoint(view, 1, MessageDelegate::Action::Regenerate)).isNull());
    QVERIFY(actionPoint(view, 0, MessageDelegate::Action::Regenerate).isNull());

    m_h->server().enqueue(ScriptedReply::text({ u"Second "_s, u"answer."_s }));
    QSignalSpy started(m_repo, &ChatRepository::runStarted);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, regenerate);
    QCOMPARE(started.count(), 1);
    QVERIFY(waitUntilIdle(*window));

    // The same question reached the server again; a new answer was stored, the question was not stored twice.
    const QList<Test::RecordedRequest> requests = m_h->modelRequests();
    QCOMPARE(requests.size(), 2);
    QVERIFY(EngineHarness::inputSummary(requests.at(1)).contains(u"user: Name a colour"_s));
    // Asked again, the model should see the question as it first did, without the answer it is asked to replace.
    QCOMPARE(EngineHarness::inputSummary(requests.at(1)), EngineHarness::inputSummary(requests.at(0)));
    // The new answer is a sibling of the first (issue #30): the chat shows its branch, the first answer is kept there.
    const QList<Message> stored = m_h->rows(c);
    QCOMPARE(stored.size(), 2);
    QCOMPARE(stored.at(0).content, u"Name a colour"_s);
    QCOMPARE(stored.at(1).content, u"Second answer."_s);
    QCOMPARE(stored.at(1).role, Message::Role::Assistant);
    QCOMPARE(stored.at(1).status, Message::Status::Complete);
    QCOMPARE(m_repo->siblings(stored.at(1).id).size(), 2);
    QCOMPARE(view->model()->rowCount(), 2);
    QCOMPARE(view->model()->index(1, 0).data(MessageListModel::SiblingCountRole).toInt(), 2);
    // Regenerate is on the new last answer.
    QTRY_VERIFY(!actionPoint(view, 1, MessageDelegate::Action::Regenerate).isNull());
    QVERIFY(!actionPoint(view, 1, MessageDelegate::Action::Copy).isNull());
}

void TestChatView::footerShowsTokensAndDuration()
{
    TokenUsage usage;
    usage.inputTokens = 120;
    usage.outputTokens = 35;
    m_h->server().enqueue(ScriptedReply::text({ u"Counted "_s, u"answer."_s }, usage));
    const auto window = showWindow();
    QVERIFY(window);
    const qint64 c = window->viewModel()->newConversation();
    QVERIFY(window->viewModel()->send(u"How many tokens?"_s));
    QVERIFY(waitUntilIdle(*window));
    QCOMPARE(m_h->rows(c).constLast().usage.total(), 155);

    ChatView *view = window->chatView();
    const QModelIndex answer = view->model()->index(1, 0);
    QCOMPARE(answer.data(MessageListModel::TotalTokensRole).toLongLong(), 155);
    const qint64 duration = answer.data(MessageListModel::DurationMsRole).toLongLong();
    QVERIFY2(duration >= 0, "a finished reply has a duration");

    // What the bubble paints says both.
    QTRY_VERIFY(view->visualRect(answer).height() > 10);
    TextRecorder recorder(view->viewport()->size());
    view->viewport()->render(&recorder);
    const QString painted = recorder.text();
    QVERIFY2(painted.contains(u"Counted answer."_s), qPrintable(painted));
    QVERIFY2(painted.contains(u"%1 tokens"_s.arg(QLocale().toString(155))), qPrintable(painted));
    const QString seconds = u"%1 s"_s.arg(QLocale().toString(double(duration) / 1000.0, 'f', 1));
    QVERIFY2(painted.contains(seconds), qPrintable(painted + u" / expected "_s + seconds));
}

void TestChatView::linksOpenOnlyOnClick_data()
{
    QTest::addColumn<QString>("href");
    QTest::addColumn<bool>("opens");
    QTest::newRow("https") << u"https://example.com/docs"_s << true;
    QTest::newRow("http") << u"http://example.com/plain"_s << true;
    QTest::newRow("mailto") << u"mailto:someone@example.com"_s << true;
    QTest::newRow("file") << u"file:///etc/passwd"_s << false;
    QTest::newRow("javascript") << u"javascript:alert(1)"_s << false;
}

void TestChatView::linksOpenOnlyOnClick()
{
    QFETCH(QString, href);
    QFETCH(bool, opens);
    // Every scheme goes to the sink, so that nothing is ever launched, and so a refused link is seen not to open.
    UrlSink sink;
    const QStringList schemes { u"https"_s, u"http"_s, u"mailto"_s, u"file"_s, u"javascript"_s };
    for (const QString &scheme : schemes)
        QDesktopServices::setUrlHandler(scheme, &sink, "open");
    const auto unset = qScopeGuard([&] {
        for (const QString &scheme : schemes)
            QDesktopServices::unsetUrlHandler(scheme);
    });

    m_h->server().enqueue(ScriptedReply::text({ u"See [the link](%1) for more."_s.arg(href) }));
    const auto window = showWindow();
    QVERIFY(window);
    window->viewModel()->newConversation();
    QVERIFY(window->viewModel()->send(u"Where is it?"_s));
    QVERIFY(waitUntilIdle(*window));
    ChatView *view = window->chatView();
    QCOMPARE(view->model()->rowCount(), 2);
    QSignalSpy activated(view, &ChatView::linkActivated);

    QPoint link;
    QTRY_VERIFY(!(link = anchorPoint(view, 1, href)).isNull());
    // Hovering and pressing open nothing: only the release on the same link does.
    QTest::mouseMove(view->viewport(), link);
    QTest::mousePress(view->viewport(), Qt::LeftButton, {}, link);
    QCOMPARE(activated.count(), 0);
    QVERIFY(sink.opened.isEmpty());
    QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, link);
    if (opens) {
        QCOMPARE(activated.count(), 1);
        QCOMPARE(activated.constFirst().constFirst().toUrl(), QUrl(href));
        QCOMPARE(sink.opened, QList<QUrl> { QUrl(href) });
    } else {
        QCOMPARE(activated.count(), 0);
        QVERIFY(sink.opened.isEmpty());
    }
    // A click on the bubble's plain text opens nothing.
    const QPoint plain = plainTextPoint(view, 1);
    QVERIFY(!plain.isNull());
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, plain);
    QCOMPARE(activated.count(), opens ? 1 : 0);
    QCOMPARE(sink.opened.size(), opens ? 1 : 0);
}

void TestChatView::pressOnALinkReleasedElsewhereOpensNothing()
{
    UrlSink sink;
    const QStringList schemes { u"https"_s, u"http"_s, u"mailto"_s };
    for (const QString &scheme : schemes)
        QDesktopServices::setUrlHandler(scheme, &sink, "open");
    const auto unset = qScopeGuard([&] {
        for (const QString &scheme : schemes)
            QDesktopServices::unsetUrlHandler(scheme);
    });
    const QString first = u"https://example.com/first"_s;
    const QString second = u"https://example.com/second"_s;
    m_h->server().enqueue(
        ScriptedReply::text({ u"Read [the first](%1) and then [the second](%2) page."_s.arg(first, second) }));
    const auto window = showWindow();
    QVERIFY(window);
    window->viewModel()->newConversation();
    QVERIFY(window->viewModel()->send(u"Two links please"_s));
    QVERIFY(waitUntilIdle(*window));
    ChatView *view = window->chatView();
    QSignalSpy activated(view, &ChatView::linkActivated);
    QPoint onFirst;
    QTRY_VERIFY(!(onFirst = anchorPoint(view, 1, first)).isNull());
    const QPoint onSecond = anchorPoint(view, 1, second);
    const QPoint plain = plainTextPoint(view, 1);
    QVERIFY(!onSecond.isNull());
    QVERIFY(!plain.isNull());

    // Pressed on a link, released on plain text.
    QTest::mousePress(view->viewport(), Qt::LeftButton, {}, onFirst);
    QTest::mouseMove(view->viewport(), plain);
    QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, plain);
    // Pressed on one link, released on another.
    QTest::mousePress(view->viewport(), Qt::LeftButton, {}, onFirst);
    QTest::mouseMove(view->viewport(), onSecond);
    QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, onSecond);
    // Pressed on plain text, released on a link.
    QTest::mousePress(view->viewport(), Qt::LeftButton, {}, plain);
    QTest::mouseMove(view->viewport(), onFirst);
    QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, onFirst);
    QCOMPARE(activated.count(), 0);
    QVERIFY(sink.opened.isEmpty());

    // The same link pressed and released still opens.
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, onSecond);
    QCOMPARE(activated.count(), 1);
    QCOMPARE(activated.constFirst().constFirst().toUrl(), QUrl(second));
    QCOMPARE(sink.opened, QList<QUrl> { QUrl(second) });
}

void TestChatView::remoteImagesAreNeverFetched()
{
    SafeTextDocument document;
    document.setChatMarkdown(u"![tracker](https://example.com/pixel.png) and ![local](/etc/hostname)\n\n"
                             "```\ncode\n```"_s,
        QColor(Qt::lightGray));
    document.setTextWidth(400);
    document.size(); // lays it out, which asks for the images
    QVERIFY(document.refusedResources() >= 2);
    // Code blocks are monospaced.
    QTextBlock last = document.lastBlock();
    QVERIFY(last.charFormat().fontFixedPitch() || last.charFormat().font().fixedPitch()
        || last.blockFormat().hasProperty(QTextFormat::BlockCodeFence));
}

void TestChatView::htmlInAReplyIsShownAsText_data()
{
    QTest::addColumn<QString>("reply");
    QTest::addColumn<QStringList>("shown"); // each must be in the bubble's text
    QTest::addColumn<QStringList>("hidden"); // none may be

    QTest::newRow("image") << u"before <img src=http://example.com/x.png> after"_s
                           << QStringList { u"before <img src=http://example.com/x.png> after"_s } << QStringList {};
    QTest::newRow("script") << u"a <script>alert(1)</script> b"_s
                            << QStringList { u"<script>alert(1)</script>"_s, u" b"_s } << QStringList {};
    QTest::newRow("style block") << u"<style>p { color: red }</style>\n\nvisible"_s
                                 << QStringList { u"<style>p { color: red }</style>"_s, u"visible"_s }
                                 << QStringList {};
    QTest::newRow("bold tag") << u"x <b>bold</b> y"_s << QStringList { u"x <b>bold</b> y"_s } << QStringList {};
    QTest::newRow("comment") << u"<!-- hidden --> shown"_s << QStringList { u"<!-- hidden --> shown"_s }
                             << QStringList {};
    QTest::newRow("html block") << u"<div>\ninside\n</div>\n\nafter"_s
                                << QStringList { u"<div>"_s, u"inside"_s, u"</div>"_s, u"after"_s } << QStringList {};
    QTest::newRow("code keeps its text") << u"`<b>code</b>` and\n\n```\n<i>fenced</i>\n```"_s
                                         << QStringList { u"<b>code</b> and"_s, u"<i>fenced</i>"_s }
                                         << QStringList { u"`"_s };
    QTest::newRow("markdown still renders")
        << u"**bold** and [a link](https://example.com)"_s << QStringList { u"bold and a link"_s }
        << QStringList { u"**"_s, u"https://example.com"_s };
    // Replies Markdown would show as nothing at all: never an empty bubble.
    QTest::newRow("only a link definition")
        << u"[x]: http://example.com/track"_s << QStringList { u"[x]: http://example.com/track"_s } << QStringList {};
    QTest::newRow("only a rule") << u"---"_s << QStringList { u"---"_s } << QStringList {};
    QTest::newRow("only an image") << u"![](http://example.com/pixel.png)"_s
                                   << QStringList { u"![](http://example.com/pixel.png)"_s } << QStringList {};
}

void TestChatView::htmlInAReplyIsShownAsText()
{
    QFETCH(QString, reply);
    QFETCH(QStringList, shown);
    QFETCH(QStringList, hidden);
    QStringList chunks;
    for (qsizetype i = 0; i < reply.size(); i += 7)
        chunks << reply.mid(i, 7);
    m_h->server().enqueue(ScriptedReply::text(chunks));
    const auto window = showWindow();
    QVERIFY(window);
    window->viewModel()->newConversation();
    QVERIFY(window->viewModel()->send(u"Show me"_s));
    QVERIFY(waitUntilIdle(*window));
    ChatView *view = window->chatView();
    QCOMPARE(view->model()->rowCount(), 2);
    const QModelIndex bubble = view->model()->index(1, 0);
    QCOMPARE(bubble.data(MessageListModel::ContentRole).toString(), reply); // stored and modelled as sent
    const QString text = view->messageDelegate()->shownText(bubble);
    QVERIFY2(!text.trimmed().isEmpty(), "an empty bubble");
    for (const QString &part : std::as_const(shown))
        QVERIFY2(text.contains(part), qPrintable(u"“%1” is not in “%2”"_s.arg(part, text)));
    for (const QString &part : std::as_const(hidden))
        QVERIFY2(!text.contains(part), qPrintable(u"“%1” is in “%2”"_s.arg(part, text)));
}

QTEST_MAIN(TestChatView)
#include "tst_chatview.moc"
