// The current branch's reads on a 100,000-message conversation with 200 branches (issue #30): what the chat, the
// agents' threads and the switcher read, and what a switch of branch and an edit's leaf move cost. The flat reads it
// replaces have their budgets in docs/architecture.md (a page is part of the first paint's 50 ms); the figures here
// show what the tree adds to them.
#include "BenchSupport.h"
#include "storage/BranchStore.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QRandomGenerator>

#include <cstdio>
#include <functional>

using namespace Tandem;

namespace {

constexpr int kMessages = 100'000;
constexpr int kBranches = 200;
constexpr int kRowsPerBranch = 20;

// The median of @p rounds runs of @p read, in microseconds.
qint64 medianMicros(int rounds, const std::function<void()> &read)
{
    QList<qint64> times;
    for (int i = 0; i < rounds; ++i) {
        QElapsedTimer timer;
        timer.start();
        read();
        times << timer.nsecsElapsed() / 1000;
    }
    return Bench::percentile(times, 0.5);
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    Bench::ChatFixture fixture(kMessages);
    UnitOfWork &work = fixture.database.work();
    const qint64 c = fixture.conversationId;
    QRandomGenerator random(30);
    // Edits and regenerations at random places of the last 2,000 rows, each branch with its own rows.
    QElapsedTimer building;
    building.start();
    QList<qint64> moves;
    for (int b = 0; b < kBranches; ++b) {
        Transaction transaction(work);
        const qint64 leaf = work.branches().currentLeaf(c);
        const qint64 fork = leaf - 10 - qint64(random.bounded(2000));
        QElapsedTimer move;
        move.start();
        work.branches().moveLeaf(c, fork);
        moves << move.nsecsElapsed() / 1000;
        for (int i = 0; i < kRowsPerBranch; ++i) {
            Message m;
            m.conversationId = c;
            m.role = i % 2 ? Message::Role::Assistant : Message::Role::User;
            m.agentId = i % 2 ? QStringLiteral("agent1") : QString();
            m.content = QStringLiteral("Branch %1, row %2").arg(b).arg(i);
            work.messages().append(m);
        }
        transaction.commit();
    }
    std::printf("fixture: %d messages, %d branches of %d rows (%.0f ms to make the branches); an edit's leaf move "
                "p50 %lld us\n",
        kMessages, kBranches, kRowsPerBranch, double(building.elapsed()), Bench::percentile(moves, 0.5));

    const qint64 count = fixture.repository->messageCount(c);
    const qint64 newestPage = medianMicros(50, [&] { fixture.repository->messages(c, 0, 200); });
    const qint64 olderPage = medianMicros(50, [&] { fixture.repository->messages(c, 50'000, 200); });
    const QList<Message> page = fixture.repository->messages(c, 0, 200);
    const qint64 positions
        = medianMicros(50, [&] { fixture.repository->siblingPositions(c, page.constFirst().id, page.constLast().id); });
    const qint64 counting = medianMicros(10, [&] { fixture.repository->messageCount(c); });
    const qint64 thread = medianMicros(5, [&] { work.messages().threadRows(c, QStringLiteral("agent1"), 0); });
    std::printf("current branch: %lld rows; newest page of 200 %lld us, a page at row 50,000 %lld us, the page's "
                "sibling places %lld us, count %lld us, agent1's whole thread %lld us\n",
        count, newestPage, olderPage, positions, counting, thread);

    const QList<qint64> leaves = work.branches().leaves(c);
    const qint64 oldest = leaves.constFirst(); // the first branch: the fixture's 100,000 rows
    const qint64 newest = leaves.constLast();
    QList<qint64> switches;
    for (int i = 0; i < 10; ++i) {
        for (const qint64 leaf : { oldest, newest }) {
            QElapsedTimer timer;
            timer.start();
            fixture.repository->switchToSibling(c, leaf);
            switches << timer.nsecsElapsed() / 1000;
        }
    }
    std::printf("switch between the first and the last branch (through the facade, with the engine's step): p50 %lld "
                "us, max %lld us\n",
        Bench::percentile(switches, 0.5), Bench::percentile(switches, 1.0));
    QElapsedTimer deepest;
    deepest.start();
    const qint64 under = work.branches().deepestLeaf(page.constFirst().id);
    std::printf("newest leaf under a row 200 rows up: %lld us (leaf %lld)\n", deepest.nsecsElapsed() / 1000, under);
    return 0;
}
