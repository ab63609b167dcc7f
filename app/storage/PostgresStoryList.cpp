#include "PostgresStoryList.h"

#include "PostgresBoardStore.h"
#include "domain/Logging.h"
#include "domain/PipelinePhase.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

using namespace Qt::StringLiterals;

namespace Tandem {

QList<TeamStory> PostgresStoryList::read(PostgresBoardStore &board, int limit, QString *error)
{
    // Newest story first, so a new story is a row inserted at the top. The counts and each story's newest handoff come
    // from one pass over the (story_key, id) index and the pending ones from the pending index, not from a look per
    // story: on a board of 100,000 handoffs that is the difference between ~20 ms and ~130 ms (bench_teamboard).
    QSqlQuery q(QSqlDatabase::database(board.connectionName(), false));
    q.setForwardOnly(true);
    q.prepare(u"WITH totals AS (SELECT story_key, count(*) AS n, max(id) AS last_id FROM handoffs GROUP BY story_key), "
              u"waiting AS (SELECT story_key, count(*) AS p FROM handoffs WHERE status = 'pending' GROUP BY story_key) "
              u"SELECT s.id, s.story_id, h.to_agent, h.status, "
              u"(EXTRACT(EPOCH FROM COALESCE(h.processed_at, h.created_at, s.created_at)) * 1000)::bigint, "
              u"COALESCE(t.n, 0), COALESCE(w.p, 0) FROM stories s "
              u"LEFT JOIN totals t ON t.story_key = s.id LEFT JOIN waiting w ON w.story_key = s.id "
              u"LEFT JOIN handoffs h ON h.id = t.last_id ORDER BY s.id DESC LIMIT ?"_s);
    q.addBindValue(limit);
    QList<TeamStory> stories;
    if (!q.exec()) {
        *error = q.lastError().text();
        qCWarning(lcDb) << "board stories not read:" << *error;
        return stories;
    }
    error->clear();
    while (q.next()) {
        TeamStory story;
        story.key = q.value(0).toLongLong();
        story.storyId = q.value(1).toString();
        story.currentAgent = q.value(2).toString();
        story.phase = story.currentAgent.isEmpty() ? QString() : PipelinePhase::of(story.currentAgent);
        story.lastStatus = q.value(3).toString();
        story.updatedAt = QDateTime::fromMSecsSinceEpoch(q.value(4).toLongLong(), Qt::UTC);
        story.handoffs = q.value(5).toInt();
        story.pending = q.value(6).toInt();
        stories.append(story);
    }
    return stories;
}

int PostgresStoryList::count(PostgresBoardStore &board, QString *error)
{
    QSqlQuery q(QSqlDatabase::database(board.connectionName(), false));
    if (!q.exec(u"SELECT count(*) FROM stories"_s) || !q.next()) {
        *error = q.lastError().text();
        return -1;
    }
    error->clear();
    return q.value(0).toInt();
}

} // namespace Tandem
