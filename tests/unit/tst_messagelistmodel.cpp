#include "StubChatRepository.h"
#include "presentation/MessageListModel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;
using Tandem::Test::StubChatRepository;

class TestMessageListModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void loadsNewestPageAndPagesOlderIn();
    void appendsWithoutReset();
    void rolesOfEachKind_data();
    void rolesOfEachKind();
    void coalescesDeltasIntoOneChange();
    void coalescesStreamingUpdates();
    void finalUpdateNamesOnlyChangedRoles();
    void ignoresOtherConversations();
    void dividerAnnouncedTwiceIsOneRow();
    void lastAnswerRow();

private:
    Message message(Message::Role role, const QString &content, const QString &agent = {}) const;

    StubChatRepository *m_repo = nullptr;
    MessageListModel *m_model = nullptr;
    QAbstractItemModelTester *m_tester = nullptr;
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

void TestMessageListModel::init()
{
    m_repo = new StubChatRepository;
    m_conversation = m_repo->createConversation(Conversation::Mode::Dual);
    m_model = new MessageListModel(m_repo);
    m_tester = new QAbstractItemModelTester(m_model, QAbstractItemModelTester::FailureReportingMode::QtTest);
}

void TestMessageListModel::cleanup()
{
    delete m_tester;
    delete m_model;
    delete m_repo;
}

void TestMessageListModel::loadsNewestPageAndPagesOlderIn()
{
    for (int i = 0; i < 450; ++i)
        m_repo->seed(message(
            i % 2 ? Message::Role::Assistant : Message::Role::User, u"m%1"_s.arg(i), i % 2 ? u"agent1"_s : QString()));
    // QAbstractItemModelTester calls fetchMore() after every change, so under it the whole history pages in at
    // once: that is checked here too, and the page by page behaviour on a model of its own.
    m_model->setConversation(m_conversation);
    while (m_model->canFetchMore({}))
        m_model->fetchMore({});
    QCOMPARE(m_model->rowCount(), 450);
    QVERIFY(!m_model->canFetchMore({}));

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
}

void TestMessageListModel::appendsWithoutReset()
{
    m_repo->seed(message(Message::Role::User, u"hello"_s));
    m_model->setConversation(m_conversation);
    QSignalSpy inserted(m_model, &QAbstractItemModel::rowsInserted);
    QSignalSpy reset(m_model, &QAbstractItemModel::modelReset);
    m_repo->store(message(Message::Role::User, u"second"_s));
    QCOMPARE(reset.count(), 0);
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(inserted.first().at(1).toInt(), 1);
    QCOMPARE(m_model->rowCount(), 2);
    QCOMPARE(m_model->index(1).data(Qt::DisplayRole).toString(), u"second"_s);
}

void TestMessageListModel::rolesOfEachKind_data()
{
    QTest::addColumn<int>("role");
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("divider");
    QTest::addColumn<QString>("agent");
    QTest::addColumn<QString>("expectedName");
    QTest::addColumn<bool>("hasColour");

    QTest::newRow("user") << int(Message::Role::User) << int(Message::Kind::Text) << int(Message::Divider::None)
                          << QString() << QString() << false;
    QTest::newRow("agent 1") << int(Message::Role::Assistant) << int(Message::Kind::Text) << int(Message::Divider::None)
                             << u"agent1"_s << u"Agent 1"_s << true;
    QTest::newRow("handing over") << int(Message::Role::System) << int(Message::Kind::Divider)
                                  << int(Message::Divider::HandingOver) << u"agent2"_s << u"Agent 2"_s << true;
    QTest::newRow("rejected") << int(Message::Role::System) << int(Message::Kind::Divider)
                              << int(Message::Divider::Rejected) << u"agent1"_s << u"Agent 1"_s << true;
    QTest::newRow("unknown agent") << int(Message::Role::Assistant) << int(Message::Kind::Text)
                                   << int(Message::Divider::None) << u"ghost"_s << u"ghost"_s << true;
}

void TestMessageListModel::rolesOfEachKind()
{
    QFETCH(int, role);
    QFETCH(int, kind);
    QFETCH(int, divider);
    QFETCH(QString, agent);
    QFETCH(QString, expectedName);
    QFETCH(bool, hasColour);

    m_model->setConversation(m_conversation);
    Message m = message(Message::Role(role), u"**text**"_s, agent);
    m.kind = Message::Kind(kind);
    m.divider = Message::Divider(divider);
    m.error = u"reason"_s;
    m.usage.inputTokens = 10;
    m.usage.outputTokens = 5;
    m.createdAt = QDateTime(QDate(2025, 1, 1), QTime(10, 0, 0), Qt::UTC);
    m.updatedAt = m.createdAt.addMSecs(2500);
    const Message stored = m_repo->store(m);
    const QModelIndex index = m_model->index(0);
    QCOMPARE(index.data(MessageListModel::IdRole).toLongLong(), stored.id);
    QCOMPARE(index.data(MessageListModel::MessageRoleRole).toInt(), role);
    QCOMPARE(index.data(MessageListModel::KindRole).toInt(), kind);
    QCOMPARE(index.data(MessageListModel::DividerKindRole).toInt(), divider);
    QCOMPARE(index.data(MessageListModel::StatusRole).toInt(), int(Message::Status::Complete));
    QCOMPARE(index.data(MessageListModel::AgentIdRole).toString(), agent);
    QCOMPARE(index.data(MessageListModel::AgentNameRole).toString(), expectedName);
    QCOMPARE(index.data(MessageListModel::AgentColorRole).value<QColor>().isValid(), hasColour);
    QCOMPARE(index.data(MessageListModel::ContentRole).toString(), u"**text**"_s);
    QCOMPARE(index.data(MessageListModel::ErrorRole).toString(), u"reason"_s);
    QCOMPARE(index.data(MessageListModel::TotalTokensRole).toLongLong(), 15);
    QCOMPARE(index.data(MessageListModel::UsageRole).toMap().value(u"output"_s).toLongLong(), 5);
    QCOMPARE(index.data(MessageListModel::CreatedAtRole).toDateTime(), m.createdAt);
    QCOMPARE(index.data(MessageListModel::RevisionRole).toInt(), 0);
    QCOMPARE(index.data(MessageListModel::PendingRole).toBool(), false);
    const qint64 duration = index.data(MessageListModel::DurationMsRole).toLongLong();
    QCOMPARE(duration, role == int(Message::Role::Assistant) && kind == int(Message::Kind::Text) ? 2500 : -1);
    QVERIFY(m_model->roleNames().contains(MessageListModel::RevisionRole));
}

void TestMessageListModel::coalescesDeltasIntoOneChange()
{
    m_model->setConversation(m_conversation);
    Message reply = message(Message::Role::Assistant, {}, u"agent1"_s);
    reply.status = Message::Status::Streaming;
    reply = m_repo->store(reply);
    QCOMPARE(m_model->rowCount(), 1);
    QVERIFY(m_model->index(0).data(MessageListModel::PendingRole).toBool());

    QSignalSpy changed(m_model, &QAbstractItemModel::dataChanged);
    QString expected;
    for (int i = 0; i < 50; ++i) {
        m_repo->delta(reply.id, u"w%1 "_s.arg(i));
        expected += u"w%1 "_s.arg(i);
    }
    QCOMPARE(changed.count(), 0); // nothing until the timer fires
    QTRY_COMPARE(changed.count(), 1);
    QCOMPARE(m_model->index(0).data(MessageListModel::ContentRole).toString(), expected);
    QCOMPARE(m_model->index(0).data(MessageListModel::RevisionRole).toInt(), 1);
    const auto roles = changed.first().at(2).value<QList<int>>();
    QVERIFY(roles.contains(MessageListModel::ContentRole));
    QVERIFY(roles.contains(MessageListModel::RevisionRole));
    QVERIFY(!roles.contains(MessageListModel::StatusRole));

    // The next burst is one more change, not fifty.
    for (int i = 0; i < 20; ++i)
        m_repo->delta(reply.id, u"x"_s);
    m_model->flushDeltas();
    QCOMPARE(changed.count(), 2);
    QCOMPARE(m_model->index(0).data(MessageListModel::RevisionRole).toInt(), 2);
}

void TestMessageListModel::coalescesStreamingUpdates()
{
    m_model->setConversation(m_conversation);
    Message reply = message(Message::Role::Assistant, {}, u"agent1"_s);
    reply.status = Message::Status::Streaming;
    reply = m_repo->store(reply);
    QSignalSpy changed(m_model, &QAbstractItemModel::dataChanged);
    // Deltas and full updates of the same text: the full copy wins, nothing doubles.
    m_repo->delta(reply.id, u"Hel"_s);
    reply.content = u"Hel"_s;
    m_repo->update(reply);
    m_repo->delta(reply.id, u"lo"_s);
    reply.content = u"Hello"_s;
    m_repo->update(reply);
    QCOMPARE(changed.count(), 0);
    m_model->flushDeltas();
    QCOMPARE(changed.count(), 1);
    QCOMPARE(m_model->index(0).data(MessageListModel::ContentRole).toString(), u"Hello"_s);
}

void TestMessageListModel::finalUpdateNamesOnlyChangedRoles()
{
    m_model->setConversation(m_conversation);
    Message reply = message(Message::Role::Assistant, u"done"_s, u"agent1"_s);
    reply.status = Message::Status::Streaming;
    reply = m_repo->store(reply);
    QSignalSpy changed(m_model, &QAbstractItemModel::dataChanged);
    reply.status = Message::Status::Complete;
    reply.usage.inputTokens = 3;
    reply.usage.outputTokens = 4;
    m_repo->update(reply);
    QCOMPARE(changed.count(), 1); // a final status is shown at once
    const auto roles = changed.first().at(2).value<QList<int>>();
    QVERIFY(roles.contains(MessageListModel::StatusRole));
    QVERIFY(roles.contains(MessageListModel::PendingRole));
    QVERIFY(roles.contains(MessageListModel::UsageRole));
    QVERIFY(!roles.contains(MessageListModel::ContentRole));
    QVERIFY(!roles.contains(MessageListModel::AgentNameRole));
    QVERIFY(!m_model->index(0).data(MessageListModel::PendingRole).toBool());

    // An update that changes nothing emits nothing.
    m_repo->update(reply);
    QCOMPARE(changed.count(), 1);
}

void TestMessageListModel::ignoresOtherConversations()
{
    m_model->setConversation(m_conversation);
    const qint64 other = m_repo->createConversation(Conversation::Mode::Single);
    Message m = message(Message::Role::User, u"elsewhere"_s);
    m.conversationId = other;
    m = m_repo->store(m);
    m_repo->delta(m.id, u"more"_s);
    m_model->flushDeltas();
    QCOMPARE(m_model->rowCount(), 0);
}

void TestMessageListModel::dividerAnnouncedTwiceIsOneRow()
{
    m_model->setConversation(m_conversation);
    Message divider = message(Message::Role::System, u"Handing the message to agent 2"_s, u"agent2"_s);
    divider.kind = Message::Kind::Divider;
    divider.divider = Message::Divider::HandingOver;
    m_repo->store(divider); // emits dividerAdded and messageAdded
    QCOMPARE(m_model->rowCount(), 1);
    QCOMPARE(m_model->index(0).data(MessageListModel::DividerKindRole).toInt(), int(Message::Divider::HandingOver));
}

void TestMessageListModel::lastAnswerRow()
{
    m_model->setConversation(m_conversation);
    QCOMPARE(m_model->lastAnswerRow(), -1);
    m_repo->store(message(Message::Role::User, u"q"_s));
    m_repo->store(message(Message::Role::Assistant, u"a"_s, u"agent1"_s));
    Message divider = message(Message::Role::System, u"accepted"_s, u"agent2"_s);
    divider.kind = Message::Kind::Divider;
    divider.divider = Message::Divider::Accepted;
    m_repo->store(divider);
    QCOMPARE(m_model->lastAnswerRow(), 1);
    m_repo->store(message(Message::Role::User, u"q2"_s));
    QCOMPARE(m_model->lastAnswerRow(), -1);
}

QTEST_GUILESS_MAIN(TestMessageListModel)
#include "tst_messagelistmodel.moc"
