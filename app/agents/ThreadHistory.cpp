#include "ThreadHistory.h"

#include "llm/ResponsesClient.h"
#include "storage/UnitOfWork.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <algorithm>
#include <limits>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
InputItem::Role roleFromName(const QString &name)
{
    if (name == u"assistant")
        return InputItem::Role::Assistant;
    if (name == u"system")
        return InputItem::Role::System;
    if (name == u"developer")
        return InputItem::Role::Developer;
    return InputItem::Role::User;
}
} // namespace

QString ThreadHistory::handoffToolOutput(const QString &target)
{
    return QString::fromUtf8(QJsonDocument(QJsonObject { { u"assistant"_s, target } }).toJson(QJsonDocument::Compact));
}

QString ThreadHistory::decisionOutput(bool approved)
{
    return QString::fromUtf8(QJsonDocument(
        QJsonObject { { approved ? u"approved"_s : u"rejected"_s,
            true } }).toJson(QJsonDocument::Compact));
}

QList<InputItem> ThreadHistory::rejectionInput(const Handoff &handoff)
{
    // A user turn, not a developer message: strict chat templates take a system message only first.
    const QString by = handoff.payload.value(u"decision"_s).toObject().value(u"by"_s).toString(handoff.toAgent);
    return { InputItem::user(
        u"%1 rejected the work you handed over. Reason: %2\nRevise it and hand it over again."_s.arg(
            by, handoff.rejectionReason())) };
}

QString ThreadHistory::routedMessage(const QString &text, const RoutingDecision &decision)
{
    // Router::route keeps the proposal in the decision's reason: "declined: <what the person was asked>".
    constexpr QStringView declined = u"declined: ";
    if (decision.method != RoutingDecision::Method::Confirmation || !decision.reason.startsWith(declined))
        return text;
    return u"%1\n\n(Tandem: the person declined your proposal, so nothing was done. You had asked: %2)"_s.arg(
        text, decision.reason.mid(declined.size()));
}

QString ThreadHistory::unansweredToolOutput()
{
    return QString::fromUtf8(
        QJsonDocument(QJsonObject { { u"error"_s, u"cancelled: the run ended before this call was carried out"_s } })
            .toJson(QJsonDocument::Compact));
}

bool ThreadHistory::dropHandoffInput(QList<InputItem> &pending, const Handoff &handoff)
{
    const QList<InputItem> delivered = handoffInput(handoff);
    auto same = [](const InputItem &a, const InputItem &b) {
        return a.type == b.type && a.role == b.role && a.text == b.text;
    };
    for (qsizetype start = 0; start + delivered.size() <= pending.size(); ++start) {
        qsizetype matched = 0;
        while (matched < delivered.size() && same(pending.at(start + matched), delivered.at(matched)))
            ++matched;
        if (matched == delivered.size()) {
            pending.remove(start, delivered.size());
            return true;
        }
    }
    return false;
}

QList<InputItem> ThreadHistory::handoffInput(const Handoff &handoff)
{
    QList<InputItem> items;
    const QJsonArray history = handoff.payload.value(u"history"_s).toArray();
    for (const QJsonValue &value : history) {
        const QJsonObject entry = value.toObject();
        items << InputItem::message(roleFromName(entry.value(u"role"_s).toString()), entry.value(u"text"_s).toString());
    }
    // Dual mode's payload (the signal's, or the person's message) and a handoff_to note alike reach the target as a
    // user turn: strict chat templates take a system message only first and need a user turn. A pipeline's story
    // handoff carries no text (the story is the person's own message).
    QString text = handoff.payload.value(u"text"_s).toString();
    // A handoff posted from outside a run (the board's: no run) keeps its payload as posted; its target reads it whole.
    if (handoff.runId == 0 && !handoff.payload.value(u"text"_s).isString() && !handoff.payload.contains(u"history"_s))
        text = u"Handed over by %1: %2"_s.arg(
            handoff.fromAgent, QString::fromUtf8(QJsonDocument(handoff.payload).toJson(QJsonDocument::Compact)));
    if (!text.trimmed().isEmpty())
        items << InputItem::user(text);
    return items;
}

namespace {
const QString kSupersededRuns = u"history.superseded_runs"_s;
}

QSet<qint64> ThreadHistory::supersededRuns(UnitOfWork &work, qint64 conversationId)
{
    QSet<qint64> runs;
    const QJsonArray stored
        = QJsonDocument::fromJson(work.variables().value(conversationId, kSupersededRuns, u"[]"_s).toUtf8()).array();
    for (const QJsonValue &value : stored)
        runs.insert(qint64(value.toDouble()));
    return runs;
}

bool ThreadHistory::supersede(UnitOfWork &work, qint64 conversationId, const QSet<qint64> &runIds)
{
    QSet<qint64> runs = supersededRuns(work, conversationId);
    runs.unite(runIds);
    QList<qint64> sorted(runs.cbegin(), runs.cend());
    std::sort(sorted.begin(), sorted.end());
    QJsonArray array;
    for (const qint64 run : std::as_const(sorted))
        array.append(double(run));
    return work.variables()
        .setValue(
            conversationId, kSupersededRuns, QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Compact)))
        .ok();
}

namespace {
/// Turns the rows of one agent's thread into the input items of its next request.
struct HistoryItems
{
    QString agentId;
    QHash<qint64, Handoff> handoffs;
    QSet<QString> answered;
    QList<InputItem> items;
    QList<InputItem> owed; ///< outputs owed to calls that never got one; they follow the group of calls they answer
    QHash<qint64, RoutingDecision> routed; ///< router mode: the decision of each run routed to this agent

    void settle()
    {
        items << owed;
        owed.clear();
    }

    void add(const Message &row)
    {
        if (row.kind != Message::Kind::ToolCall)
            settle();
        switch (row.kind) {
        case Message::Kind::Text:
            if (row.role == Message::Role::User)
                items << InputItem::user(routed.contains(row.runId)
                        ? ThreadHistory::routedMessage(row.content, routed.value(row.runId))
                        : row.content);
            else if (row.role == Message::Role::Assistant && row.agentId == agentId
                && row.status != Message::Status::Error && !row.content.isEmpty())
                items << InputItem::assistant(row.content);
            break;
        case Message::Kind::ToolCall:
            if (row.agentId != agentId)
                break;
            items << InputItem::functionCall(ToolCall { row.toolCallId, row.toolName, row.content, {} });
            // A call whose run ended before it was carried out would dangle: the provider gets an error for it.
            if (!answered.contains(row.toolCallId))
                owed << InputItem::functionOutput(row.toolCallId, ThreadHistory::unansweredToolOutput());
            break;
        case Message::Kind::ToolResult:
            if (row.agentId == agentId)
                items << InputItem::functionOutput(row.toolCallId, row.content);
            break;
        case Message::Kind::Divider:
            addDivider(row);
            break;
        case Message::Kind::Error:
            break;
        }
    }

    void addDivider(const Message &row)
    {
        if (!handoffs.contains(row.handoffId))
            return;
        const Handoff &handoff = handoffs[row.handoffId];
        const bool handedOver = row.divider == Message::Divider::Transferred
            || row.divider == Message::Divider::WaitingForYou || row.divider == Message::Divider::Completed;
        if (handedOver && handoff.fromAgent == agentId && !row.toolCallId.isEmpty()) {
            items << InputItem::functionCall(
                ToolCall { row.toolCallId, u"handoff_to"_s, handoff.payload.value(u"arguments"_s).toString(), {} });
            items << InputItem::functionOutput(row.toolCallId, ThreadHistory::handoffToolOutput(handoff.toAgent));
        }
        // Dual mode's signal reaches agent 2 with its handing-over divider (the accepted one follows only once the
        // request carrying it was taken); a handoff that was never taken is left out (inEffect).
        const bool signal = handoff.payload.contains(u"source"_s);
        const bool delivers = row.divider == Message::Divider::Transferred
            || (row.divider == Message::Divider::HandingOver && signal)
            || (row.divider == Message::Divider::Accepted && !signal);
        // A warm handoff its target decided on was delivered, whatever the decision.
        const QJsonObject decision = handoff.payload.value(u"decision"_s).toObject();
        const bool inEffect = handoff.status() == Handoff::Status::Pending
            || handoff.status() == Handoff::Status::Accepted || !decision.isEmpty();
        if (delivers && inEffect && handoff.toAgent == agentId)
            items << ThreadHistory::handoffInput(handoff);
        const bool decided = (row.divider == Message::Divider::Accepted || row.divider == Message::Divider::Rejected)
            && !decision.isEmpty() && row.toolCallId == decision.value(u"call_id"_s).toString();
        if (decided && handoff.toAgent == agentId) { // the decision call, with its output
            items << InputItem::functionCall(ToolCall {
                row.toolCallId, decision.value(u"name"_s).toString(), decision.value(u"arguments"_s).toString(), {} });
            items << InputItem::functionOutput(
                row.toolCallId, ThreadHistory::decisionOutput(handoff.status() == Handoff::Status::Accepted));
        }
        if (decided && handoff.fromAgent == agentId && handoff.status() == Handoff::Status::Rejected)
            items << ThreadHistory::rejectionInput(handoff);
    }
};
} // namespace

QList<InputItem> ThreadHistory::build(
    UnitOfWork &work, qint64 conversationId, const QString &agentId, qint64 historyFrom)
{
    // Only the agent's own thread is read: its rows, the person's messages of its runs, its handoffs' dividers.
    return fromRows(work, conversationId, agentId, work.messages().threadRows(conversationId, agentId, historyFrom));
}

QList<InputItem> ThreadHistory::fromRows(
    UnitOfWork &work, qint64 conversationId, const QString &agentId, const QList<Message> &rows)
{
    QHash<qint64, Handoff> handoffs;
    const QList<Handoff> stored = work.board().involving(conversationId, agentId);
    for (const Handoff &handoff : stored)
        handoffs.insert(handoff.id, handoff);
    return fromRows(work, conversationId, agentId, rows, handoffs);
}

QList<InputItem> ThreadHistory::fromRows(UnitOfWork &work, qint64 conversationId, const QString &agentId,
    const QList<Message> &rows, const QHash<qint64, Handoff> &handoffs)
{
    HistoryItems history;
    history.agentId = agentId;
    history.handoffs = handoffs;
    const QList<RoutingDecision> decisions = work.router().decisions(conversationId);
    for (const RoutingDecision &decision : decisions)
        if (decision.agentId == agentId)
            history.routed.insert(decision.runId, decision);
    for (const Message &row : rows)
        if (row.kind == Message::Kind::ToolResult && row.agentId == agentId)
            history.answered.insert(row.toolCallId);
    const QSet<qint64> superseded = supersededRuns(work, conversationId);
    for (const Message &row : rows)
        if (row.role == Message::Role::User || row.runId == 0 || !superseded.contains(row.runId))
            history.add(row); // a regenerated answer is left out: the new one takes its place
    history.settle();
    return history.items;
}

QJsonArray ThreadHistory::toJson(const QList<InputItem> &items)
{
    QJsonArray array;
    for (const InputItem &item : items) {
        switch (item.type) {
        case InputItem::Type::Message:
            array.append(QJsonObject { { u"type"_s, u"message"_s }, { u"role"_s, ResponsesClient::roleName(item.role) },
                { u"text"_s, item.text } });
            break;
        case InputItem::Type::FunctionCall:
            array.append(QJsonObject { { u"type"_s, u"function_call"_s }, { u"call_id"_s, item.call.callId },
                { u"name"_s, item.call.name }, { u"arguments"_s, item.call.arguments } });
            break;
        case InputItem::Type::FunctionCallOutput:
            array.append(QJsonObject { { u"type"_s, u"function_call_output"_s }, { u"call_id"_s, item.call.callId },
                { u"output"_s, item.output } });
            break;
        case InputItem::Type::Raw:
            array.append(QJsonObject { { u"type"_s, u"raw"_s }, { u"item"_s, item.raw } });
            break;
        }
    }
    return array;
}

QList<InputItem> ThreadHistory::fromJson(const QJsonArray &array)
{
    QList<InputItem> items;
    for (const QJsonValue &value : array) {
        const QJsonObject object = value.toObject();
        const QString type = object.value(u"type"_s).toString();
        if (type == u"message")
            items << InputItem::message(
                roleFromName(object.value(u"role"_s).toString()), object.value(u"text"_s).toString());
        else if (type == u"function_call")
            items << InputItem::functionCall(ToolCall { object.value(u"call_id"_s).toString(),
                object.value(u"name"_s).toString(), object.value(u"arguments"_s).toString(), {} });
        else if (type == u"function_call_output")
            items << InputItem::functionOutput(
                object.value(u"call_id"_s).toString(), object.value(u"output"_s).toString());
        else if (type == u"raw")
            items << InputItem::rawItem(object.value(u"item"_s).toObject());
    }
    return items;
}

QList<InputItem> ThreadHistory::fromJsonText(const QString &text)
{
    return fromJson(QJsonDocument::fromJson(text.toUtf8()).array());
}

QString ThreadHistory::toJsonText(const QList<InputItem> &items)
{
    return QString::fromUtf8(QJsonDocument(toJson(items)).toJson(QJsonDocument::Compact));
}

} // namespace Tandem
