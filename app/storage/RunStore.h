#pragma once

#include "StoreBase.h"
#include "domain/TokenUsage.h"

#include <QDateTime>
#include <QList>
#include <QString>

#include <optional>

namespace Tandem {

/// @brief One run (one answer to one user message, across every agent it involved), for metrics and traces.
struct RunRecord
{
    enum class Status { Running, Completed, Failed, Cancelled, Interrupted, Guardrail };

    qint64 id = 0;
    qint64 conversationId = 0;
    QString agentId; ///< the agent the run started with
    QString mode; ///< the conversation's mode name
    Status status = Status::Running;
    TokenUsage usage;
    QString error;
    QDateTime startedAt;
    QDateTime finishedAt;
    QString owner; ///< the process that runs it (RunOwners' token); empty for runs of older versions

    static QString statusName(Status status);
    static std::optional<Status> statusFromName(QStringView name);
};

/// @brief The runs table.
class RunStore : public StoreBase
{
public:
    using StoreBase::StoreBase;

    /// @brief Inserts @p run (running), setting its id and start time if missing.
    StoreResult create(RunRecord &run);
    /// @brief Ends @p runId with @p status, its usage and error, at @p when; Lost if the run is gone.
    StoreResult finish(qint64 runId, RunRecord::Status status, const TokenUsage &usage, const QString &error,
        const QDateTime &when = QDateTime::currentDateTimeUtc());
    /// @brief Stores the usage so far of a run still going.
    StoreResult updateUsage(qint64 runId, const TokenUsage &usage);
    std::optional<RunRecord> get(qint64 id);
    QList<RunRecord> forConversation(qint64 conversationId);
    /// @brief Input + output tokens of every run of @p conversationId.
    qint64 tokensUsed(qint64 conversationId);
    /// @brief The runs still "running", oldest first (some may belong to a process that ended).
    QList<RunRecord> running();
    /// @brief Marks the run @p runId interrupted (its process ended under it) with @p reason, if still running (a run
    /// no longer running is left as it is, and that is no failure).
    StoreResult markInterrupted(qint64 runId, const QString &reason);
};

} // namespace Tandem
