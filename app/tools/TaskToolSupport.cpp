#include "TaskToolSupport.h"

#include "domain/DueDateResolver.h"
#include "domain/FuzzyMatch.h"
#include "domain/PendingConfirmation.h"
#include "storage/UnitOfWork.h"

#include <QJsonDocument>
#include <QLocale>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Tandem {

QJsonObject TaskToolSupport::toJson(const Task &task)
{
    return QJsonObject {
        { u"id"_s, task.id },
        { u"title"_s, task.title },
        { u"notes"_s, task.notes },
        { u"priority"_s, Task::priorityName(task.priority) },
        { u"status"_s, Task::statusName(task.status) },
        { u"due"_s, task.due.isValid() ? QJsonValue(task.due.toString(Qt::ISODate)) : QJsonValue(QJsonValue::Null) },
    };
}

QList<TaskToolSupport::Match> TaskToolSupport::search(UnitOfWork &work, const QString &query, bool includeDone)
{
    QList<Match> matches;
    const QList<Task> tasks = work.tasks().list(0, includeDone);
    for (const Task &task : tasks) {
        const int score = FuzzyMatch::score(query, task.title);
        if (score >= FuzzyMatch::kMinimumScore)
            matches << Match { task, score };
    }
    std::stable_sort(matches.begin(), matches.end(), [](const Match &a, const Match &b) { return a.score > b.score; });
    return matches;
}

QString TaskToolSupport::describe(const Match &match)
{
    // As the agent says it: "I found 'Review cloud code for Yury' (75% match)".
    return tr("'%1' (%2% match)").arg(match.task.title).arg(match.score);
}

std::optional<QDate> TaskToolSupport::resolveDue(const QString &text)
{
    return DueDateResolver::resolve(text, QDate::currentDate(), QLocale());
}

QString TaskToolSupport::showDate(const QDate &date)
{
    return QLocale().toString(date, QLocale::LongFormat);
}

QJsonObject TaskToolSupport::askConfirmation(const ToolContext &context, const QString &toolName,
    const QJsonObject &arguments, const QString &summary, bool *stored)
{
    PendingConfirmation pending;
    pending.conversationId = context.conversationId;
    pending.agentId = context.agentId;
    pending.toolName = toolName;
    pending.arguments = QString::fromUtf8(QJsonDocument(arguments).toJson(QJsonDocument::Compact));
    pending.summary = summary;
    *stored = context.work && context.work->router().setPending(pending);
    return QJsonObject {
        { u"status"_s, u"awaiting_confirmation"_s },
        { u"message"_s, summary },
        { u"instructions"_s,
            u"Nothing was done yet. Tell the person exactly what will happen (the message) and ask them to confirm. "
            "When they say yes, the action is carried out for you; do not call the tool again for it."_s },
    };
}

QString TaskToolSupport::showPriority(Task::Priority priority)
{
    switch (priority) {
    case Task::Priority::Low:
        return tr("low");
    case Task::Priority::Normal:
        return tr("normal");
    case Task::Priority::High:
        return tr("high");
    }
    return {};
}

QJsonObject TaskToolSupport::property(const QString &type, const QString &description)
{
    return QJsonObject { { u"type"_s, type }, { u"description"_s, description } };
}

QString TaskToolSupport::noDatabase()
{
    return tr("The task list is not available here.");
}

} // namespace Tandem
