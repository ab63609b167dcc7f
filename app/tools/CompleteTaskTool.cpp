#include "CompleteTaskTool.h"

#include "domain/FuzzyMatch.h"
#include "storage/UnitOfWork.h"
#include "tools/TaskToolSupport.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace Tandem {

ToolDefinition CompleteTaskTool::definition() const
{
    return {
        kName.toString(),
        u"Marks a task done. With task_id (from search_tasks) it is done at once. With query (the person's words) the "
        "best fuzzy match is proposed and done once the person confirms; if two tasks match about as well, the result "
        "asks which one. Give task_id or query."_s,
        QJsonObject {
            { u"type"_s, u"object"_s },
            { u"properties"_s,
                QJsonObject {
                    { u"task_id"_s, TaskToolSupport::property(u"integer"_s, u"The task's id, if known."_s) },
                    { u"query"_s,
                        TaskToolSupport::property(
                            u"string"_s, u"The task as the person named it, e.g. \"review code\"."_s) },
                } },
            { u"additionalProperties"_s, false },
        },
        false,
    };
}

ToolResult CompleteTaskTool::run(const QJsonObject &arguments, const ToolContext &context) const
{
    if (!context.work)
        return ToolResult::failure(TaskToolSupport::noDatabase());
    UnitOfWork &work = *context.work;
    const qint64 id = arguments.value(u"task_id").toInteger();
    if (id > 0) {
        std::optional<Task> task = work.tasks().get(id);
        if (!task)
            return ToolResult::failure(tr("There is no task %1.").arg(id));
        if (!task->isOpen())
            return ToolResult::success(
                QJsonObject { { u"status"_s, u"already_done"_s }, { u"task"_s, TaskToolSupport::toJson(*task) } });
        task->status = Task::Status::Done;
        task->completedAt = QDateTime::currentDateTimeUtc();
        if (!work.tasks().update(*task))
            return ToolResult::failure(tr("The task could not be stored."));
        return ToolResult::success(
            QJsonObject { { u"status"_s, u"completed"_s }, { u"task"_s, TaskToolSupport::toJson(*task) } });
    }
    const QString query = arguments.value(u"query").toString().trimmed();
    if (query.isEmpty())
        return ToolResult::failure(tr("Say which task: its id (task_id) or its words (query)."));
    const QList<TaskToolSupport::Match> matches = TaskToolSupport::search(work, query);
    if (matches.isEmpty())
        return ToolResult::success(QJsonObject {
            { u"status"_s, u"not_found"_s }, { u"message"_s, tr("I found no open task matching '%1'.").arg(query) } });
    QList<int> scores;
    for (const TaskToolSupport::Match &match : matches)
        scores << match.score;
    if (FuzzyMatch::isAmbiguous(scores)) {
        // Two close matches: ask instead of guessing (the person's answer names one).
        QJsonArray candidates;
        QStringList described;
        for (const TaskToolSupport::Match &match : matches) {
            if (match.score < scores.constFirst() - FuzzyMatch::kAmbiguityMargin || candidates.size() == 3)
                break;
            QJsonObject candidate = TaskToolSupport::toJson(match.task);
            candidate.insert(u"score"_s, match.score);
            candidates.append(candidate);
            described << TaskToolSupport::describe(match);
        }
        return ToolResult::success(QJsonObject { { u"status"_s, u"ambiguous"_s }, { u"candidates"_s, candidates },
            { u"message"_s, tr("Which one do you mean: %1?").arg(described.join(tr(" or "))) } });
    }
    const TaskToolSupport::Match &best = matches.constFirst();
    bool stored = false;
    const QJsonObject output
        = TaskToolSupport::askConfirmation(context, kName.toString(), QJsonObject { { u"task_id"_s, best.task.id } },
            tr("I found %1. Is this correct?").arg(TaskToolSupport::describe(best)), &stored);
    if (!stored)
        return ToolResult::failure(tr("The proposal could not be stored."));
    return ToolResult::success(output);
}

} // namespace Tandem
