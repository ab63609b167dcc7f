// The chat timeline model on real parts: the real LocalChatRepository on a temporary SQLite file, its runs streaming
// over loopback HTTP from the fake LLM server. History that exists before the model is made is written with the real
// MessageStore into the same file; everything that arrives while it is open comes from real runs.

#include "EngineHarness.h"
#include "presentation/MessageListModel.h"
#include "storage/Database.h"
#include "storage/MessageStore.h"
#include "storage/Transaction.h"

#include <QAbstractItemModelTester>
#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QTest>

#include <limits>
#include <memory>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Tandem::Test::EngineHarness;
using Tandem::Test::ScriptedReply;

namespace {

/// "<prefix>0 ", "<prefix>1 ", …: a reply streamed in @p count chunks.
QStringList chunks(const QString &prefix, int count)
{
    QStringList list;
    for (int i = 0; i < count; ++i)
        list << u"%1%2 "_s.arg(prefix).arg(i);
    return list;
}

/// A reply that streams every chunk of @p text, then goes silent with the connection open (until stopped).
ScriptedReply stallingAfter(const QStringList &text)
{
    // Chat Completions opens with a role-only chunk, then one chunk per piece of text.
    return ScriptedReply::text(text).withFault(ScriptedReply::Fault::Stall, int(text.size()) + 1);
}

} // namespace

class TestMessageListModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void loadsNewestPageAndPagesOlderIn();
    void keepsABoundedWindowOfRows();
    void rowsWrittenElsewhereAppear();
    void appendsWithoutReset();
    void rolesOfEachKind_data();
    void rolesOfEachKind();
    void coalescesStreamedDeltasOnItsTimer();
    void coalescesEachBurstIntoOneChange();
    void finalCopyWinsOverPendingDeltas();
    void finalUpdateNamesOnlyChangedRoles();
    void ignoresOtherConversations();
    void eachDividerIsOneRow();
    void lastAnswerRow();
    void revisionNeverRepeatsForAMessage();

private:
    /// One dataChanged as it reached one row, read at the moment it was emitted.
    struct Change
    {
        qint64 id = 0;
        QList<int> roles;
    };

    Message message(Message::Role role, const QString &content, const QString &agent = {}) const;
    /// Writes @p m with the real MessageStore (history that exists before the model reads it).
    bool store(Message &m) const;
    /// The role lists of the dataChanged signals that reached message @p id.
    QList<QList<int>> changesOf(qint64 id) const;
    /// How many of them changed the text.
    qsizetype contentChangesOf(qint64 id) const;
    RunOutcome waitForRun(qint64 conversationId) { return m_h->waitForRun(conversationId); }

    std::unique_ptr<EngineHarness> m_h;
    LocalChatRepository *m_repo = nullptr;
    std::unique_ptr<MessageListModel> m_model;
    std::unique_ptr<QAbstractItemModelTester> m_tester;
    QList<Change> m_changes;
    qint64 m_conversation = 0;
};

Message TestMessageListModel::message(Message::Role role, const QString &content, const QString &agent) const
{
    Message m;
    m.conversationId = m_conversation;
    m.role = role;
    m.content = content;
    m.agentId = agent;
    return m;
}

bool TestMessageListModel::store(Message &m) const
{
    return m_h->work().messages().append(m).ok();
}

QList<QList<int>> TestMessageListModel::changesOf(qint64 id) const
{
    QList<QList<int>> roles;
    for (const Change &change : m_changes)
        if (change.id == id)
            roles << change.roles;
    return roles;
}

qsizetype TestMessageListModel::contentChangesOf(qint64 id) const
{
    const QList<QList<int>> all = changesOf(id);
    return std::count_if(all.cbegin(), all.cend(),
        [](const QList<int> &roles) { return roles.contains(MessageListModel::ContentRole); });
}

void TestMessageListModel::init()
{
    EngineConfig config = EngineHarness::testConfig(); // no retries
    config.persistIntervalMs = 10;
    m_h = std::make_unique<EngineHarness>(ProviderProfile::Protocol::ChatCompletions, config);
    QVERIFY(m_h->isReady());
    m_repo = &m_h->repository();
    m_conversation = m_h->createConversation(Conversation::Mode::Single);
    QVERIFY(m_conversation > 0);
    m_model = std::make_unique<MessageListModel>(m_repo);
    m_tester = std::make_unique<QAbstractItemModelTester>(
        m_model.get(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    m_changes.clear();
    connect(m_model.get(), &QAbstractItemModel::dataChanged, m_model.get(),
        [this](const QModelIndex &topLeft, const QModelIndex &bottomRight, const QList<int> &roles) {
            for (int row = topLeft.row(); row <= bottomRight.row(); ++row)
                m_changes << Change { m_model->index(row).data(MessageListModel::IdRole).toLongLong(), roles };
        });
}

void TestMessageListModel::cleanup()
{
    const QList<Conversation> conversations = m_repo->conversations();
    for (const Conversation &c : conversations)
        m_repo->cancel(c.id); // a failed test may leave a stalled run behind
    m_tester.reset();
    m_model.reset();
    m_repo = nullptr;
    m_h.reset();
}

void TestMessageListModel::loadsNewestPageAndPagesOlderIn()
{
    {
        Transaction transaction(m_h->work());
        for (int i = 0; i < 450; ++i) {
            Message m = message(i % 2 ? Message::Role::Assistant : Message::Role::User, u"m%1"_s.arg(i),
                i % 2 ? u"assistant"_s : QString());
            QVERIFY(store(m));
        }
        QVERIFY(transaction.commit());
    }
    // QAbstractItemModelTester calls fetchMore() after every change, so under it the whole history pages in at
    // once: that is checked here too, and the page by page behaviour on a model of its own.
    m_model->setConversation(m_conversation);
    while (m_model->canFetchMore({}))
        m_model->fetchMore({});
    QCOMPARE(m_model->rowCount(), 450);
    QVERIFY(!m_model->canFetchMore({}));
    QCOMPARE(m_model->index(0).data(MessageListModel::ContentRole).toString(), u"m0"_s);
    QCOMPARE(m_model->index(449).data(MessageListModel::ContentRole).toString(), u"m449"_s);

    MessageListModel paged(m_repo);
    paged.setPageSize(200);
    paged.setConversation(m_conversation);
    QCOMPARE(paged.rowCount(), 200);
    QCOMPARE(paged.index(0).data(MessageListModel::ContentRole).toString(), u"m250"_s);
    QCOMPARE(paged.index(199).data(MessageListModel::ContentRole).toString(), u"m449"_s);
    QVERIFY(paged.canFetchMore({}));

    QSignalSpy inserted(&paged, &QAbstractItemModel::rowsInserted);
    QSignalSpy reset(&paged, &QAbstractItemModel::modelReset);
    paged.fetchMore({});
    QCOMPARE(paged.rowCount(), 400);
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(inserted.first().at(1).toInt(), 0);
    QCOMPARE(inserted.first().at(2).toInt(), 199);
    QCOMPARE(paged.index(0).data(MessageListModel::ContentRole).toString(), u"m50"_s);
    paged.fetchMore({});
    QCOMPARE(paged.rowCount(), 450);
    QVERIFY(!paged.canFetchMore({}));
    QCOMPARE(paged.index(0).data(MessageListModel::ContentRole).toString(), u"m0"_s);
    QCOMPARE(reset.count(), 0);
    for (int row = 1; row < paged.rowCount(); ++row) // oldest first, no row twice
        QVERIFY(paged.index(row - 1).data(MessageListModel::IdRole).toLongLong()
            < paged.index(row).data(MessageListModel::IdRole).toLongLong());
}

void TestMessageListModel::keepsABoundedWindowOfRows()
{
    {
        Transaction transaction(m_h->work());
        for (int i = 0; i < 450; ++i) {
            Message m = message(i % 2 ? Message::Role::Assistant : Message::Role::User, u"m%1"_s.arg(i),
                i % 2 ? u"assistant"_s : QString());
            QVERIFY(store(m));
        }
        QVERIFY(transaction.commit());
    }
    // No QAbstractItemModelTester here: it fetches more after every change, which would undo each fetchNewer().
    MessageListModel window(m_repo);
    window.setPageSize(100);
    window.setMaxRows(200);
    window.setConversation(m_conversation);
    QCOMPARE(window.rowCount(), 100);
    const auto content = [&window](int row) {
        return window.index(row).data(MessageListModel::ContentRole).toString();
    };
    const auto consecutive = [&window] {
        for (int row = 1; row < window.rowCount(); ++row)
            if (window.messageAt(row).id != window.messageAt(row - 1).id + 1)
                return false;
        return true;
    };
    while (window.canFetchMore({}))
        window.fetchMore({});
    // Up to the first message: never more than 200 rows; the newest ones were dropped.
    QCOMPARE(window.rowCount(), 200);
    QCOMPARE(content(0), u"m0"_s);
    QCOMPARE(content(199), u"m199"_s);
    QVERIFY(consecutive());
    QVERIFY(window.hasNewer());
    QVERIFY(window.canFetchNewer());
    QCOMPARE(window.lastAnswerRow(), -1); // the conversation's last answer is not loaded

    // Down again: a page is appended, the oldest page dropped.
    QSignalSpy removed(&window, &QAbstractItemModel::rowsRemoved);
    window.fetchNewer();
    QCOMPARE(window.rowCount(), 200);
    QCOMPARE(content(0), u"m100"_s);
    QCOMPARE(content(199), u"m299"_s);
    QCOMPARE(removed.count(), 1);
    QCOMPARE(removed.first().at(1).toInt(), 0);
    QCOMPARE(removed.first().at(2).toInt(), 99);
    QVERIFY(window.canFetchMore({}));
    while (window.canFetchNewer())
        window.fetchNewer();
    QCOMPARE(content(199), u"m449"_s);
    QVERIFY(!window.hasNewer());
    QVERIFY(consecutive());

    // Up again, then back to the newest page in one step.
    window.fetchMore({});
    QVERIFY(window.hasNewer());
    QSignalSpy reset(&window, &QAbstractItemModel::modelReset);
    window.showNewest();
    QCOMPARE(reset.count(), 1);
    QVERIFY(!window.hasNewer());
    QCOMPARE(content(window.rowCount() - 1), u"m449"_s);
    QVERIFY(consecutive());
}

void TestMessageListModel::appendsWithoutReset()
{
    Message hello = message(Message::Role::User, u"hello"_s);
    QVERIFY(store(hello));
    m_h->server().enqueue(ScriptedReply::text({ u"Hi "_s, u"there"_s }));
    m_model->setConversation(m_conversation);
    QCOMPARE(m_model->rowCount(), 1);
    QSignalSpy inserted(m_model.get(), &QAbstractItemModel::rowsInserted);
    QSignalSpy reset(m_model.get(), &QAbstractItemModel::modelReset);

    const qint64 sent = m_repo->send(m_conversation, u"second"_s).messageId;
    QVERIFY(sent > 0);
    // The person's message is a row at once, before any reply.
    QCOMPARE(reset.count(), 0);
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(inserted.first().at(1).toInt(), 1);
    QCOMPARE(m_model->rowCount(), 2);
    QCOMPARE(m_model->index(1).data(Qt::DisplayRole).toString(), u"second"_s);
    QCOMPARE(m_model->index(1).data(MessageListModel::IdRole).toLongLong(), sent);

    QCOMPARE(waitForRun(m_conversation), RunOutcome::Completed);
    m_model->flushDeltas();
    QCOMPARE(reset.count(), 0);
    QCOMPARE(inserted.count(), 2); // the reply, appended the same way
    QCOMPARE(inserted.at(1).at(1).toInt(), 2);
    QCOMPARE(m_model->rowCount(), 3);
    QCOMPARE(m_model->index(2).data(MessageListModel::ContentRole).toString(), u"Hi there"_s);
    QCOMPARE(m_model->index(2).data(MessageListModel::AgentNameRole).toString(), u"Assistant"_s);
    QCOMPARE(m_model->index(2).data(MessageListModel::StatusRole).toInt(), int(Message::Status::Complete));
}

void TestMessageListModel::rolesOfEachKind_data()
{
    QTest::addColumn<int>("role");
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("divider");
    QTest::addColumn<QString>("agent");
    QTest::addColumn<QString>("toolName");
    QTest::addColumn<QString>("expectedName");
    QTest::addColumn<bool>("hasColour");

    QTest::newRow("user") << int(Message::Role::User) << int(Message::Kind::Text) << int(Message::Divider::None)
                          << QString() << QString() << QString() << false;
    QTest::newRow("agent 1") << int(Message::Role::Assistant) << int(Message::Kind::Text) << int(Message::Divider::None)
                             << u"agent1"_s << QString() << u"Agent 1"_s << true;
    QTest::newRow("handing over") << int(Message::Role::System) << int(Message::Kind::Divider)
                                  << int(Message::Divider::HandingOver) << u"agent2"_s << QString() << u"Agent 2"_s
                                  << true;
    QTest::newRow("rejected") << int(Message::Role::System) << int(Message::Kind::Divider)
                              << int(Message::Divider::Rejected) << u"agent1"_s << QString() << u"Agent 1"_s << true;
    QTest::newRow("tool result") << int(Message::Role::Tool) << int(Message::Kind::ToolResult)
                                 << int(Message::Divider::None) << u"agent2"_s << u"calculator"_s << u"Agent 2"_s
                                 << true;
    QTest::newRow("unknown agent") << int(Message::Role::Assistant) << int(Message::Kind::Text)
                                   << int(Message::Divider::None) << u"ghost"_s << QString() << u"ghost"_s << true;
}

void TestMessageListModel::rolesOfEachKind()
{
    QFETCH(int, role);
    QFETCH(int, kind);
    QFETCH(int, divider);
    QFETCH(QString, agent);
    QFETCH(QString, toolName);
    QFETCH(QString, expectedName);
    QFETCH(bool, hasColour);

    // A dual conversation: its agents are agent 1 and agent 2.
    m_conversation = m_h->createConversation(Conversation::Mode::Dual);
    Message m = message(Message::Role(role), u"**text**"_s, agent);
    m.kind = Message::Kind(kind);
    m.divider = Message::Divider(divider);
    m.toolName = toolName;
    m.error = u"reason"_s;
    m.usage.inputTokens = 10;
    m.usage.outputTokens = 5;
    m.createdAt = QDateTime(QDate(2025, 1, 1), QTime(10, 0, 0), Qt::UTC);
    m.updatedAt = m.createdAt.addMSecs(2500);
    QVERIFY(store(m));
    m_model->setConversation(m_conversation);
    QCOMPARE(m_model->rowCount(), 1);

    const QModelIndex index = m_model->index(0);
    QCOMPARE(index.data(MessageListModel::IdRole).toLongLong(), m.id);
    QCOMPARE(index.data(MessageListModel::MessageRoleRole).toInt(), role);
    QCOMPARE(index.data(MessageListModel::KindRole).toInt(), kind);
    QCOMPARE(index.data(MessageListModel::DividerKindRole).toInt(), divider);
    QCOMPARE(index.data(MessageListModel::StatusRole).toInt(), int(Message::Status::Complete));
    QCOMPARE(index.data(MessageListModel::AgentIdRole).toString(), agent);
    QCOMPARE(index.data(MessageListModel::AgentNameRole).toString(), expectedName);
    QCOMPARE(index.data(MessageListModel::AgentColorRole).value<QColor>().isValid(), hasColour);
    QCOMPARE(index.data(MessageListModel::ContentRole).toString(), u"**text**"_s);
    QCOMPARE(index.data(Qt::DisplayRole).toString(), u"**text**"_s);
    QCOMPARE(index.data(MessageListModel::ErrorRole).toString(), u"reason"_s);
    QCOMPARE(index.data(MessageListModel::ToolNameRole).toString(), toolName);
    QCOMPARE(index.data(MessageListModel::TotalTokensRole).toLongLong(), 15);
    QCOMPARE(index.data(MessageListModel::UsageRole).toMap().value(u"input"_s).toLongLong(), 10);
    QCOMPARE(index.data(MessageListModel::UsageRole).toMap().value(u"output"_s).toLongLong(), 5);
    QCOMPARE(index.data(MessageListModel::CreatedAtRole).toDateTime(), m.createdAt);
    QCOMPARE(index.data(MessageListModel::UpdatedAtRole).toDateTime(), m.updatedAt);
    QCOMPARE(index.data(MessageListModel::RevisionRole).typeId(), QMetaType::Int);
    QCOMPARE(index.data(MessageListModel::PendingRole).toBool(), false);
    const qint64 duration = index.data(MessageListModel::DurationMsRole).toLongLong();
    QCOMPARE(duration, role == int(Message::Role::Assistant) && kind == int(Message::Kind::Text) ? 2500 : -1);
    QVERIFY(m_model->roleNames().contains(MessageListModel::RevisionRole));
}

void TestMessageListModel::coalescesStreamedDeltasOnItsTimer()
{
    // The model's own timer applies what streamed in; it never re-emits once per delta.
    const QStringList text = chunks(u"w"_s, 50);
    m_h->server().enqueue(stallingAfter(text));
    m_model->setConversation(m_conversation);
    QSignalSpy deltas(m_repo, &ChatRepository::messageDelta);
    QVERIFY(m_repo->send(m_conversation, u"Tell me a story"_s).messageId > 0);
    const QString expected = text.join(QString());
    QTRY_COMPARE_WITH_TIMEOUT(m_model->rowCount(), 2, 10'000);
    QTRY_COMPARE_WITH_TIMEOUT(m_model->index(1).data(MessageListModel::ContentRole).toString(), expected, 10'000);

    const qint64 reply = m_model->index(1).data(MessageListModel::IdRole).toLongLong();
    QCOMPARE(deltas.count(), text.size()); // one per streamed chunk
    const qsizetype changes = contentChangesOf(reply);
    QVERIFY(changes >= 1);
    QVERIFY2(
        changes < deltas.count(), qPrintable(u"%1 content changes for %2 deltas"_s.arg(changes).arg(deltas.count())));
    for (const QList<int> &roles : changesOf(reply)) {
        QVERIFY(roles.contains(MessageListModel::ContentRole));
        QVERIFY(roles.contains(Qt::DisplayRole));
        QVERIFY(roles.contains(MessageListModel::RevisionRole));
        QVERIFY(!roles.contains(MessageListModel::StatusRole));
    }
    QVERIFY(m_model->index(1).data(MessageListModel::PendingRole).toBool());
    QCOMPARE(m_model->index(1).data(MessageListModel::StatusRole).toInt(), int(Message::Status::Streaming));

    // Stopped, the partial reply stays as it streamed, now marked cancelled.
    m_repo->cancel(m_conversation);
    QVERIFY(!m_repo->isRunning(m_conversation));
    QCOMPARE(m_model->index(1).data(MessageListModel::ContentRole).toString(), expected);
    QCOMPARE(m_model->index(1).data(MessageListModel::StatusRole).toInt(), int(Message::Status::Cancelled));
    QVERIFY(!m_model->index(1).data(MessageListModel::PendingRole).toBool());
    QCOMPARE(m_h->rows(m_conversation).constLast().content, expected);
}

void TestMessageListModel::coalescesEachBurstIntoOneChange()
{
    // The coalescing timer is out of the way here: the model applies deltas only when flushed, which this test
    // does after the 50th and after the 70th delta. Each burst becomes one change, whatever the timing.
    m_model->setCoalesceInterval(std::numeric_limits<int>::max());
    const QStringList text = chunks(u"w"_s, 70);
    const QString firstBurst = text.mid(0, 50).join(QString());
    const QString expected = text.join(QString());
    m_h->server().enqueue(ScriptedReply::text(text));
    m_model->setConversation(m_conversation);

    QString streamed;
    int deltas = 0;
    qint64 reply = 0;
    QList<qsizetype> changesBeforeFlush;
    QList<QString> contentAfterFlush;
    QList<int> revisionAfterFlush;
    // Connected after the model, so the model has taken each delta when this runs.
    connect(m_repo, &ChatRepository::messageDelta, m_model.get(),
        [&](qint64 conversationId, qint64 messageId, const QString &delta) {
            if (conversationId != m_conversation)
                return;
            reply = messageId;
            const bool boundary
                = streamed.size() < firstBurst.size() && streamed.size() + delta.size() >= firstBurst.size();
            streamed += delta;
            ++deltas;
            if (!boundary && streamed != expected)
                return;
            changesBeforeFlush << contentChangesOf(messageId);
            m_model->flushDeltas();
            const int row = m_model->rowOf(messageId);
            contentAfterFlush << m_model->index(row).data(MessageListModel::ContentRole).toString();
            revisionAfterFlush << m_model->index(row).data(MessageListModel::RevisionRole).toInt();
        });
    QVERIFY(m_repo->send(m_conversation, u"Tell me a story"_s).messageId > 0);
    QCOMPARE(waitForRun(m_conversation), RunOutcome::Completed);

    QCOMPARE(deltas, 70);
    QCOMPARE(changesBeforeFlush, (QList<qsizetype> { 0, 1 })); // nothing until flushed; then one per burst
    QCOMPARE(contentAfterFlush, (QList<QString> { firstBurst, expected }));
    QCOMPARE(revisionAfterFlush.size(), 2);
    QVERIFY(revisionAfterFlush.at(0) != revisionAfterFlush.at(1));
    const QList<QList<int>> changes = changesOf(reply);
    QCOMPARE(contentChangesOf(reply), 2);
    QVERIFY(contentChangesOf(reply) < deltas);
    for (int i = 0; i < 2; ++i) {
        QVERIFY(changes.at(i).contains(MessageListModel::ContentRole));
        QVERIFY(changes.at(i).contains(MessageListModel::RevisionRole));
        QVERIFY(!changes.at(i).contains(MessageListModel::StatusRole));
    }
    const int row = m_model->rowOf(reply);
    QCOMPARE(m_model->index(row).data(MessageListModel::ContentRole).toString(), expected);
    QCOMPARE(m_model->index(row).data(MessageListModel::StatusRole).toInt(), int(Message::Status::Complete));
}

void TestMessageListModel::finalCopyWinsOverPendingDeltas()
{
    // Deltas still gathered when the final copy of the reply arrives: the copy wins and nothing doubles.
    m_model->setCoalesceInterval(std::numeric_limits<int>::max());
    const QStringList text = chunks(u"part"_s, 30);
    const QString expected = text.join(QString());
    m_h->server().enqueue(ScriptedReply::text(text));
    m_model->setConversation(m_conversation);
    QSignalSpy deltas(m_repo, &ChatRepository::messageDelta);
    QVERIFY(m_repo->send(m_conversation, u"Tell me a story"_s).messageId > 0);
    QCOMPARE(waitForRun(m_conversation), RunOutcome::Completed);

    QCOMPARE(deltas.count(), text.size());
    QCOMPARE(m_model->rowCount(), 2);
    const qint64 reply = m_model->index(1).data(MessageListModel::IdRole).toLongLong();
    const QList<QList<int>> changes = changesOf(reply);
    QCOMPARE(changes.size(), 1); // the whole stream and its end: one change
    QVERIFY(changes.constFirst().contains(MessageListModel::ContentRole));
    QVERIFY(changes.constFirst().contains(MessageListModel::StatusRole));
    QCOMPARE(m_model->index(1).data(MessageListModel::ContentRole).toString(), expected);
    QCOMPARE(m_model->index(1).data(MessageListModel::StatusRole).toInt(), int(Message::Status::Complete));
    m_model->flushDeltas(); // the superseded deltas are gone, not applied on top
    QCOMPARE(changesOf(reply).size(), 1);
    QCOMPARE(m_model->index(1).data(MessageListModel::ContentRole).toString(), expected);
}

void TestMessageListModel::finalUpdateNamesOnlyChangedRoles()
{
    m_model->setCoalesceInterval(std::numeric_limits<int>::max());
    m_model->setConversation(m_conversation);
    // Every delta is applied as it comes, so the text is complete before the final copy arrives.
    connect(m_repo, &ChatRepository::messageDelta, m_model.get(), [this] { m_model->flushDeltas(); });
    m_h->server().enqueue(ScriptedReply::text({ u"do"_s, u"ne"_s }, TokenUsage { 3, 4, 0, 0 }));
    QVERIFY(m_repo->send(m_conversation, u"Are you done?"_s).messageId > 0);
    QCOMPARE(waitForRun(m_conversation), RunOutcome::Completed);

    QCOMPARE(m_model->rowCount(), 2);
    const qint64 reply = m_model->index(1).data(MessageListModel::IdRole).toLongLong();
    QList<QList<int>> finals;
    for (const QList<int> &roles : changesOf(reply))
        if (roles.contains(MessageListModel::StatusRole))
            finals << roles;
    QCOMPARE(finals.size(), 1); // the final status is shown at once, in one change
    const QList<int> roles = finals.constFirst();
    QVERIFY(roles.contains(MessageListModel::StatusRole));
    QVERIFY(roles.contains(MessageListModel::PendingRole));
    QVERIFY(roles.contains(MessageListModel::UsageRole));
    QVERIFY(roles.contains(MessageListModel::TotalTokensRole));
    QVERIFY(roles.contains(MessageListModel::RevisionRole));
    QVERIFY(!roles.contains(MessageListModel::ContentRole));
    QVERIFY(!roles.contains(Qt::DisplayRole));
    QVERIFY(!roles.contains(MessageListModel::AgentNameRole));
    QVERIFY(!roles.contains(MessageListModel::KindRole));
    QVERIFY(!m_model->index(1).data(MessageListModel::PendingRole).toBool());
    QCOMPARE(m_model->index(1).data(MessageListModel::ContentRole).toString(), u"done"_s);
    QCOMPARE(m_model->index(1).data(MessageListModel::TotalTokensRole).toLongLong(), 7);
}

void TestMessageListModel::ignoresOtherConversations()
{
    Message mine = message(Message::Role::User, u"mine"_s);
    QVERIFY(store(mine));
    m_model->setConversation(m_conversation);
    const qint64 other = m_h->createConversation(Conversation::Mode::Single);
    QSignalSpy inserted(m_model.get(), &QAbstractItemModel::rowsInserted);
    QSignalSpy changed(m_model.get(), &QAbstractItemModel::dataChanged);
    QSignalSpy reset(m_model.get(), &QAbstractItemModel::modelReset);
    QSignalSpy deltas(m_repo, &ChatRepository::messageDelta);
    m_h->server().enqueue(ScriptedReply::text(chunks(u"elsewhere"_s, 5)));
    QCOMPARE(m_h->sendAndWait(other, u"over there"_s), RunOutcome::Completed);
    m_model->flushDeltas();

    QCOMPARE(deltas.count(), 5); // it did stream, into the other conversation
    QCOMPARE(m_h->rows(other).size(), 2);
    QCOMPARE(m_model->rowCount(), 1);
    QCOMPARE(m_model->index(0).data(MessageListModel::ContentRole).toString(), u"mine"_s);
    QCOMPARE(inserted.count(), 0);
    QCOMPARE(changed.count(), 0);
    QCOMPARE(reset.count(), 0);
}

void TestMessageListModel::eachDividerIsOneRow()
{
    // A real dual-agent turn: each divider is announced once, and is one row.
    m_conversation = m_h->createConversation(Conversation::Mode::Dual);
    m_h->server().enqueue(ScriptedReply::text({ u"HANDOFF_AGENT2\n"_s, u"Rewrite: make it shorter"_s }));
    m_h->server().enqueue(ScriptedReply::text({ u"Here is the "_s, u"shorter text."_s }));
    m_model->setConversation(m_conversation);
    QSignalSpy added(m_repo, &ChatRepository::messageAdded);
    QVERIFY(m_repo->send(m_conversation, u"Please shorten my text"_s).messageId > 0);
    QCOMPARE(waitForRun(m_conversation), RunOutcome::Completed);
    m_model->flushDeltas();

    int dividers = 0;
    for (const QList<QVariant> &signal : std::as_const(added))
        dividers += signal.at(0).value<Message>().kind == Message::Kind::Divider ? 1 : 0;
    QCOMPARE(dividers, 2);
    const QList<Message> stored = m_h->rows(m_conversation);
    QCOMPARE(m_model->rowCount(), stored.size()); // one row per stored message, none twice
    int handing = -1;
    int accepted = -1;
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const QModelIndex index = m_model->index(row);
        QCOMPARE(index.data(MessageListModel::IdRole).toLongLong(), stored.at(row).id);
        const int divider = index.data(MessageListModel::DividerKindRole).toInt();
        if (divider == int(Message::Divider::HandingOver)) {
            QCOMPARE(handing, -1);
            handing = row;
        } else if (divider == int(Message::Divider::Accepted)) {
            QCOMPARE(accepted, -1);
            accepted = row;
        }
    }
    QVERIFY(handing > 0);
    QVERIFY(accepted > handing);
    QCOMPARE(
        m_model->index(handing).data(MessageListModel::ContentRole).toString(), u"Handing the message to agent 2"_s);
    QCOMPARE(m_model->index(accepted).data(MessageListModel::AgentNameRole).toString(), u"Agent 2"_s);
    QCOMPARE(m_model->index(m_model->rowCount() - 1).data(MessageListModel::ContentRole).toString(),
        u"Here is the shorter text."_s);
}

void TestMessageListModel::lastAnswerRow()
{
    m_model->setConversation(m_conversation);
    QCOMPARE(m_model->lastAnswerRow(), -1);
    Message question = message(Message::Role::User, u"q"_s);
    Message answer = message(Message::Role::Assistant, u"a"_s, u"assistant"_s);
    Message divider = message(Message::Role::System, u"accepted"_s, u"agent2"_s);
    divider.kind = Message::Kind::Divider;
    divider.divider = Message::Divider::Accepted;
    QVERIFY(store(question));
    QVERIFY(store(answer));
    QVERIFY(store(divider));
    m_model->setConversation(m_conversation);
    QCOMPARE(m_model->lastAnswerRow(), 1); // a divider is no answer

    m_h->server().enqueue(ScriptedReply::text({ u"a2"_s }));
    QVERIFY(m_repo->send(m_conversation, u"q2"_s).messageId > 0);
    QCOMPARE(m_model->lastAnswerRow(), -1); // the person spoke after the last answer
    QCOMPARE(waitForRun(m_conversation), RunOutcome::Completed);
    QCOMPARE(m_model->rowCount(), 5);
    QCOMPARE(m_model->lastAnswerRow(), 4);
    QCOMPARE(m_model->messageAt(4).content, u"a2"_s);
}

void TestMessageListModel::revisionNeverRepeatsForAMessage()
{
    // The bubble delegate caches layouts by (id, revision, width): a pair seen once must never stand for other text,
    // not even after the model was reset by switching conversations away and back.
    const qint64 other = m_h->createConversation(Conversation::Mode::Single);
    Message elsewhere = message(Message::Role::User, u"elsewhere"_s);
    elsewhere.conversationId = other;
    QVERIFY(store(elsewhere));

    QHash<QPair<qint64, int>, QString> seen;
    QSet<QPair<qint64, int>> reported;
    QStringList repeats;
    const auto record = [&] {
        for (int row = 0; row < m_model->rowCount(); ++row) {
            const QModelIndex index = m_model->index(row);
            const QPair<qint64, int> key { index.data(MessageListModel::IdRole).toLongLong(),
                index.data(MessageListModel::RevisionRole).toInt() };
            const QString content = index.data(MessageListModel::ContentRole).toString();
            const auto it = seen.constFind(key);
            if (it == seen.cend())
                seen.insert(key, content);
            else if (*it != content && !reported.contains(key)) {
                reported.insert(key);
                repeats << u"message %1, revision %2: \"%3\", later \"%4\""_s.arg(key.first)
                               .arg(key.second)
                               .arg(*it, content);
            }
        }
    };
    QObject recording; // declared after what the lambda uses, so the connections go first
    connect(m_model.get(), &QAbstractItemModel::rowsInserted, &recording, record);
    connect(m_model.get(), &QAbstractItemModel::dataChanged, &recording, record);
    connect(m_model.get(), &QAbstractItemModel::modelReset, &recording, record);

    const QStringList text = chunks(u"part"_s, 20);
    const QString expected = text.join(QString());
    m_h->server().enqueue(ScriptedReply::text(text));
    m_model->setConversation(m_conversation);
    QVERIFY(m_repo->send(m_conversation, u"Tell me"_s).messageId > 0);
    QCOMPARE(waitForRun(m_conversation), RunOutcome::Completed);
    m_model->flushDeltas();
    QCOMPARE(m_model->rowCount(), 2);
    const qint64 reply = m_model->index(1).data(MessageListModel::IdRole).toLongLong();
    QCOMPARE(m_model->index(1).data(MessageListModel::ContentRole).toString(), expected);
    int replyRevisions = 0;
    for (auto it = seen.cbegin(); it != seen.cend(); ++it)
        replyRevisions += it.key().first == reply ? 1 : 0;
    QVERIFY2(replyRevisions >= 2, "the reply was seen empty and streamed");

    m_model->setConversation(other);
    QCOMPARE(m_model->rowCount(), 1);
    m_model->setConversation(m_conversation);
    QCOMPARE(m_model->rowCount(), 2);
    QCOMPARE(m_model->index(1).data(MessageListModel::ContentRole).toString(), expected);
    record();
    QVERIFY2(repeats.isEmpty(), qPrintable(repeats.join(u'\n')));
}

void TestMessageListModel::rowsWrittenElsewhereAppear()
{
    // Another Tandem process (its own connection to the file) runs a turn of the open conversation: the rows show up.
    m_model->setConversation(m_conversation);
    Database elsewhere;
    QVERIFY(elsewhere.open(m_h->database().filePath()));
    QNetworkAccessManager network;
    LocalChatRepository other(elsewhere.work(), &network, nullptr, nullptr, EngineHarness::testConfig());
    other.setApiKey(u"fake"_s, u"sk-test"_s);
    m_h->server().enqueue(ScriptedReply::text({ u"From "_s, u"elsewhere."_s }));
    m_repo->watchForChangesElsewhere(20);
    QSignalSpy seen(m_repo, &ChatRepository::changedElsewhere);

    QSignalSpy finished(&other, &ChatRepository::runFinished);
    QVERIFY(other.send(m_conversation, u"Sent by another process"_s).messageId > 0);
    QVERIFY(finished.wait(5000));
    QTRY_COMPARE(m_model->rowCount(), 2);
    QVERIFY(!seen.isEmpty());
    QCOMPARE(m_model->index(0).data(MessageListModel::ContentRole).toString(), u"Sent by another process"_s);
    QTRY_COMPARE(m_model->index(1).data(MessageListModel::ContentRole).toString(), u"From elsewhere."_s);
    QCOMPARE(m_model->index(1).data(MessageListModel::PendingRole).toBool(), false);
    m_repo->watchForChangesElsewhere(0);
}

QTEST_GUILESS_MAIN(TestMessageListModel)
#include "tst_messagelistmodel.moc"
