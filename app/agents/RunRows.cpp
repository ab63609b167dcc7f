#include "RunRows.h"

#include "agents/EngineEvents.h"
#include "agents/Run.h"
#include "storage/UnitOfWork.h"

using namespace Qt::StringLiterals;

namespace Tandem {

bool RunRows::add(UnitOfWork &work, EngineEvents &events, Message &row)
{
    if (!work.messages().append(row))
        return false;
    events.postMessageAdded(row);
    return true;
}

bool RunRows::addDivider(UnitOfWork &work, EngineEvents &events, const Run &run, Message::Divider divider,
    const QString &text, const QString &agentId, qint64 handoffId, const QString &callId)
{
    return addDivider(work, events, run.conversationId, run.runId, divider, text, agentId, handoffId, callId);
}

bool RunRows::addDivider(UnitOfWork &work, EngineEvents &events, qint64 conversationId, qint64 runId,
    Message::Divider divider, const QString &text, const QString &agentId, qint64 handoffId, const QString &callId)
{
    Message row;
    row.conversationId = conversationId;
    row.role = Message::Role::System;
    row.kind = Message::Kind::Divider;
    row.divider = divider;
    row.agentId = agentId;
    row.content = text;
    row.handoffId = handoffId;
    row.runId = runId;
    row.toolCallId = callId;
    if (!callId.isEmpty() && divider == Message::Divider::Transferred)
        row.toolName = u"handoff_to"_s;
    return add(work, events, row);
}

bool RunRows::addApprovalDivider(UnitOfWork &work, EngineEvents &events, const Run &run, const QString &text,
    const QString &toolName, const QString &callId)
{
    Message row;
    row.conversationId = run.conversationId;
    row.role = Message::Role::System;
    row.kind = Message::Kind::Divider;
    row.divider = Message::Divider::ApprovalNeeded;
    row.agentId = run.agentId;
    row.content = text;
    row.runId = run.runId;
    row.toolCallId = callId;
    row.toolName = toolName; // with the agent, what DividerText renders the sentence from in the language of now
    return add(work, events, row);
}

} // namespace Tandem
