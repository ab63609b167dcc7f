#include "ExportText.h"

#include "domain/DividerText.h"
#include "domain/HandoffSignal.h"
#include "domain/ModeLabel.h"
#include "domain/ShippedAgentText.h"

using namespace Qt::StringLiterals;

namespace Tandem {

ExportText::Context ExportText::context(const ConversationArchive &archive, const QList<Agent> &agents)
{
    Context context;
    for (const Agent &agent : agents)
        context.agentNames.insert(agent.id, agent.name.isEmpty() ? agent.id : ShippedAgentText::name(agent));
    for (const ConversationArchive::Approval &approval : archive.approvals)
        context.approvalsByCall.insert(approval.callId, approval);
    for (const Handoff &handoff : archive.handoffs)
        context.handoffs.insert(handoff.id, handoff);
    context.tasks = archive.tasks;
    context.pending = archive.pending;
    return context;
}

QString ExportText::author(const Context &context, const Message &message)
{
    if (message.role == Message::Role::User)
        return tr("You");
    if (message.kind == Message::Kind::ToolResult)
        return tr("Tool");
    if (message.agentId.isEmpty())
        return message.role == Message::Role::System ? tr("Tandem") : tr("Assistant");
    return context.agentNames.value(message.agentId, message.agentId);
}

QString ExportText::visibleText(const Message &message)
{
    QString text = message.kind == Message::Kind::Text && message.role == Message::Role::Assistant
        ? HandoffSignal::visibleText(message.content)
        : message.content;
    qsizetype end = text.size();
    while (end > 0 && text.at(end - 1).isSpace())
        --end;
    text.truncate(end);
    // Drop whole blank lines at the start, keep the first line's indentation.
    qsizetype start = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text.at(i) == u'\n')
            start = i + 1;
        else if (!text.at(i).isSpace())
            break;
    }
    return text.mid(start);
}

QString ExportText::dividerMeaning(Message::Divider divider)
{
    switch (divider) {
    case Message::Divider::HandingOver:
        return tr("Handed over");
    case Message::Divider::Accepted:
        return tr("Accepted");
    case Message::Divider::Rejected:
        return tr("Rejected");
    case Message::Divider::Transferred:
        return tr("Transferred");
    case Message::Divider::Error:
        return tr("Handoff failed");
    case Message::Divider::ApprovalNeeded:
        return tr("Approval needed");
    case Message::Divider::Completed:
        return tr("Pipeline complete");
    case Message::Divider::WaitingForYou:
        return tr("Waiting for you");
    case Message::Divider::Routed:
        return tr("Routed");
    case Message::Divider::Combined:
        return tr("Combined answer");
    case Message::Divider::None:
        break;
    }
    return tr("Note");
}

QString ExportText::dividerSymbol(Message::Divider divider)
{
    switch (divider) {
    case Message::Divider::HandingOver:
        return u"→"_s;
    case Message::Divider::Accepted:
        return u"✓"_s;
    case Message::Divider::Rejected:
        return u"✗"_s;
    case Message::Divider::Transferred:
        return u"⇄"_s;
    case Message::Divider::Error:
        return u"⚠"_s;
    case Message::Divider::ApprovalNeeded:
        return u"?"_s;
    case Message::Divider::Completed:
        return u"⚑"_s;
    case Message::Divider::WaitingForYou:
        return u"…"_s;
    case Message::Divider::Routed:
        return u"⤳"_s;
    case Message::Divider::Combined:
        return u"∑"_s;
    case Message::Divider::None:
        break;
    }
    return u"•"_s;
}

QString ExportText::dividerText(const Context &context, const Message &message)
{
    const auto handoff = context.handoffs.constFind(message.handoffId);
    // As the chat shows it: said in the language of the export, from the divider's kind and its handoff.
    QString text = DividerText::render(message, handoff != context.handoffs.constEnd() ? &handoff.value() : nullptr,
        [&context](const QString &agentId) { return context.agentNames.value(agentId, agentId); });
    if (message.divider == Message::Divider::Rejected && handoff != context.handoffs.constEnd()
        && !handoff->rejectionReason().isEmpty() && !text.contains(handoff->rejectionReason()))
        text = tr("%1 (reason: %2)").arg(text, handoff->rejectionReason());
    return text;
}

QString ExportText::statusNote(const Message &message)
{
    switch (message.status) {
    case Message::Status::Complete:
        return {};
    case Message::Status::Streaming:
        return tr("still being written");
    case Message::Status::Interrupted:
        return message.error.isEmpty() ? tr("interrupted") : tr("interrupted: %1").arg(message.error);
    case Message::Status::Error:
        return message.error.isEmpty() ? tr("failed") : tr("failed: %1").arg(message.error);
    case Message::Status::Cancelled:
        return tr("stopped");
    }
    return {};
}

QString ExportText::approvalNote(const Context &context, const Message &message)
{
    if (message.kind != Message::Kind::ToolCall || message.toolCallId.isEmpty())
        return {};
    const auto it = context.approvalsByCall.constFind(message.toolCallId);
    if (it == context.approvalsByCall.constEnd())
        return {};
    if (it->status == u"pending")
        return tr("waiting for approval");
    if (it->decision == u"allow_once")
        return tr("approved once");
    if (it->decision == u"allow_always")
        return tr("always allowed in this conversation");
    if (it->decision == u"deny")
        return tr("denied");
    return tr("approval withdrawn");
}

QString ExportText::editedArguments(const Context &context, const Message &message)
{
    if (message.kind != Message::Kind::ToolCall || message.toolCallId.isEmpty())
        return {};
    const auto it = context.approvalsByCall.constFind(message.toolCallId);
    if (it == context.approvalsByCall.constEnd() || !it->hasDecidedArguments || it->decision == u"deny"
        || it->decidedArguments.isEmpty() || it->decidedArguments == message.content)
        return {};
    return it->decidedArguments;
}

QString ExportText::usageNote(const TokenUsage &usage)
{
    if (usage.isEmpty())
        return {};
    QString note = tr("%n tokens in, %1 out", nullptr, int(usage.inputTokens)).arg(usage.outputTokens);
    if (usage.cachedTokens > 0)
        note += tr(", %1 cached").arg(usage.cachedTokens);
    if (usage.reasoningTokens > 0)
        note += tr(", %1 reasoning").arg(usage.reasoningTokens);
    return note;
}

QString ExportText::modeLabel(Conversation::Mode mode)
{
    return ModeLabel::text(mode);
}

QString ExportText::branchNote(const ConversationArchive &archive)
{
    const int others = archive.branchCount - 1;
    return others > 0 ? tr("the current branch; %n other branch(es) not printed", nullptr, others) : QString();
}

QString ExportText::tasksHeading()
{
    return tr("Tasks");
}

QString ExportText::taskNote(const Task &task)
{
    QStringList notes;
    if (task.priority == Task::Priority::High)
        notes << tr("high priority");
    else if (task.priority == Task::Priority::Low)
        notes << tr("low priority");
    if (task.due.isValid())
        notes << tr("due %1").arg(task.due.toString(Qt::ISODate));
    if (!task.isOpen())
        notes << (task.completedAt.isValid() ? tr("done %1").arg(timestamp(task.completedAt)) : tr("done"));
    return notes.join(u" · "_s);
}

QString ExportText::pendingLabel()
{
    return tr("Waiting for your confirmation");
}

QString ExportText::timestamp(const QDateTime &time)
{
    if (!time.isValid())
        return {};
    return time.toUTC().toString(u"yyyy-MM-dd HH:mm"_s) + u" UTC"_s;
}

QString ExportText::title(const Conversation &conversation)
{
    return conversation.title.trimmed().isEmpty() ? tr("Untitled conversation") : conversation.title;
}

} // namespace Tandem
