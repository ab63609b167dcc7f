#include "RunRecovery.h"

#include "agents/DefaultAgents.h"
#include "domain/HandoffSignal.h"
#include "domain/Logging.h"
#include "storage/RunClaims.h"
#include "storage/Transaction.h"
#include "storage/UnitOfWork.h"

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

/// Marks @p row (a streaming reply, or a tool call that was running) interrupted; dual mode's agent 1 keeps no partial
/// signal line as its text.
bool interrupt(UnitOfWork &work, Message row, bool dual)
{
    row.status = Message::Status::Interrupted;
    row.updatedAt = QDateTime::currentDateTimeUtc();
    const bool signalSource = dual && row.agentId == DefaultAgents::kAgent1 && row.kind == Message::Kind::Text;
    if (signalSource && HandoffSignal::mayBecomeHandoff(row.content)) {
        row.content = HandoffSignal::extractPayload(row.content).value_or(QString());
        row.error = RunRecovery::tr("Tandem closed while handing the message to agent 2.");
    } else if (row.kind == Message::Kind::ToolCall) {
        // A call that was running (ToolGate marks it until its result is stored): it has no result, and says why.
        row.error = RunRecovery::tr("Tandem closed while this tool ran.");
    } else {
        row.error = RunRecovery::tr("Tandem closed while this reply was written.");
    }
    return work.messages().update(row).ok();
}

/// An error row for a run that ended before its reply began, so the chat shows that nothing came.
bool markNoReply(UnitOfWork &work, const RunRecord &run)
{
    const std::optional<Message> last = work.messages().lastOfRun(run.id);
    if (!last || last->kind == Message::Kind::Error
        || (last->kind == Message::Kind::Text && last->role == Message::Role::Assistant)
        || last->divider == Message::Divider::ApprovalNeeded) // it waits for the person, and can resume
        return true;
    Message row;
    row.conversationId = run.conversationId;
    row.role = Message::Role::Assistant;
    row.kind = Message::Kind::Error;
    row.status = Message::Status::Interrupted;
    row.agentId = last->divider == Message::Divider::Accepted || last->divider == Message::Divider::Transferred
        ? last->agentId
        : run.agentId;
    if (last->divider == Message::Divider::Transferred) {
        const std::optional<Handoff> handoff = work.board().get(last->handoffId);
        if (handoff)
            row.agentId = handoff->toAgent;
    }
    row.runId = run.id;
    row.content = RunRecovery::tr("Interrupted: no reply was written.");
    row.error = row.content;
    return work.messages().append(row).ok();
}

} // namespace

RunRecovery::Result RunRecovery::recover(UnitOfWork &work, const RunClaims &claims, bool orphansToo)
{
    Result result;
    const QList<RunRecord> running = work.runs().running();
    for (const RunRecord &run : running) {
        if (claims.isAlive(run.owner)) {
            if (run.owner != claims.owner())
                ++result.runningElsewhere;
            continue;
        }
        Transaction transaction(work);
        const QList<Message> streaming = work.messages().streamingOfRun(run.id);
        bool ok = transaction.isActive();
        for (const Message &row : streaming)
            ok = ok && interrupt(work, row, run.mode == u"dual");
        ok = ok && (!streaming.isEmpty() || markNoReply(work, run))
            && work.runs().markInterrupted(run.id, u"the process ended during the run"_s) && transaction.commit();
        if (!ok) {
            qCWarning(lcChat) << "run" << run.id << "could not be recovered now";
            continue;
        }
        result.replies += int(streaming.size());
        ++result.runs;
        result.conversations.insert(run.conversationId);
    }
    if (!orphansToo)
        return result;
    const QList<Message> orphans = work.messages().orphanStreaming();
    for (const Message &row : orphans) {
        if (interrupt(work, row, false)) {
            ++result.replies;
            result.conversations.insert(row.conversationId);
        }
    }
    return result;
}

} // namespace Tandem
