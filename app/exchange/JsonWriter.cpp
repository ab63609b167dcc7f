#include "JsonWriter.h"

#include "AgentOptionsJson.h"
#include "ExchangeFormat.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
constexpr char16_t kHex[] = u"0123456789abcdef";

void appendTime(QString &out, const QDateTime &time)
{
    if (time.isValid())
        JsonWriter::appendString(out, time.toUTC().toString(Qt::ISODateWithMs));
    else
        out += u"null";
}

void appendId(QString &out, qint64 id)
{
    if (id == 0)
        out += u"null";
    else
        out += QString::number(id);
}

/// Optional text columns are NULL when empty; the file says null for them.
void appendOptional(QString &out, const QString &text)
{
    if (text.isEmpty())
        out += u"null";
    else
        JsonWriter::appendString(out, text);
}

void appendBool(QString &out, bool value)
{
    out += value ? u"true" : u"false";
}

void appendUsage(QString &out, const TokenUsage &usage)
{
    out += u"{\"input_tokens\": "_s + QString::number(usage.inputTokens) + u", \"output_tokens\": "_s
        + QString::number(usage.outputTokens) + u", \"cached_tokens\": "_s + QString::number(usage.cachedTokens)
        + u", \"reasoning_tokens\": "_s + QString::number(usage.reasoningTokens) + u'}';
}

void appendStringList(QString &out, const QStringList &list)
{
    out += u'[';
    for (qsizetype i = 0; i < list.size(); ++i) {
        if (i > 0)
            out += u", ";
        JsonWriter::appendString(out, list.at(i));
    }
    out += u']';
}

/// The shortest text that reads back as the same double (a confidence of 0.85 stays "0.85").
void appendNumber(QString &out, double value)
{
    out += qIsFinite(value) ? QString::number(value, 'g', QLocale::FloatingPointShortest) : u"0"_s;
}

void appendDate(QString &out, const QDate &date)
{
    if (date.isValid())
        JsonWriter::appendString(out, date.toString(Qt::ISODate));
    else
        out += u"null";
}

void key(QString &out, QStringView name, bool first = false)
{
    if (!first)
        out += u", ";
    out += u'"';
    out += name;
    out += u"\": ";
}
} // namespace

void JsonWriter::appendString(QString &out, QStringView text)
{
    out += u'"';
    qsizetype clean = 0; // start of the run of characters that need no escape
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t c = text.at(i).unicode();
        if (c >= 0x20 && c != u'"' && c != u'\\')
            continue;
        out += text.mid(clean, i - clean);
        clean = i + 1;
        switch (c) {
        case u'"':
            out += u"\\\"";
            break;
        case u'\\':
            out += u"\\\\";
            break;
        case u'\n':
            out += u"\\n";
            break;
        case u'\r':
            out += u"\\r";
            break;
        case u'\t':
            out += u"\\t";
            break;
        default:
            out += u"\\u00";
            out += QChar(kHex[c >> 4]);
            out += QChar(kHex[c & 0xf]);
        }
    }
    out += text.mid(clean);
    out += u'"';
}

void JsonWriter::writeHeader()
{
    QString head = u"{\n  \"format\": "_s;
    appendString(head, ExchangeFormat::kFormatName);
    head += u",\n  \"version\": "_s + QString::number(ExchangeFormat::kVersion) + u",\n  \"exported_at\": "_s;
    appendTime(head, exportedAt());
    head += u",\n  \"conversations\": ["_s;
    put(head);
    m_conversations = 0;
}

void JsonWriter::beginConversation(const ConversationArchive &archive, const QList<Agent> &agents)
{
    const Conversation &c = archive.conversation;
    QString &s = m_line;
    s.clear();
    s += m_conversations++ > 0 ? u",\n    {\n"_s : u"\n    {\n"_s;
    s += u"      \"id\": "_s + QString::number(c.id) + u",\n      \"title\": "_s;
    appendString(s, c.title);
    s += u",\n      \"mode\": "_s;
    appendString(s, Conversation::modeName(c.mode));
    s += u",\n      \"pinned\": "_s;
    appendBool(s, c.pinned);
    s += u",\n      \"provider_id\": "_s;
    appendOptional(s, c.providerId);
    s += u",\n      \"model\": "_s;
    appendString(s, c.model);
    s += u",\n      \"created_at\": "_s;
    appendTime(s, c.createdAt);
    s += u",\n      \"updated_at\": "_s;
    appendTime(s, c.updatedAt);

    auto openArray = [&s](QStringView name, bool empty) {
        s += u",\n      \""_s + name + (empty ? u"\": []"_s : u"\": [\n"_s);
    };
    auto closeArray = [&s](bool empty) {
        if (!empty)
            s += u"\n      ]"_s;
    };
    auto item = [&s](bool first) {
        s += first ? u"        {"_s : u",\n        {"_s;
    };

    openArray(u"agents", agents.isEmpty());
    for (qsizetype i = 0; i < agents.size(); ++i) {
        const Agent &a = agents.at(i);
        item(i == 0);
        key(s, u"id", true);
        appendString(s, a.id);
        key(s, u"name");
        appendString(s, a.name);
        key(s, u"role");
        appendString(s, a.role);
        key(s, u"instructions");
        appendString(s, a.instructions);
        key(s, u"model");
        appendString(s, a.model);
        key(s, u"provider_id");
        appendOptional(s, a.providerId);
        key(s, u"allowed_tools");
        appendStringList(s, a.allowedTools);
        key(s, u"handoff_targets");
        appendStringList(s, a.handoffTargets);
        key(s, u"terminal");
        appendBool(s, a.terminal);
        key(s, u"enabled");
        appendBool(s, a.enabled);
        AgentOptionsJson::append(s, a);
        s += u'}';
    }
    closeArray(agents.isEmpty());

    openArray(u"agent_threads", archive.threads.isEmpty());
    for (qsizetype i = 0; i < archive.threads.size(); ++i) {
        const ConversationArchive::AgentThread &t = archive.threads.at(i);
        item(i == 0);
        key(s, u"agent_id", true);
        appendString(s, t.agentId);
        key(s, u"active");
        appendBool(s, t.active);
        key(s, u"history_from");
        appendId(s, t.historyFrom);
        key(s, u"updated_at");
        appendTime(s, t.updatedAt);
        s += u'}';
    }
    closeArray(archive.threads.isEmpty());

    openArray(u"variables", archive.variables.isEmpty());
    for (qsizetype i = 0; i < archive.variables.size(); ++i) {
        const ConversationArchive::Variable &v = archive.variables.at(i);
        item(i == 0);
        key(s, u"name", true);
        appendString(s, v.name);
        key(s, u"value");
        appendString(s, v.value);
        key(s, u"updated_at");
        appendTime(s, v.updatedAt);
        s += u'}';
    }
    closeArray(archive.variables.isEmpty());

    openArray(u"runs", archive.runs.isEmpty());
    for (qsizetype i = 0; i < archive.runs.size(); ++i) {
        const ConversationArchive::Run &r = archive.runs.at(i);
        item(i == 0);
        key(s, u"id", true);
        s += QString::number(r.id);
        key(s, u"agent_id");
        appendString(s, r.agentId);
        key(s, u"mode");
        appendString(s, r.mode);
        key(s, u"status");
        appendString(s, r.status);
        key(s, u"usage");
        appendUsage(s, r.usage);
        key(s, u"error");
        appendOptional(s, r.error);
        key(s, u"started_at");
        appendTime(s, r.startedAt);
        key(s, u"finished_at");
        appendTime(s, r.finishedAt);
        s += u'}';
    }
    closeArray(archive.runs.isEmpty());

    openArray(u"handoffs", archive.handoffs.isEmpty());
    for (qsizetype i = 0; i < archive.handoffs.size(); ++i) {
        const Handoff &h = archive.handoffs.at(i);
        item(i == 0);
        key(s, u"id", true);
        s += QString::number(h.id);
        key(s, u"run_id");
        appendId(s, h.runId);
        key(s, u"from_agent");
        appendString(s, h.fromAgent);
        key(s, u"to_agent");
        appendString(s, h.toAgent);
        key(s, u"status");
        appendString(s, Handoff::statusName(h.status()));
        key(s, u"payload");
        s += QString::fromUtf8(QJsonDocument(h.payload).toJson(QJsonDocument::Compact));
        key(s, u"reason");
        appendOptional(s, h.reason);
        key(s, u"rejection_reason");
        appendOptional(s, h.rejectionReason());
        key(s, u"created_at");
        appendTime(s, h.createdAt);
        key(s, u"processed_at");
        appendTime(s, h.processedAt());
        s += u'}';
    }
    closeArray(archive.handoffs.isEmpty());

    openArray(u"approvals", archive.approvals.isEmpty());
    for (qsizetype i = 0; i < archive.approvals.size(); ++i) {
        const ConversationArchive::Approval &a = archive.approvals.at(i);
        item(i == 0);
        key(s, u"id", true);
        s += QString::number(a.id);
        key(s, u"run_id");
        appendId(s, a.runId);
        key(s, u"agent_id");
        appendString(s, a.agentId);
        key(s, u"tool_name");
        appendString(s, a.toolName);
        key(s, u"call_id");
        appendString(s, a.callId);
        key(s, u"arguments");
        appendString(s, a.arguments);
        key(s, u"status");
        appendString(s, a.status);
        key(s, u"decision");
        appendOptional(s, a.decision);
        key(s, u"decided_arguments");
        if (a.hasDecidedArguments)
            appendString(s, a.decidedArguments);
        else
            s += u"null";
        key(s, u"created_at");
        appendTime(s, a.createdAt);
        key(s, u"decided_at");
        appendTime(s, a.decidedAt);
        s += u'}';
    }
    closeArray(archive.approvals.isEmpty());

    openArray(u"routing_decisions", archive.decisions.isEmpty());
    for (qsizetype i = 0; i < archive.decisions.size(); ++i) {
        const RoutingDecision &r = archive.decisions.at(i);
        item(i == 0);
        key(s, u"id", true);
        s += QString::number(r.id);
        key(s, u"run_id");
        appendId(s, r.runId);
        key(s, u"agent_id");
        appendString(s, r.agentId);
        key(s, u"classified_agent");
        appendString(s, r.classifiedAgent);
        key(s, u"confidence");
        appendNumber(s, r.confidence);
        key(s, u"reason");
        appendString(s, r.reason);
        key(s, u"method");
        appendString(s, RoutingDecision::methodName(r.method));
        key(s, u"error");
        appendString(s, r.error);
        key(s, u"latency_ms");
        s += QString::number(r.latencyMs);
        key(s, u"input_tokens");
        s += QString::number(r.inputTokens);
        key(s, u"output_tokens");
        s += QString::number(r.outputTokens);
        key(s, u"created_at");
        appendTime(s, r.createdAt);
        s += u'}';
    }
    closeArray(archive.decisions.isEmpty());

    s += u",\n      \"pending_confirmation\": "_s;
    if (archive.pending) {
        const PendingConfirmation &p = *archive.pending;
        s += u'{';
        key(s, u"agent_id", true);
        appendString(s, p.agentId);
        key(s, u"tool_name");
        appendString(s, p.toolName);
        key(s, u"arguments");
        appendString(s, p.arguments);
        key(s, u"summary");
        appendString(s, p.summary);
        key(s, u"created_at");
        appendTime(s, p.createdAt);
        s += u'}';
    } else {
        s += u"null";
    }

    openArray(u"model_calls", archive.modelCalls.isEmpty());
    for (qsizetype i = 0; i < archive.modelCalls.size(); ++i) {
        const ConversationArchive::ModelCall &m = archive.modelCalls.at(i);
        item(i == 0);
        key(s, u"id", true);
        s += QString::number(m.id);
        key(s, u"run_id");
        appendId(s, m.runId);
        key(s, u"agent_id");
        appendString(s, m.agentId);
        key(s, u"input_tokens");
        s += QString::number(m.inputTokens);
        key(s, u"output_tokens");
        s += QString::number(m.outputTokens);
        key(s, u"latency_ms");
        s += QString::number(m.latencyMs);
        key(s, u"created_at");
        appendTime(s, m.createdAt);
        s += u'}';
    }
    closeArray(archive.modelCalls.isEmpty());

    openArray(u"tasks", archive.tasks.isEmpty());
    for (qsizetype i = 0; i < archive.tasks.size(); ++i) {
        const Task &t = archive.tasks.at(i);
        item(i == 0);
        key(s, u"id", true);
        s += QString::number(t.id);
        key(s, u"title");
        appendString(s, t.title);
        key(s, u"notes");
        appendString(s, t.notes);
        key(s, u"priority");
        appendString(s, Task::priorityName(t.priority));
        key(s, u"status");
        appendString(s, Task::statusName(t.status));
        key(s, u"due");
        appendDate(s, t.due);
        key(s, u"created_at");
        appendTime(s, t.createdAt);
        key(s, u"updated_at");
        appendTime(s, t.updatedAt);
        key(s, u"completed_at");
        appendTime(s, t.completedAt);
        s += u'}';
    }
    closeArray(archive.tasks.isEmpty());

    s += u",\n      \"messages\": ["_s;
    put(s);
    m_messages = 0;
}

void JsonWriter::writeMessages(const QList<Message> &messages)
{
    QString &s = m_line;
    for (const Message &m : messages) {
        s.clear();
        s += m_messages++ > 0 ? u",\n        {"_s : u"\n        {"_s;
        key(s, u"id", true);
        s += QString::number(m.id);
        key(s, u"role");
        appendString(s, Message::roleName(m.role));
        key(s, u"agent_id");
        appendOptional(s, m.agentId);
        key(s, u"kind");
        appendString(s, Message::kindName(m.kind));
        key(s, u"divider");
        appendOptional(s, Message::dividerName(m.divider));
        key(s, u"status");
        appendString(s, Message::statusName(m.status));
        key(s, u"content");
        appendString(s, m.content);
        key(s, u"error");
        appendOptional(s, m.error);
        key(s, u"handoff_id");
        appendId(s, m.handoffId);
        key(s, u"run_id");
        appendId(s, m.runId);
        key(s, u"tool_call_id");
        appendOptional(s, m.toolCallId);
        key(s, u"tool_name");
        appendOptional(s, m.toolName);
        key(s, u"usage");
        appendUsage(s, m.usage);
        key(s, u"created_at");
        appendTime(s, m.createdAt);
        key(s, u"updated_at");
        appendTime(s, m.updatedAt);
        s += u'}';
        put(s);
    }
}

void JsonWriter::endConversation()
{
    put(m_messages > 0 ? u"\n      ]\n    }"_s : u"]\n    }"_s);
}

void JsonWriter::writeFooter()
{
    put(m_conversations > 0 ? u"\n  ]\n}\n"_s : u"]\n}\n"_s);
}

} // namespace Tandem
