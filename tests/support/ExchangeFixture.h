#pragma once

#include <QDateTime>
#include <QSqlDatabase>
#include <QString>

namespace Tandem {
class UnitOfWork;
}

namespace Tandem::Test {

/// @brief The fixed conversation of the export tests, written through the real stores on a real SQLite file: a
/// dual-agent handoff with both dividers, a rejected handoff, a critical tool call with its approval and result, an
/// interrupted reply, Cyrillic text, code blocks and a message full of HTML. Every timestamp is fixed.
class ExchangeFixture
{
public:
    /// @brief The moment the conversation starts; rows follow a minute apart.
    static QDateTime start();
    /// @brief The time written into the exports as their export time.
    static QDateTime exportedAt();
    /// @brief Creates the provider, the agents and the conversation through the stores of @p work; returns the
    /// conversation's id (0 on failure).
    static qint64 create(UnitOfWork &work);
    /// @brief Creates a router-mode conversation through the stores of @p work, a day after start(): three routed
    /// user messages (a confident classification, a failed one that fell back to the general agent, and one whose
    /// agent asks for a confirmation), their routing decisions, model calls and tool calls, the pending confirmation
    /// and three tasks created in it (open with notes, priority and due date; done; open). Returns its id (0 on
    /// failure).
    static qint64 createRouter(UnitOfWork &work);
    /// @brief Adds a conversation of @p count alternating user and agent messages; returns its id.
    static qint64 createLong(UnitOfWork &work, int count, const QString &title = QStringLiteral("Long"));
    /// @brief The number of rows in every table of @p db, one line per table, to check that nothing changed.
    static QString tableCounts(QSqlDatabase db);
    /// @brief A file in the repository's tests/data folder.
    static QString dataFile(const QString &name);
    /// @brief A file of the repository, e.g. "docs/export-format.schema.json".
    static QString sourceFile(const QString &name);
};

} // namespace Tandem::Test
