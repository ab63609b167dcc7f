// The team board on PostgreSQL at a team's scale (issue #31 item 6): 100,000 handoffs over 1,000 stories on a
// throwaway PostgreSQL 15 cluster (tests/support/PostgresCluster: initdb in a temporary folder, a Unix socket, fsync
// off), read through the real PostgresBoardStore. Prints p50 and p99 over many runs of:
//   - the state query: one story's handoffs in order (BoardStore::forConversation, what /api/stories/ID and the
//     window's opened story read);
//   - the window's story list (PostgresStoryList::read, 1,000 stories with their phase and counts);
//   - the stale query (BoardStore::stale: pending handoffs older than 30 minutes, across the board);
//   - the watcher's look (BoardStore::lastChangeId, every 2 s per window) and a catch-up read of 100 changes;
//   - a handoff written through the store (create(): its own transaction, the change log's lock).
// Usage: bench_teamboard [runs]

#include "BenchSupport.h"
#include "PostgresCluster.h"
#include "storage/PostgresBoardStore.h"
#include "storage/PostgresStoryList.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QRandomGenerator>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

#include <cstdio>
#include <functional>

using namespace Qt::StringLiterals;
using namespace Tandem;

namespace {

constexpr int kStories = 1000;
constexpr int kHandoffs = 100000;

bool exec(QSqlDatabase db, const QString &sql)
{
    QSqlQuery q(db);
    if (q.exec(sql))
        return true;
    std::fprintf(stderr, "%s: %s\n", qPrintable(sql.left(60)), qPrintable(q.lastError().text()));
    return false;
}

// The board filled in bulk by SQL (the store's create() would take minutes for 100,000): every story has 100
// handoffs along the pipeline, all decided but the newest of each, which is pending and created over the last 100
// minutes, so about 700 are stale; the change log holds its last 10,000 entries, as the store keeps it.
bool fill(const Tandem::Test::PostgresCluster &cluster)
{
    QSqlDatabase db = QSqlDatabase::addDatabase(u"QPSQL"_s, u"fill"_s);
    db.setHostName(cluster.socketFolder());
    db.setDatabaseName(cluster.database());
    db.setUserName(cluster.user());
    if (!db.open())
        return false;
    const QString agents = u"(ARRAY['analyst','implementer','reviewer','refactorer','documenter','orchestrator'])"_s;
    const bool ok
        = exec(db, u"INSERT INTO stories (story_id) SELECT 'v1.0:' || g FROM generate_series(1, %1) g"_s.arg(kStories))
        && exec(db,
            u"INSERT INTO handoffs (story_key, from_agent, to_agent, status, payload, reason, created_at, "
            u"processed_at) "
            u"SELECT 1 + g %% %1, %2[1 + (g / %1) %% 5], %2[2 + (g / %1) %% 5], "
            u"CASE WHEN g >= %3 - %1 THEN 'pending' ELSE 'accepted' END, "
            u"jsonb_build_object('plan', repeat('Parse the settings file and report each bad key. ', 6)), "
            u"'the plan is ready', now() - make_interval(secs => (%3 - g) * 6), "
            u"CASE WHEN g >= %3 - %1 THEN NULL ELSE now() - make_interval(secs => (%3 - g) * 6 - 3) END "
            u"FROM generate_series(0, %3 - 1) g"_s.replace(u"%%"_s, u"%"_s)
                .arg(kStories)
                .arg(agents)
                .arg(kHandoffs))
        && exec(db,
            u"INSERT INTO handoff_changes (handoff_id, status, changed_at) SELECT id, status, "
            u"COALESCE(processed_at, created_at) FROM handoffs ORDER BY id DESC LIMIT %1"_s.arg(
                BoardStore::kChangesKept))
        && exec(db, u"VACUUM ANALYZE"_s);
    db.close();
    return ok;
}

void report(const char *what, const QList<qint64> &us, int rows)
{
    std::printf("%-44s runs %5lld  p50 %8.3f ms  p99 %8.3f ms  max %8.3f ms  (%d rows)\n", what,
        static_cast<long long>(us.size()), double(Bench::percentile(us, 0.5)) / 1000.0,
        double(Bench::percentile(us, 0.99)) / 1000.0, double(Bench::percentile(us, 1.0)) / 1000.0, rows);
}

/// Runs @p run @p runs times and reports the times and the rows of the last run.
void measure(const char *what, int runs, const std::function<int()> &run)
{
    QList<qint64> us;
    QElapsedTimer timer;
    int rows = 0;
    for (int i = 0; i < runs; ++i) {
        timer.start();
        rows = run();
        us.append(timer.nsecsElapsed() / 1000);
    }
    report(what, us, rows);
}

QString loadAverage()
{
    QFile file(u"/proc/loadavg"_s);
    return file.open(QIODevice::ReadOnly) ? QString::fromLatin1(file.readAll()).section(u' ', 0, 2) : QString();
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int runs = qMax(100, app.arguments().value(1).toInt());
    Tandem::Test::PostgresCluster cluster;
    if (!cluster.start()) {
        std::fprintf(stderr, "%s\n", qPrintable(cluster.errorString()));
        return 1;
    }
    QString error;
    const std::optional<BoardUrl> url = BoardUrl::parse(cluster.url(), &error);
    std::unique_ptr<PostgresBoardStore> board = url ? PostgresBoardStore::open(*url, {}, &error) : nullptr;
    QElapsedTimer filling;
    filling.start();
    if (!board || !fill(cluster)) {
        std::fprintf(stderr, "the board could not be filled: %s\n", qPrintable(error));
        return 1;
    }
    std::printf("bench_teamboard: PostgreSQL 15 on a Unix socket, %d stories, %d handoffs (filled in %.1f s); load "
                "average before: %s\n",
        kStories, kHandoffs, double(filling.elapsed()) / 1000.0, qPrintable(loadAverage()));

    QRandomGenerator random(31);
    measure("state query (one story's handoffs)", runs * 10,
        [&] { return int(board->forConversation(1 + random.bounded(kStories)).size()); });
    measure("story list (window, 1,000 stories)", runs, [&] {
        QString listError;
        return int(PostgresStoryList::read(*board, kStories, &listError).size());
    });
    const QDateTime now = QDateTime::currentDateTimeUtc();
    measure("stale query (pending > 30 min)", runs, [&] { return int(board->stale(now).size()); });
    measure("watcher's look (lastChangeId)", runs * 10, [&] { return board->lastChangeId() > 0 ? 1 : 0; });
    const qint64 last = board->lastChangeId();
    measure("catch-up read (100 changes)", runs, [&] { return int(board->changesAfter(last - 100, 100).size()); });
    measure("handoff written (create, own transaction)", runs, [&] {
        Handoff handoff;
        handoff.conversationId = 1 + random.bounded(kStories);
        handoff.fromAgent = u"implementer"_s;
        handoff.toAgent = u"reviewer"_s;
        handoff.payload = { { u"plan"_s, u"Review the parser"_s } };
        return board->create(handoff) ? 1 : 0;
    });
    std::printf("load average after: %s\n", qPrintable(loadAverage()));
    return 0;
}
