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

// One function per record kind, each writing the record's fields; the caller adds the braces and the separators.
// The conversation's own fields come one a line, before its lists.
void writeConversation(QString &out, const Conversation &c)
{
    out += u"      \"id\": "_s + QString::number(c.id) + u",\n      \"title\": "_s;
    JsonWriter::appendString(out, c.title);
    out += u",\n      \"mode\": "_s;
    JsonWriter::appendString(out, Conversation::modeName(c.mode));
    out += u",\n      \"pinned\": "_s;
    appendBool(out, c.pinned);
    out += u",\n      \"provider_id\": "_s;
    appendOptional(out, c.providerId);
    out += u",\n      \"model\": "_s;
    JsonWriter::appendString(out, c.model);
    out += u",\n      \"created_at\": "_s;
    appendTime(out, c.createdAt);
    out += u",\n      \"updated_at\": "_s;
    appendTime(out, c.updatedAt);
    if (!c.storyId.isEmpty()) { // only a story's conversation has one: older readers meet no new field elsewhere
        out += u",\n      \"story_id\": "_s;
        JsonWriter::appendString(out, c.storyId);
    }
}

void writeAgent(QString &out, const Agent &a)
{
    key(out, u"id", true);
    JsonWriter::appendString(out, a.id);
    key(out, u"name");
    JsonWriter::appendString(out, a.name);
    key(out, u"role");
    JsonWriter::appendString(out, a.role);
    key(out, u"instructions");
    JsonWriter::appendString(out, a.instructions);
    key(out, u"model");
    JsonWriter::appendString(out, a.model);
    key(out, u"provider_id");
    appendOptional(out, a.providerId);
    key(out, u"allowed_tools");
    appendStringList(out, a.allowedTools);
    key(out, u"handoff_targets");
    appendStringList(out, a.handoffTargets);
    key(out, u"terminal");
    appendBool(out, a.terminal);
    key(out, u"enabled");
    appendBool(out, a.enabled);
    AgentOptionsJson::append(out, a);
}

void writeThread(QString &out, const ConversationArchive::AgentThread &t)
{
    key(out, u"agent_id", true);
    JsonWriter::appendString(out, t.agentId);
    key(out, u"active");
    appendBool(out, t.active);
    key(out, u"history_from");
    appendId(out, t.historyFrom);
    key(out, u"updated_at");
    appendTime(out, t.updatedAt);
}

void writeVariable(QString &out, const ConversationArchive::Variable &v)
{
    key(out, u"name", true);
    JsonWriter::appendString(out, v.name);
    key(out, u"value");
    JsonWriter::appendString(out, v.value);
    key(out, u"updated_at");
    appendTime(out, v.updatedAt);
}

void writeRun(QString &out, const ConversationArchive::Run &r)
{
    key(out, u"id", true);
    out += QString::number(r.id);
    key(out, u"agent_id");
    JsonWriter::appendString(out, r.agentId);
    key(out, u"mode");
    JsonWriter::appendString(out, r.mode);
    key(out, u"status");
    JsonWriter::appendString(out, r.status);
    key(out, u"usage");
    appendUsage(out, r.usage);
    key(out, u"error");
    appendOptional(out, r.error);
    key(out, u"started_at");
    appendTime(out, r.startedAt);
    key(out, u"finished_at");
    appendTime(out, r.finishedAt);
}

void writeHandoff(QString &out, const Handoff &h)
{
    key(out, u"id", true);
    out += QString::number(h.id);
    key(out, u"run_id");
    appendId(out, h.runId);
    key(out, u"from_agent");
    JsonWriter::appendString(out, h.fromAgent);
    key(out, u"to_agent");
    JsonWriter::appendString(out, h.toAgent);
    key(out, u"status");
    JsonWriter::appendString(out, Handoff::statusName(h.status()));
    key(out, u"payload");
    out += QString::fromUtf8(QJsonDocument(h.payload).toJson(QJsonDocument::Compact));
    key(out, u"reason");
    appendOptional(out, h.reason);
    key(out, u"rejection_reason");
    appendOptional(out, h.rejectionReason());
    key(out, u"created_at");
    appendTime(out, h.createdAt);
    key(out, u"processed_at");
    appendTime(out, h.processedAt());
}

void writeApproval(QString &out, const ConversationArchive::Approval &a)
{
    key(out, u"id", true);
    out += QString::number(a.id);
    key(out, u"run_id");
    appendId(out, a.runId);
    key(out, u"agent_id");
    JsonWriter::appendString(out, a.agentId);
    key(out, u"tool_name");
    JsonWriter::appendString(out, a.toolName);
    key(out, u"call_id");
    JsonWriter::appendString(out, a.callId);
    key(out, u"arguments");
    JsonWriter::appendString(out, a.arguments);
    key(out, u"status");
    JsonWriter::appendString(out, a.status);
    key(out, u"decision");
    appendOptional(out, a.decision);
    key(out, u"decided_arguments");
    if (a.hasDecidedArguments)
        JsonWriter::appendString(out, a.decidedArguments);
    else
        out += u"null";
    key(out, u"created_at");
    appendTime(out, a.createdAt);
    key(out, u"decided_at");
    appendTime(out, a.decidedAt);
}

void writeRoutingDecision(QString &out, const RoutingDecision &r)
{
    key(out, u"id", true);
    out += QString::number(r.id);
    key(out, u"run_id");
    appendId(out, r.runId);
    key(out, u"agent_id");
    JsonWriter::appendString(out, r.agentId);
    key(out, u"classified_agent");
    JsonWriter::appendString(out, r.classifiedAgent);
    key(out, u"confidence");
    appendNumber(out, r.confidence);
    key(out, u"reason");
    JsonWriter::appendString(out, r.reason);
    key(out, u"method");
    JsonWriter::appendString(out, RoutingDecision::methodName(r.method));
    key(out, u"error");
    JsonWriter::appendString(out, r.error);
    key(out, u"latency_ms");
    out += QString::number(r.latencyMs);
    key(out, u"input_tokens");
    out += QString::number(r.inputTokens);
    key(out, u"output_tokens");
    out += QString::number(r.outputTokens);
    key(out, u"created_at");
    appendTime(out, r.createdAt);
}

void writeModelCall(QString &out, const ConversationArchive::ModelCall &m)
{
    key(out, u"id", true);
    out += QString::number(m.id);
    key(out, u"run_id");
    appendId(out, m.runId);
    key(out, u"agent_id");
    JsonWriter::appendString(out, m.agentId);
    key(out, u"input_tokens");
    out += QString::number(m.inputTokens);
    key(out, u"output_tokens");
    out += QString::number(m.outputTokens);
    key(out, u"latency_ms");
    out += QString::number(m.latencyMs);
    key(out, u"created_at");
    appendTime(out, m.createdAt);
}

void writeTask(QString &out, const Task &t)
{
    key(out, u"id", true);
    out += QString::number(t.id);
    key(out, u"title");
    JsonWriter::appendString(out, t.title);
    key(out, u"notes");
    JsonWriter::appendString(out, t.notes);
    key(out, u"priority");
    JsonWriter::appendString(out, Task::priorityName(t.priority));
    key(out, u"status");
    JsonWriter::appendString(out, Task::statusName(t.status));
    key(out, u"due");
    appendDate(out, t.due);
    key(out, u"created_at");
    appendTime(out, t.createdAt);
    key(out, u"updated_at");
    appendTime(out, t.updatedAt);
    key(out, u"completed_at");
    appendTime(out, t.completedAt);
}

void writePending(QString &out, const PendingConfirmation &p)
{
    key(out, u"agent_id", true);
    JsonWriter::appendString(out, p.agentId);
    key(out, u"tool_name");
    JsonWriter::appendString(out, p.toolName);
    key(out, u"arguments");
    JsonWriter::appendString(out, p.arguments);
    key(out, u"summary");
    JsonWriter::appendString(out, p.summary);
    key(out, u"created_at");
    appendTime(out, p.createdAt);
}

void writeMessage(QString &out, const Message &m, qint64 parentId)
{
    key(out, u"id", true);
    out += QString::number(m.id);
    key(out, u"role");
    JsonWriter::appendString(out, Message::roleName(m.role));
    key(out, u"agent_id");
    appendOptional(out, m.agentId);
    key(out, u"kind");
    JsonWriter::appendString(out, Message::kindName(m.kind));
    key(out, u"divider");
    appendOptional(out, Message::dividerName(m.divider));
    key(out, u"status");
    JsonWriter::appendString(out, Message::statusName(m.status));
    key(out, u"content");
    JsonWriter::appendString(out, m.content);
    key(out, u"error");
    appendOptional(out, m.error);
    key(out, u"handoff_id");
    appendId(out, m.handoffId);
    key(out, u"run_id");
    appendId(out, m.runId);
    key(out, u"parent_id");
    appendId(out, parentId);
    key(out, u"tool_call_id");
    appendOptional(out, m.toolCallId);
    key(out, u"tool_name");
    appendOptional(out, m.toolName);
    key(out, u"usage");
    appendUsage(out, m.usage);
    key(out, u"created_at");
    appendTime(out, m.createdAt);
    key(out, u"updated_at");
    appendTime(out, m.updatedAt);
}

/// A conversation's list of @p records under @p name: one record a line, "[]" when there is none.
template <typename Record>
void writeArray(
    QString &out, QStringView name, const QList<Record> &records, void (*writeRecord)(QString &, const Record &))
{
    out += u",\n      \""_s + name + (records.isEmpty() ? u"\": []"_s : u"\": [\n"_s);
    for (qsizetype i = 0; i < records.size(); ++i) {
        out += i == 0 ? u"        {"_s : u",\n        {"_s;
        writeRecord(out, records.at(i));
        out += u'}';
    }
    if (!records.isEmpty())
        out += u"\n      ]"_s;
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
    QString &s = m_line;
    s.clear();
    s += m_conversations++ > 0 ? u",\n    {\n"_s : u"\n    {\n"_s;
    writeConversation(s, archive.conversation);
    writeArray(s, u"agents", agents, writeAgent);
    writeArray(s, u"agent_threads", archive.threads, writeThread);
    writeArray(s, u"variables", archive.variables, writeVariable);
    writeArray(s, u"runs", archive.runs, writeRun);
    writeArray(s, u"handoffs", archive.handoffs, writeHandoff);
    writeArray(s, u"approvals", archive.approvals, writeApproval);
    writeArray(s, u"routing_decisions", archive.decisions, writeRoutingDecision);
    s += u",\n      \"pending_confirmation\": "_s;
    if (archive.pending) {
        s += u'{';
        writePending(s, *archive.pending);
        s += u'}';
    } else {
        s += u"null";
    }
    writeArray(s, u"model_calls", archive.modelCalls, writeModelCall);
    writeArray(s, u"tasks", archive.tasks, writeTask);
    s += u",\n      \"current_leaf\": "_s;
    appendId(s, archive.currentLeaf);

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
        writeMessage(s, m, parentOf(m.id));
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
