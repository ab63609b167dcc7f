#include "Handoff.h"

#include "EnumNames.h"

namespace Tandem {

namespace {
constexpr EnumName<Handoff::Status> kStatuses[] = {
    { Handoff::Status::Pending, u"pending" },
    { Handoff::Status::Accepted, u"accepted" },
    { Handoff::Status::Rejected, u"rejected" },
    { Handoff::Status::TimedOut, u"timed_out" },
    { Handoff::Status::Cancelled, u"cancelled" },
};
} // namespace

bool Handoff::canTransition(Status from, Status to)
{
    // Only a pending handoff is processed, and processing is final.
    return from == Status::Pending && to != Status::Pending;
}

bool Handoff::transitionTo(Status to, const QDateTime &when, const QString &rejectionReason)
{
    if (!canTransition(m_status, to))
        return false;
    if (to == Status::Rejected && rejectionReason.trimmed().isEmpty())
        return false;
    m_status = to;
    m_processedAt = when;
    if (to == Status::Rejected)
        m_rejectionReason = rejectionReason;
    return true;
}

bool Handoff::isStale(const QDateTime &now, int minutes) const
{
    return m_status == Status::Pending && createdAt.isValid() && createdAt.addSecs(qint64(minutes) * 60) < now;
}

Handoff Handoff::restore(Handoff base, Status status, const QString &rejectionReason, const QDateTime &processedAt)
{
    base.m_status = status;
    base.m_rejectionReason = rejectionReason;
    base.m_processedAt = processedAt;
    return base;
}

QString Handoff::statusName(Status status)
{
    return nameOf(kStatuses, status);
}
std::optional<Handoff::Status> Handoff::statusFromName(QStringView name)
{
    return valueOf(kStatuses, name);
}

} // namespace Tandem
