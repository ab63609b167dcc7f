#include "FuzzTargets.h"

#include "domain/AgentFile.h"
#include "domain/Conversation.h"
#include "domain/HandoffSignal.h"
#include "domain/TransitionGraph.h"
#include "exchange/JsonImporter.h"
#include "llm/ChatCompletionsJob.h"
#include "llm/HttpExchange.h"
#include "llm/ResponsesJob.h"
#include "llm/SseParser.h"
#include "tools/Calculator.h"
#include "tools/CalculatorTool.h"
#include "tools/JsonSchemaValidator.h"
#include "tools/ToolRegistry.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QPointer>
#include <QSet>

#include <algorithm>
#include <memory>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

// Where the chunk boundaries fall depends on the input only, so every run of one input is the same run.
class ChunkSizes
{
public:
    explicit ChunkSizes(QByteArrayView data)
    {
        for (const char c : data)
            m_state = (m_state ^ quint8(c)) * 0x100000001b3ULL; // FNV-1a
    }
    qsizetype next()
    {
        m_state = m_state * 6364136223846793005ULL + 1442695040888963407ULL;
        const quint64 bits = m_state >> 33;
        // Mostly small pieces (splitting lines, CRLF and UTF-8 sequences), now and then a large one.
        return (bits % 8 == 0) ? qsizetype(bits % 4096) + 1 : qsizetype(bits % 7) + 1;
    }

private:
    quint64 m_state = 0xcbf29ce484222325ULL;
};

QList<QByteArrayView> chunksOf(QByteArrayView data)
{
    QList<QByteArrayView> chunks;
    ChunkSizes sizes(data);
    for (qsizetype pos = 0; pos < data.size();) {
        const qsizetype size = std::min(sizes.next(), data.size() - pos);
        chunks.append(data.sliced(pos, size));
        pos += size;
    }
    return chunks;
}

QString describe(const QList<SseEvent> &events)
{
    QStringList parts;
    for (const SseEvent &event : events)
        parts << u"{event=%1 data=%2 id=%3 retry=%4}"_s.arg(event.event, event.data.left(80), event.id)
                     .arg(event.retryMs);
    return parts.join(u' ');
}

// Everything a job tells its listeners, in order.
struct JobRecord
{
    QString deltas;
    QStringList startedIds;
    QList<ToolCall> ready;
    int finished = 0;
    int failed = 0;
    int cancelled = 0;
    LlmResult result;
    QString broken; ///< the first promise broken while the job ran
};

template <typename Job> QString runStream(QByteArrayView data, bool chatCompletions)
{
    QNetworkRequest request(QUrl(u"http://127.0.0.1:9/v1/stream"_s));
    // No QNetworkAccessManager: the exchange is never started, its signals are emitted here instead, as a reply
    // would emit them.
    auto *job = new Job(nullptr, request, QByteArrayLiteral("{}"), RetryPolicy(), nullptr);
    QPointer<Job> alive(job);
    JobRecord record;
    QObject::connect(job, &LlmJob::textDelta, [&record](const QString &delta) { record.deltas += delta; });
    QObject::connect(job, &LlmJob::toolCallStarted,
        [&record](const QString &callId, const QString &) { record.startedIds.append(callId); });
    QObject::connect(job, &LlmJob::toolCallReady, [&record, chatCompletions](const ToolCall &call) {
        if (record.startedIds.size() <= record.ready.size() && record.broken.isEmpty())
            record.broken = u"a call was handed out that was never announced"_s;
        if (chatCompletions && record.broken.isEmpty()) {
            if (call.name.isEmpty() || call.callId.isEmpty())
                record.broken = u"a call was handed out without a name or an id"_s;
            else if (!record.startedIds.contains(call.callId))
                record.broken = u"the call %1 was handed out but announced under another id"_s.arg(call.callId);
        }
        record.ready.append(call);
    });
    QObject::connect(job, &LlmJob::finished, [&record](const LlmResult &result) {
        ++record.finished;
        record.result = result;
    });
    QObject::connect(job, &LlmJob::failed, [&record](const LlmError &) { ++record.failed; });
    QObject::connect(job, &LlmJob::cancelled, [&record] { ++record.cancelled; });

    HttpExchange *exchange = job->template findChild<HttpExchange *>();
    if (!exchange)
        return u"the job has no HTTP exchange to feed"_s;
    for (const QByteArrayView chunk : chunksOf(data)) {
        Q_EMIT exchange->bodyReceived(chunk.toByteArray());
        if (!alive)
            return u"the job was deleted while it was being fed"_s;
    }
    Q_EMIT exchange->succeeded();
    if (!alive)
        return u"the job was deleted at the end of its stream"_s;
    delete job;

    if (!record.broken.isEmpty())
        return record.broken;
    if (record.finished + record.failed + record.cancelled != 1)
        return u"the job ended %1 times (finished %2, failed %3, cancelled %4)"_s
            .arg(record.finished + record.failed + record.cancelled)
            .arg(record.finished)
            .arg(record.failed)
            .arg(record.cancelled);
    if (record.finished == 1) {
        if (record.result.toolCalls != record.ready)
            return u"the result's calls are not the calls handed out"_s;
        if (chatCompletions && record.result.text != record.deltas)
            return u"the result's text is not the sum of its deltas"_s;
    }
    return {};
}

// A scalar of an agent file that reads back as exactly @p text.
QString quoted(const QString &text)
{
    QString out = u"\""_s;
    for (const QChar c : text) {
        if (c == u'"' || c == u'\\')
            out += u'\\' + QString(c);
        else if (c == u'\n')
            out += u"\\n"_s;
        else if (c == u'\t')
            out += u"\\t"_s;
        else
            out += c;
    }
    return out + u'"';
}

QString quotedList(const QStringList &items)
{
    QStringList parts;
    for (const QString &item : items)
        parts << quoted(item);
    return u'[' + parts.join(u", "_s) + u']';
}

// The agent written back as a prompt file, every key given, every value quoted.
QString agentFileOf(const Agent &agent)
{
    QString text = u"---\n"_s;
    text += u"id: "_s + quoted(agent.id) + u'\n';
    text += u"name: "_s + quoted(agent.name) + u'\n';
    text += u"role: "_s + quoted(agent.role) + u'\n';
    text += u"model: "_s + quoted(agent.model) + u'\n';
    text += u"provider: "_s + quoted(agent.providerId) + u'\n';
    text += u"tools: "_s + quotedList(agent.allowedTools) + u'\n';
    text += u"targets:\n"_s;
    for (const QString &target : agent.handoffTargets) {
        const EdgeOptions options = agent.edgeOptions.value(target);
        text += u"  - to: "_s + quoted(target) + u'\n';
        text += u"    transfer: "_s + TransitionGraph::transferName(options.transfer) + u'\n';
        text += u"    timing: "_s + TransitionGraph::timingName(options.timing) + u'\n';
        text += u"    warm: "_s + (options.warm ? u"true"_s : u"false"_s) + u'\n';
    }
    text += u"terminal: "_s + (agent.terminal ? u"true"_s : u"false"_s) + u'\n';
    text += u"enabled: "_s + (agent.enabled ? u"true"_s : u"false"_s) + u'\n';
    text += u"max_output_tokens: "_s + QString::number(agent.maxOutputTokens) + u'\n';
    text += u"modes: "_s + quotedList(agent.modes) + u'\n';
    return text + u"---\n"_s + agent.instructions;
}

} // namespace

QString FuzzTargets::sseParser(QByteArrayView data)
{
    SseParser whole;
    QList<SseEvent> expected;
    whole.feed(data, expected);
    whole.finish(expected);
    if (whole.bufferedBytes() != 0)
        return u"bytes are left over after finish()"_s;
    for (const SseEvent &event : std::as_const(expected)) {
        if (event.event.contains(u'\n') || event.event.contains(u'\r') || event.data.contains(u'\r'))
            return u"a line end got into an event: %1"_s.arg(describe({ event }));
        if (event.retryMs < -1)
            return u"a negative reconnection time: %1"_s.arg(event.retryMs);
    }

    SseParser chunked;
    QList<SseEvent> events;
    for (const QByteArrayView chunk : chunksOf(data))
        chunked.feed(chunk, events);
    chunked.finish(events);
    if (events != expected)
        return u"chunks gave %1, one feed gave %2"_s.arg(describe(events), describe(expected));
    if (chunked.retryMs() != whole.retryMs())
        return u"chunks gave the retry time %1, one feed %2"_s.arg(chunked.retryMs()).arg(whole.retryMs());

    // Byte by byte, as a slow proxy delivers it; also through reset() to see it forgets everything. Only short inputs:
    // the chunks above are mostly a few bytes already, and this costs a call per byte.
    if (data.size() > 512)
        return {};
    chunked.reset();
    events.clear();
    for (qsizetype i = 0; i < data.size(); ++i)
        chunked.feed(data.sliced(i, 1), events);
    chunked.finish(events);
    if (events != expected)
        return u"byte by byte gave %1, one feed gave %2"_s.arg(describe(events), describe(expected));
    return {};
}

QString FuzzTargets::handoffSignal(QByteArrayView data)
{
    const QString reply = QString::fromUtf8(data);
    const std::optional<QString> payload = HandoffSignal::extractPayload(reply);
    if (HandoffSignal::isHandoff(reply) != payload.has_value())
        return u"isHandoff() disagrees with extractPayload()"_s;
    if (HandoffSignal::visibleText(reply) != payload.value_or(reply))
        return u"visibleText() is neither the payload nor the reply"_s;
    if (!payload)
        return {};
    if (!reply.endsWith(*payload))
        return u"the payload is not the end of the reply"_s;
    if (!HandoffSignal::mayBecomeHandoff(reply))
        return u"a handoff is said not to be one any more"_s;
    // While the reply streams in, no prefix of it may be shown as ordinary text, or the signal line would flash.
    constexpr qsizetype kPrefixes = 512;
    for (qsizetype length = 0; length < std::min(reply.size(), kPrefixes); ++length) {
        if (!HandoffSignal::mayBecomeHandoff(QStringView(reply).first(length)))
            return u"the prefix of %1 characters is said never to become a handoff"_s.arg(length);
    }
    return {};
}

QString FuzzTargets::toolArguments(QByteArrayView data)
{
    if (data.isEmpty())
        return {};
    const quint8 selector = quint8(data.front());
    const QByteArrayView rest = data.sliced(1);

    if (selector & 0x80) {
        const QJsonDocument document = QJsonDocument::fromJson(rest.toByteArray());
        const QJsonArray pair = document.array();
        if (pair.size() != 2 || !pair.at(0).isObject())
            return {};
        const QJsonObject schema = pair.at(0).toObject();
        const QString error = JsonSchemaValidator::validate(schema, pair.at(1));
        if (error != JsonSchemaValidator::validate(schema, pair.at(1)))
            return u"the same value gave two different verdicts"_s;
        if (!JsonSchemaValidator::validate(QJsonObject(), pair.at(1)).isEmpty())
            return u"the empty schema refused a value"_s;
        return {};
    }

    static const ToolRegistry registry = ToolRegistry::withBuiltins();
    const QStringList names = registry.names();
    const QString name = names.at(selector % names.size());
    // As ToolRegistry::run() reads the model's text (it runs the tool afterwards; the file tools must not run here).
    const QString argumentsJson = QString::fromUtf8(rest);
    QJsonObject arguments;
    if (!argumentsJson.trimmed().isEmpty()) {
        QJsonParseError parseError;
        const QJsonDocument document = QJsonDocument::fromJson(argumentsJson.toUtf8(), &parseError);
        if (parseError.error != QJsonParseError::NoError || !document.isObject())
            return {};
        arguments = document.object();
    }
    const QString error = registry.validateArguments(name, arguments);
    if (!error.isEmpty()) {
        if (!error.contains(name))
            return u"the refusal does not name the tool: %1"_s.arg(error);
        return {};
    }
    if (name == CalculatorTool::kName) {
        const QString expression = arguments.value(u"expression").toString();
        if (expression.isEmpty() || expression.size() > Calculator::kMaxLength)
            return u"the schema let through an expression of %1 characters"_s.arg(expression.size());
        const Calculator::Result result = Calculator::evaluate(expression);
        if (result.ok == !result.error.isEmpty())
            return u"the calculator's verdict and its error disagree"_s;
        if (result.ok && Calculator::format(result.value).isEmpty())
            return u"a value was formatted as nothing"_s;
    }
    return {};
}

QString FuzzTargets::jsonImporter(QByteArrayView data)
{
    const QByteArray bytes = data.toByteArray();
    JsonImporter importer(nullptr); // read() writes nothing and never touches the store
    const bool ok = importer.read(bytes);
    if (!ok) {
        if (importer.error() != JsonImporter::Error::Invalid || importer.errorString().isEmpty())
            return u"a refusal without a reason"_s;
        return {};
    }
    if (importer.error() != JsonImporter::Error::None || !importer.errorString().isEmpty())
        return u"an acceptance with an error"_s;
    qint64 messages = 0;
    QSet<QString> agentIds;
    for (const ConversationArchive &archive : importer.archives()) {
        messages += archive.messages.size();
        for (const Message &message : archive.messages)
            if (message.status == Message::Status::Streaming)
                return u"an imported message is still streaming"_s;
        for (const ConversationArchive::Approval &approval : archive.approvals)
            if (approval.status == u"pending")
                return u"an imported approval is still pending"_s;
        if (archive.pending)
            return u"an imported conversation keeps a pending confirmation"_s;
        for (const RoutingDecision &decision : archive.decisions)
            if (!(decision.confidence >= 0.0 && decision.confidence <= 1.0))
                return u"a routing decision's confidence is %1"_s.arg(decision.confidence);
    }
    for (const Agent &agent : importer.agents()) {
        if (agentIds.contains(agent.id))
            return u"the agent %1 is imported twice"_s.arg(agent.id);
        agentIds.insert(agent.id);
    }
    if (messages != importer.messageCount())
        return u"%1 messages read, %2 counted"_s.arg(messages).arg(importer.messageCount());

    JsonImporter again(nullptr);
    if (!again.read(bytes) || again.archives().size() != importer.archives().size()
        || again.messageCount() != importer.messageCount())
        return u"the same file read twice gave two results"_s;
    return {};
}

QString FuzzTargets::promptFile(QByteArrayView data)
{
    const QString text = QString::fromUtf8(data);
    const QString fileName = u"fuzz.md"_s;
    const AgentFile::Result result = AgentFile::parse(text, fileName);
    const AgentFile::Result again = AgentFile::parse(text, fileName);
    if (again.agent != result.agent || again.error != result.error || again.line != result.line)
        return u"the same file parsed twice gave two results"_s;
    if (!result.ok()) {
        // Lines as the parser counts them: a line break ends one (a last line without one still counts).
        const qsizetype lines = text.count(u'\n') + 1;
        if (result.line < 1 || result.line > lines)
            return u"the refusal names line %1 of a file of %2 lines: %3"_s.arg(result.line)
                .arg(lines)
                .arg(result.error);
        const QString place = u"%1:%2: "_s.arg(fileName).arg(result.line);
        if (!result.error.startsWith(place) || result.error.size() == place.size())
            return u"the refusal does not read “<file>:<line>: <sentence>”: %1"_s.arg(result.error);
        return {};
    }
    const Agent &agent = result.agent;
    if (result.line != 0)
        return u"an accepted file names line %1"_s.arg(result.line);
    if (!AgentFile::isSlug(agent.id) || agent.id == TransitionGraph::kPerson)
        return u"the id “%1” was accepted"_s.arg(agent.id);
    if (agent.name.trimmed().isEmpty())
        return u"an empty name was accepted"_s;
    if (agent.maxOutputTokens < 0)
        return u"a negative max_output_tokens was accepted"_s;
    if (agent.terminal && !agent.handoffTargets.isEmpty())
        return u"a terminal agent has targets"_s;
    if (agent.instructions != agent.instructions.trimmed())
        return u"the instructions are not trimmed"_s;
    QSet<QString> seen;
    for (const QString &target : agent.handoffTargets) {
        if (target == agent.id)
            return u"the agent hands over to itself"_s;
        if (target != TransitionGraph::kPerson && !AgentFile::isSlug(target))
            return u"the target “%1” was accepted"_s.arg(target);
        if (seen.contains(target))
            return u"the target “%1” is listed twice"_s.arg(target);
        seen.insert(target);
    }
    for (auto it = agent.edgeOptions.cbegin(); it != agent.edgeOptions.cend(); ++it)
        if (!seen.contains(it.key()))
            return u"options for “%1”, which is not a target"_s.arg(it.key());
    for (const QStringList *list : { &agent.allowedTools, &agent.modes })
        if (QSet<QString>(list->cbegin(), list->cend()).size() != list->size())
            return u"an item is listed twice in %1"_s.arg(list->join(u", "_s));
    for (const QString &mode : agent.modes)
        if (!Conversation::modeFromName(mode))
            return u"the mode “%1” was accepted"_s.arg(mode);
    for (const QString &tool : agent.allowedTools)
        if (tool.isEmpty() || tool.contains(u' '))
            return u"the tool name “%1” was accepted"_s.arg(tool);

    // What was read, written back with every key, reads as the same agent.
    const AgentFile::Result written = AgentFile::parse(agentFileOf(agent), fileName);
    if (!written.ok())
        return u"the agent written back is refused: %1"_s.arg(written.error);
    if (written.agent != agent)
        return u"the agent written back reads differently"_s;
    return {};
}

QString FuzzTargets::responsesStream(QByteArrayView data)
{
    return runStream<ResponsesJob>(data, false);
}

QString FuzzTargets::chatCompletionsStream(QByteArrayView data)
{
    return runStream<ChatCompletionsJob>(data, true);
}

QStringList FuzzTargets::names()
{
    return { u"sseparser"_s, u"handoffsignal"_s, u"toolarguments"_s, u"jsonimporter"_s, u"responsesstream"_s,
        u"chatstream"_s, u"promptfile"_s };
}

FuzzTargets::Target FuzzTargets::target(QStringView name)
{
    if (name == u"sseparser")
        return &FuzzTargets::sseParser;
    if (name == u"handoffsignal")
        return &FuzzTargets::handoffSignal;
    if (name == u"toolarguments")
        return &FuzzTargets::toolArguments;
    if (name == u"jsonimporter")
        return &FuzzTargets::jsonImporter;
    if (name == u"responsesstream")
        return &FuzzTargets::responsesStream;
    if (name == u"chatstream")
        return &FuzzTargets::chatCompletionsStream;
    if (name == u"promptfile")
        return &FuzzTargets::promptFile;
    return nullptr;
}

} // namespace Tandem
