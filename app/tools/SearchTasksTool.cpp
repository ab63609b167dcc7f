#include "SearchTasksTool.h"

#include "domain/FuzzyMatch.h"
#include "storage/UnitOfWork.h"
#include "tools/TaskToolSupport.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace Tandem {

ToolDefinition SearchTasksTool::definition() const
{
    return {
        kName.toString(),
        u"Finds tasks by fuzzy match of their titles: each match has a score in percent (100: the same words). "
        "\"ambiguous\" is true when the two best are about as good: then ask the person which one they mean. An "
        "empty query lists every task."_s,
        QJsonObject {
            { u"type"_s, u"object"_s },
            { u"properties"_s,
                QJsonObject {
                    { u"query"_s, TaskToolSupport::property(u"string"_s, u"Words of the task's title."_s) },
                    { u"include_done"_s,
                        TaskToolSupport::property(u"boolean"_s, u"Also done tasks (default: open ones only)."_s) },
                } },
            { u"required"_s, QJsonArray { u"query"_s } },
            { u"additionalProperties"_s, false },
        },
        false,
    };
}

ToolResult SearchTasksTool::run(const QJsonObject &arguments, const ToolContext &context) const
{
    if (!context.work)
        return ToolResult::failure(TaskToolSupport::noDatabase());
    const QString query = arguments.value(u"query").toString().trimmed();
    const bool includeDone = arguments.value(u"include_done").toBool(false);
    QJsonArray matches;
    QList<int> scores;
    if (query.isEmpty()) {
        const QList<Task> tasks = context.work->tasks().list(0, includeDone);
        for (const Task &task : tasks)
            matches.append(TaskToolSupport::toJson(task));
    } else {
        const QList<TaskToolSupport::Match> found = TaskToolSupport::search(*context.work, query, includeDone);
        for (const TaskToolSupport::Match &match : found) {
            QJsonObject json = TaskToolSupport::toJson(match.task);
            json.insert(u"score"_s, match.score);
            matches.append(json);
            scores << match.score;
        }
    }
    return ToolResult::success(QJsonObject {
        { u"query"_s, query },
        { u"matches"_s, matches },
        { u"ambiguous"_s, FuzzyMatch::isAmbiguous(scores) },
    });
}

} // namespace Tandem
