#pragma once

#include "domain/Task.h"
#include "tools/ToolContext.h"

#include <QCoreApplication>
#include <QDate>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace Tandem {

struct PendingConfirmation;

/// @brief What the task tools share: a task as JSON, the fuzzy lookup by title, dates, the pending confirmation.
class TaskToolSupport
{
    Q_DECLARE_TR_FUNCTIONS(TaskToolSupport)

public:
    /// @brief One task found for a query, with its score (0–100).
    struct Match
    {
        Task task;
        int score = 0;
    };

    /// @brief @p task as the tools return it: id, title, notes, priority, status, due (ISO date or null).
    static QJsonObject toJson(const Task &task);
    /// @brief The open tasks (or all with @p includeDone) scoring at least FuzzyMatch::kMinimumScore for @p query,
    /// best first.
    static QList<Match> search(UnitOfWork &work, const QString &query, bool includeDone = false);
    /// @brief "'Review cloud code for Yury' (75% match)".
    static QString describe(const Match &match);
    /// @brief The due date @p text names, resolved against today and the person's locale.
    static std::optional<QDate> resolveDue(const QString &text);
    /// @brief The date as the person reads it ("Friday, 27 November 2026" in their locale).
    static QString showDate(const QDate &date);
    /// @brief Stores @p pending for the conversation of @p context; the output tells the model what to say.
    static QJsonObject askConfirmation(const ToolContext &context, const QString &toolName,
        const QJsonObject &arguments, const QString &summary, bool *stored);
    /// @brief The priority as the person reads it.
    static QString showPriority(Task::Priority priority);
    /// @brief A JSON-schema property: {type, description}.
    static QJsonObject property(const QString &type, const QString &description);
    /// @brief The failure of a task tool run without a database.
    static QString noDatabase();
};

} // namespace Tandem
