#pragma once

#include <QDateTime>
#include <QJsonObject>
#include <QMetaType>
#include <QString>

#include <optional>

namespace Tandem {

/// @brief A handoff from one agent to another (an agent_handoffs row) with its status machine.
///
/// Every handoff starts pending and ends exactly once: accepted, rejected (with a reason), timed out or
/// cancelled. No other change is legal.
class Handoff
{
public:
    enum class Status { Pending, Accepted, Rejected, TimedOut, Cancelled };
    /// Pending handoffs older than this are stale: they may be timed out, and a new run sweeps them.
    static constexpr int kStaleMinutes = 30;

    qint64 id = 0;
    qint64 conversationId = 0;
    qint64 runId = 0;
    QString fromAgent;
    QString toAgent;
    QString reason; ///< why the source handed over, if it said
    QJsonObject payload; ///< what travels: the text, a plan, review notes
    QDateTime createdAt;

    Status status() const { return m_status; }
    QString rejectionReason() const { return m_rejectionReason; }
    QDateTime processedAt() const { return m_processedAt; }

    /// @brief True if a handoff in @p from may move to @p to.
    static bool canTransition(Status from, Status to);
    /// @brief Moves to @p to at @p when; false (and no change) if that is not a legal step.
    /// A rejection needs a non-empty @p rejectionReason.
    bool transitionTo(Status to, const QDateTime &when, const QString &rejectionReason = {});
    bool isFinal() const { return m_status != Status::Pending; }
    /// @brief Pending for longer than @p minutes at @p now.
    bool isStale(const QDateTime &now, int minutes = kStaleMinutes) const;

    /// @brief Rebuilds a stored handoff as it was; for the stores only.
    static Handoff restore(Handoff base, Status status, const QString &rejectionReason, const QDateTime &processedAt);

    static QString statusName(Status status);
    static std::optional<Status> statusFromName(QStringView name);

private:
    Status m_status = Status::Pending;
    QString m_rejectionReason;
    QDateTime m_processedAt;
};

} // namespace Tandem

Q_DECLARE_METATYPE(Tandem::Handoff)
