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
    // Newest story first, so a new story is a row inserted at the top. The newest handoff of each story through the
    // (story_key, id) index: one lateral look per story, not a scan of every handoff, so the list stays cheap on a
    // board of 100,000 handoffs (bench_teamboard).
    QSqlQuery q(QSqlDatabase::database(board.connectionName(), false));
    q.setForwardOnly(true);
    q.prepare(u"SELECT s.id, s.story_id, last.to_agent, last.status, "
              u"(EXTRACT(EPOCH FROM COALESCE(last.processed_at, last.created_at, s.created_at)) * 1000)::bigint, "
              u"(SELECT count(*) FROM handoffs c WHERE c.story_key = s.id), "
              u"(SELECT count(*) FROM handoffs p WHERE p.story_key = s.id AND p.status = 'pending') "
              u"FROM stories s LEFT JOIN LATERAL (SELECT to_agent, status, created_at, processed_at FROM handoffs h "
              u"WHERE h.story_key = s.id ORDER BY h.id DESC LIMIT 1) last ON true "
              u"ORDER BY s.id DESC LIMIT ?"_s);
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
