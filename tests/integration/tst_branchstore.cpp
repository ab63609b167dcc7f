#include "TemporaryDatabase.h"
#include "storage/BranchStore.h"
#include "storage/ConversationStore.h"
#include "storage/Database.h"
#include "storage/MessageStore.h"
#include "storage/Schema.h"
#include "storage/UnitOfWork.h"

#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;

namespace {

qint64 newConversation(UnitOfWork &work)
{
    Conversation conversation;
    conversation.title = u"tree"_s;
    conversation.mode = Conversation::Mode::Dual;
    if (!work.conversations().create(conversation))
        return 0;
    return conversation.id;
}

qint64 append(UnitOfWork &work, qint64 conversationId, Message::Role role, const QString &text)
{
    Message message;
    message.conversationId = conversationId;
    message.role = role;
    message.agentId = role == Message::Role::User ? QString() : u"agent1"_s;
    message.content = text;
    if (!work.messages().append(message))
        return 0;
    return message.id;
}

QStringList texts(const QList<Message> &rows)
{
    QStringList result;
    for (const Message &row : rows)
        result << row.content;
    return result;
}

} // namespace

/// The tree of a conversation's messages in the store: the migration of an existing file, siblings, the current
/// branch every read follows, and moving it.
class TestBranchStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void migrationMakesOneBranchAndKeepsEverything();
    void editMakesASiblingAndReadsFollowTheBranch();
    void switchShowsTheNewestLeafUnderASibling();
    void editOfTheFirstMessageMakesASecondRoot();
    void threadRowsFollowTheBranch();
};

void TestBranchStore::migrationMakesOneBranchAndKeepsEverything()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"old.sqlite"_s);
    QList<Migration> before = Schema::migrations();
    before.removeIf([](const Migration &m) { return m.version > 10; }); // the schema before the tree
    {
        Database old(before);
        QVERIFY(old.open(path));
        QSqlQuery q(old.connection());
        for (int c = 1; c <= 2; ++c) {
            QVERIFY(q.exec(u"INSERT INTO conversations (title, mode, created_at, updated_at) "
                           u"VALUES ('c%1', 'dual', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')"_s.arg(c)));
        }
        // Interleaved rows of the two conversations, as two windows would leave them.
        for (int i = 0; i < 10; ++i) {
            QVERIFY(q.exec(u"INSERT INTO messages (conversation_id, role, content, created_at, updated_at) VALUES "
                           u"(%1, '%2', 'm%3', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')"_s.arg(1 + i % 2)
                               .arg(i % 4 < 2 ? u"user"_s : u"assistant"_s)
                               .arg(i)));
        }
    }
    Database upgraded;
    QVERIFY2(upgraded.open(path), qPrintable(upgraded.errorString()));
    UnitOfWork &work = upgraded.work();
    QCOMPARE(work.messages().count(1), 5);
    QCOMPARE(work.messages().count(2), 5);
    for (qint64 c = 1; c <= 2; ++c) {
        const QList<Message> rows = work.messages().page(c);
        QCOMPARE(rows.size(), 5);
        for (qsizetype i = 0; i < rows.size(); ++i) {
            QCOMPARE(rows.at(i).content, u"m%1"_s.arg(2 * i + (c - 1)));
            QCOMPARE(work.branches().parentOf(rows.at(i).id), i == 0 ? 0 : rows.at(i - 1).id);
            QCOMPARE(work.branches().position(rows.at(i).id).count, 1);
        }
        QCOMPARE(work.branches().currentLeaf(c), rows.constLast().id);
        QCOMPARE(work.branches().leaves(c), QList<qint64> { rows.constLast().id });
    }
    // A row written after the upgrade goes under the leaf.
    const qint64 added = append(work, 1, Message::Role::User, u"after"_s);
    QCOMPARE(work.branches().parentOf(added), work.messages().page(1).at(4).id);
}

void TestBranchStore::editMakesASiblingAndReadsFollowTheBranch()
{
    Test::TemporaryDatabase temp;
    QVERIFY(temp.isReady());
    UnitOfWork &work = temp.work();
    const qint64 c = newConversation(work);
    const qint64 u1 = append(work, c, Message::Role::User, u"u1"_s);
    const qint64 a1 = append(work, c, Message::Role::Assistant, u"a1"_s);
    const qint64 u2 = append(work, c, Message::Role::User, u"u2"_s);
    append(work, c, Message::Role::Assistant, u"a2"_s);

    // An edit of u2: the leaf goes back to its parent, the new version is written there.
    QCOMPARE(work.branches().parentOf(u2), a1);
    QVERIFY(work.branches().moveLeaf(c, a1));
    const qint64 edited = append(work, c, Message::Role::User, u"u2 edited"_s);
    QCOMPARE(work.branches().parentOf(edited), a1);
    QCOMPARE(work.branches().siblings(u2), (QList<qint64> { u2, edited }));
    QCOMPARE(work.branches().position(edited).index, 1);
    QCOMPARE(work.branches().position(edited).count, 2);
    QCOMPARE(work.branches().position(u1).count, 1);

    QCOMPARE(texts(work.messages().page(c)), (QStringList { u"u1"_s, u"a1"_s, u"u2 edited"_s }));
    QCOMPARE(texts(work.messages().pageAfter(c, u1)), (QStringList { u"a1"_s, u"u2 edited"_s }));
    QCOMPARE(work.messages().count(c), 3);
    QCOMPARE(work.messages().lastUserMessage(c)->id, edited);
    QCOMPARE(texts(work.messages().transcript(c, 0)), (QStringList { u"u1"_s, u"a1"_s, u"u2 edited"_s }));
    QCOMPARE(work.branches().currentLeaf(c), edited);
    const QHash<qint64, SiblingPosition> shown = work.branches().positions(c, u1, edited);
    QCOMPARE(shown.size(), 1);
    QCOMPARE(shown.value(edited).index, 1);
    QCOMPARE(shown.value(edited).count, 2);
    // The old branch is kept whole.
    QCOMPARE(work.branches().tree(c).size(), 5);
    QCOMPARE(work.branches().leaves(c).size(), 2);
}

void TestBranchStore::switchShowsTheNewestLeafUnderASibling()
{
    Test::TemporaryDatabase temp;
    QVERIFY(temp.isReady());
    UnitOfWork &work = temp.work();
    const qint64 c = newConversation(work);
    append(work, c, Message::Role::User, u"u1"_s);
    const qint64 a1 = append(work, c, Message::Role::Assistant, u"a1"_s);
    const qint64 u2 = append(work, c, Message::Role::User, u"u2"_s);
    const qint64 a2 = append(work, c, Message::Role::Assistant, u"a2"_s);
    QVERIFY(work.branches().moveLeaf(c, a1));
    const qint64 edited = append(work, c, Message::Role::User, u"u2b"_s);
    const qint64 a2b = append(work, c, Message::Role::Assistant, u"a2b"_s);

    QCOMPARE(work.branches().deepestLeaf(u2), a2);
    QVERIFY(work.branches().moveLeaf(c, work.branches().deepestLeaf(u2)));
    QCOMPARE(texts(work.messages().page(c)), (QStringList { u"u1"_s, u"a1"_s, u"u2"_s, u"a2"_s }));
    QCOMPARE(work.branches().position(u2).index, 0);
    QVERIFY(!work.branches().isOnBranch(edited));
    QVERIFY(work.branches().moveLeaf(c, work.branches().deepestLeaf(edited)));
    QCOMPARE(work.branches().currentLeaf(c), a2b);
    QCOMPARE(texts(work.messages().page(c)), (QStringList { u"u1"_s, u"a1"_s, u"u2b"_s, u"a2b"_s }));
    // A leaf of another conversation is refused and changes nothing.
    QVERIFY(!work.branches().moveLeaf(c + 1, a2));
    QCOMPARE(work.branches().currentLeaf(c), a2b);
}

void TestBranchStore::editOfTheFirstMessageMakesASecondRoot()
{
    Test::TemporaryDatabase temp;
    QVERIFY(temp.isReady());
    UnitOfWork &work = temp.work();
    const qint64 c = newConversation(work);
    const qint64 u1 = append(work, c, Message::Role::User, u"u1"_s);
    append(work, c, Message::Role::Assistant, u"a1"_s);
    QVERIFY(work.branches().moveLeaf(c, 0));
    QCOMPARE(work.messages().count(c), 0);
    const qint64 root = append(work, c, Message::Role::User, u"u1b"_s);
    QCOMPARE(work.branches().parentOf(root), 0);
    QCOMPARE(work.branches().siblings(u1), (QList<qint64> { u1, root }));
    QCOMPARE(texts(work.messages().page(c)), QStringList { u"u1b"_s });
}

void TestBranchStore::threadRowsFollowTheBranch()
{
    Test::TemporaryDatabase temp;
    QVERIFY(temp.isReady());
    UnitOfWork &work = temp.work();
    const qint64 c = newConversation(work);
    append(work, c, Message::Role::User, u"u1"_s);
    const qint64 a1 = append(work, c, Message::Role::Assistant, u"a1"_s);
    QVERIFY(work.branches().moveLeaf(c, work.branches().parentOf(a1)));
    append(work, c, Message::Role::Assistant, u"a1b"_s);
    QCOMPARE(texts(work.messages().threadRows(c, u"agent1"_s, 0)), QStringList { u"a1b"_s });
    QVERIFY(work.branches().moveLeaf(c, a1));
    QCOMPARE(texts(work.messages().threadRows(c, u"agent1"_s, 0)), QStringList { u"a1"_s });
}

QTEST_GUILESS_MAIN(TestBranchStore)
#include "tst_branchstore.moc"
