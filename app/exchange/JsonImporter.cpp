#include "JsonImporter.h"

#include "AgentOptionsJson.h"
#include "ExchangeFormat.h"
#include "domain/Logging.h"
#include "storage/ExchangeStore.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
/// Names one step of the reader's path for as long as it lives (nothing is formatted unless a refusal needs it).
template <typename Path> class PathStep
{
public:
    PathStep(Path &path, QStringView name)
        : m_path(path)
    {
        m_path.append({ name, -1 });
    }
    PathStep(Path &path, qsizetype index)
        : m_path(path)
    {
        m_path.append({ {}, index });
    }
    ~PathStep() { m_path.removeLast(); }
    Q_DISABLE_COPY_MOVE(PathStep)

private:
    Path &m_path;
};
using Step = PathStep<QList<JsonImporter::PathPart>>;

constexpr QStringView kApprovalStatuses[] = { u"pending", u"decided" };
} // namespace

JsonImporter::JsonImporter(ExchangeStore *store)
    : m_store(store)
    , m_maxFileBytes(ExchangeFormat::kMaxFileBytes)
{ }

bool JsonImporter::refuse(const QString &message)
{
    m_error = Error::Invalid;
    m_errorString = message;
    qCInfo(lcExchange) << "import refused:" << message;
    return false;
}

QString JsonImporter::where() const
{
    QString path;
    for (const PathPart &step : m_path) {
        if (step.index >= 0) {
            path += u'[' + QString::number(step.index) + u']';
            continue;
        }
        if (!path.isEmpty())
            path += u'.';
        path += step.name;
    }
    return path;
}

bool JsonImporter::invalid(const QString &what)
{
    return refuse(tr("This is not a valid Tandem export: %1 %2.").arg(where(), what));
}

bool JsonImporter::importFile(const QString &path)
{
    m_error = Error::None;
    m_errorString.clear();
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        m_error = Error::File;
        m_errorString = tr("“%1” could not be read: %2").arg(path, file.errorString());
        return false;
    }
    if (file.size() > m_maxFileBytes)
        return refuse(tr("“%1” is too large to import (%2 MB; the limit is %3 MB).")
                          .arg(path)
                          .arg(double(file.size()) / 1048576.0, 0, 'f', 1)
                          .arg(double(m_maxFileBytes) / 1048576.0, 0, 'f', 1));
    // Read one byte past the limit: a file that grew since its size was asked is refused all the same.
    const QByteArray data = file.read(m_maxFileBytes + 1);
    if (data.size() > m_maxFileBytes)
        return refuse(tr("“%1” is too large to import.").arg(path));
    if (file.error() != QFileDevice::NoError) {
        m_error = Error::File;
        m_errorString = tr("“%1” could not be read: %2").arg(path, file.errorString());
        return false;
    }
    return importData(data);
}

bool JsonImporter::importData(const QByteArray &data)
{
    QElapsedTimer timer;
    timer.start();
    if (!read(data))
        return false;
    const qint64 readMs = timer.restart();
    if (!m_store->importArchives(m_archives, m_agents, &m_importedIds, &m_agentsAdded)) {
        m_error = Error::Storage;
        m_errorString = tr("The import could not be saved; nothing was changed. %1").arg(m_store->lastError());
        return false;
    }
    qCInfo(lcExchange) << "imported" << m_importedIds.size() << "conversations," << m_messageCount
                       << "messages; read in" << readMs << "ms, written in" << timer.elapsed() << "ms";
    return true;
}

bool JsonImporter::read(const QByteArray &data)
{
    m_error = Error::None;
    m_errorString.clear();
    m_archives.clear();
    m_agents.clear();
    m_importedIds.clear();
    m_messageCount = 0;
    m_agentsAdded = 0;
    m_path.clear();
    if (data.size() > m_maxFileBytes)
        return refuse(tr("The file is too large to import."));

    QElapsedTimer timer;
    timer.start();
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(data, &parseError);
    qCDebug(lcExchange) << "parsed" << data.size() << "bytes in" << timer.elapsed() << "ms";
    if (parseError.error != QJsonParseError::NoError)
        return refuse(tr("This is not a valid Tandem export: the JSON is malformed or cut short at byte %1 (%2).")
                          .arg(parseError.offset)
                          .arg(parseError.errorString()));
    if (!document.isObject())
        return refuse(tr("This is not a Tandem export: the file does not hold a JSON object."));
    const QJsonObject root = document.object();
    if (root.value(u"format"_s).toString() != ExchangeFormat::kFormatName)
        return refuse(tr("This is not a Tandem export: its “format” is not “%1”.").arg(ExchangeFormat::kFormatName));
    const QJsonValue versionValue = root.value(u"version"_s);
    const qint64 version = versionValue.isDouble() ? versionValue.toInteger(-1) : -1;
    if (version < 1)
        return refuse(tr("This is not a valid Tandem export: its “version” is not a positive whole number."));
    if (version > ExchangeFormat::kVersion)
        return refuse(tr("This export was written by a newer Tandem (format version %1); this Tandem reads up to "
                         "version %2. Update Tandem to import it.")
                          .arg(version)
                          .arg(ExchangeFormat::kVersion));
    QDateTime exportedAt;
    if (!time(root, u"exported_at", &exportedAt, true))
        return false;
    QJsonArray conversations;
    if (!array(root, u"conversations", &conversations, ExchangeFormat::kMaxConversations))
        return false;

    QSet<qint64> conversationIds;
    QSet<QString> agentIds;
    Step step(m_path, u"conversations");
    for (qsizetype i = 0; i < conversations.size(); ++i) {
        Step item(m_path, i);
        QJsonObject conversation;
        if (!object(conversations.at(i), &conversation) || !readConversation(conversation, &agentIds))
            return false;
        if (conversationIds.contains(m_archives.constLast().conversation.id)) {
            Step id(m_path, u"id");
            return invalid(tr("repeats the id of an earlier conversation"));
        }
        conversationIds.insert(m_archives.constLast().conversation.id);
    }
    return true;
}

// --- members ------------------------------------------------------------------------------------------------------

bool JsonImporter::member(const QJsonObject &object, QStringView name, QJsonValue *value)
{
    const auto it = object.constFind(name);
    if (it == object.constEnd()) {
        Step step(m_path, name);
        return invalid(tr("is missing"));
    }
    *value = it.value();
    return true;
}

bool JsonImporter::object(const QJsonValue &value, QJsonObject *out)
{
    if (!value.isObject())
        return invalid(tr("is not an object"));
    *out = value.toObject();
    return true;
}

bool JsonImporter::string(
    const QJsonObject &object, QStringView name, QString *out, qsizetype maxLength, bool nullable, bool nonEmpty)
{
    QJsonValue value;
    if (!member(object, name, &value))
        return false;
    Step step(m_path, name);
    if (nullable && value.isNull()) {
        out->clear();
        return true;
    }
    if (!value.isString())
        return invalid(nullable ? tr("is neither a string nor null") : tr("is not a string"));
    *out = value.toString();
    if (out->size() > maxLength)
        return invalid(tr("is longer than %n characters", nullptr, int(maxLength)));
    if (nonEmpty && out->isEmpty())
        return invalid(tr("is empty"));
    return true;
}

bool JsonImporter::integer(const QJsonObject &object, QStringView name, qint64 *out, bool nullable, qint64 min)
{
    QJsonValue value;
    if (!member(object, name, &value))
        return false;
    Step step(m_path, name);
    if (nullable && value.isNull()) {
        *out = 0;
        return true;
    }
    if (!value.isDouble())
        return invalid(nullable ? tr("is neither a number nor null") : tr("is not a number"));
    const qint64 number = value.toInteger(std::numeric_limits<qint64>::min());
    if (number == std::numeric_limits<qint64>::min())
        return invalid(tr("is not a whole number"));
    if (number < min || number > ExchangeFormat::kMaxInteger)
        return invalid(tr("is out of range (%1 to %2)").arg(min).arg(ExchangeFormat::kMaxInteger));
    *out = number;
    return true;
}

bool JsonImporter::boolean(const QJsonObject &object, QStringView name, bool *out)
{
    QJsonValue value;
    if (!member(object, name, &value))
        return false;
    Step step(m_path, name);
    if (!value.isBool())
        return invalid(tr("is not true or false"));
    *out = value.toBool();
    return true;
}

bool JsonImporter::time(const QJsonObject &object, QStringView name, QDateTime *out, bool nullable)
{
    QString text;
    if (!string(object, name, &text, 64, nullable))
        return false;
    if (nullable && object.value(name).isNull()) {
        *out = QDateTime();
        return true;
    }
    Step step(m_path, name);
    *out = QDateTime::fromString(text, Qt::ISODateWithMs);
    if (!out->isValid())
        return invalid(tr("is not a date and time (ISO 8601)"));
    return true;
}

bool JsonImporter::array(const QJsonObject &object, QStringView name, QJsonArray *out, qint64 maxSize)
{
    QJsonValue value;
    if (!member(object, name, &value))
        return false;
    Step step(m_path, name);
    if (!value.isArray())
        return invalid(tr("is not an array"));
    *out = value.toArray();
    if (out->size() > maxSize)
        return invalid(tr("has more than %n entries", nullptr, int(maxSize)));
    return true;
}

bool JsonImporter::stringList(const QJsonObject &object, QStringView name, QStringList *out)
{
    QJsonArray items;
    if (!array(object, name, &items, ExchangeFormat::kMaxRows))
        return false;
    Step step(m_path, name);
    out->clear();
    for (qsizetype i = 0; i < items.size(); ++i) {
        Step item(m_path, i);
        if (!items.at(i).isString())
            return invalid(tr("is not a string"));
        const QString text = items.at(i).toString();
        if (text.size() > ExchangeFormat::kMaxNameLength)
            return invalid(tr("is longer than %n characters", nullptr, int(ExchangeFormat::kMaxNameLength)));
        out->append(text);
    }
    return true;
}

bool JsonImporter::usage(const QJsonObject &parent, TokenUsage *out)
{
    QJsonValue value;
    if (!member(parent, u"usage", &value))
        return false;
    Step step(m_path, u"usage");
    QJsonObject usageObject;
    return object(value, &usageObject) && integer(usageObject, u"input_tokens", &out->inputTokens)
        && integer(usageObject, u"output_tokens", &out->outputTokens)
        && integer(usageObject, u"cached_tokens", &out->cachedTokens)
        && integer(usageObject, u"reasoning_tokens", &out->reasoningTokens);
}

bool JsonImporter::payloadDepth(const QJsonValue &value, int depth)
{
    if (depth > ExchangeFormat::kMaxPayloadDepth)
        return invalid(tr("is nested more than %n levels deep", nullptr, int(ExchangeFormat::kMaxPayloadDepth)));
    if (value.isString() && value.toString().size() > ExchangeFormat::kMaxTextLength)
        return invalid(tr("holds a text longer than %n characters", nullptr, int(ExchangeFormat::kMaxTextLength)));
    if (value.isObject()) {
        const QJsonObject members = value.toObject();
        for (auto it = members.constBegin(); it != members.constEnd(); ++it)
            if (!payloadDepth(it.value(), depth + 1))
                return false;
    } else if (value.isArray()) {
        const QJsonArray items = value.toArray();
        for (const QJsonValue &item : items)
            if (!payloadDepth(item, depth + 1))
                return false;
    }
    return true;
}

// --- rows ---------------------------------------------------------------------------------------------------------

bool JsonImporter::readAgent(const QJsonObject &o, Agent *a)
{
    constexpr qsizetype name = ExchangeFormat::kMaxNameLength;
    constexpr qsizetype text = ExchangeFormat::kMaxTextLength;
    return string(o, u"id", &a->id, name, false, true) && string(o, u"name", &a->name, name)
        && string(o, u"role", &a->role, text) && string(o, u"instructions", &a->instructions, text)
        && string(o, u"model", &a->model, name) && string(o, u"provider_id", &a->providerId, name, true)
        && stringList(o, u"allowed_tools", &a->allowedTools) && stringList(o, u"handoff_targets", &a->handoffTargets)
        && boolean(o, u"terminal", &a->terminal) && boolean(o, u"enabled", &a->enabled) && agentOptions(o, a);
}

bool JsonImporter::agentOptions(const QJsonObject &o, Agent *a)
{
    const AgentOptionsJson::Problem problem = AgentOptionsJson::read(o, a);
    if (problem.field.isEmpty())
        return true;
    Step step(m_path, problem.field);
    return invalid(problem.what);
}

bool JsonImporter::readRun(const QJsonObject &o, ConversationArchive::Run *r)
{
    constexpr qsizetype name = ExchangeFormat::kMaxNameLength;
    if (!integer(o, u"id", &r->id, false, 1) || !string(o, u"agent_id", &r->agentId, name)
        || !string(o, u"mode", &r->mode, name) || !string(o, u"status", &r->status, name) || !usage(o, &r->usage)
        || !string(o, u"error", &r->error, ExchangeFormat::kMaxTextLength, true)
        || !time(o, u"started_at", &r->startedAt) || !time(o, u"finished_at", &r->finishedAt, true))
        return false;
    if (!ExchangeStore::isRunStatus(r->status)) {
        Step step(m_path, u"status");
        return invalid(tr("is not a known run status (“%1”)").arg(r->status));
    }
    return true;
}

bool JsonImporter::readHandoff(const QJsonObject &o, const QSet<qint64> &runs, Handoff *h)
{
    constexpr qsizetype name = ExchangeFormat::kMaxNameLength;
    constexpr qsizetype text = ExchangeFormat::kMaxTextLength;
    QString status;
    QString rejectionReason;
    QDateTime processedAt;
    QJsonValue payload;
    if (!integer(o, u"id", &h->id, false, 1) || !integer(o, u"run_id", &h->runId, true, 1)
        || !string(o, u"from_agent", &h->fromAgent, name) || !string(o, u"to_agent", &h->toAgent, name)
        || !string(o, u"status", &status, name) || !member(o, u"payload", &payload)
        || !string(o, u"reason", &h->reason, text, true)
        || !string(o, u"rejection_reason", &rejectionReason, text, true) || !time(o, u"created_at", &h->createdAt)
        || !time(o, u"processed_at", &processedAt, true))
        return false;
    const std::optional<Handoff::Status> known = Handoff::statusFromName(status);
    if (!known) {
        Step step(m_path, u"status");
        return invalid(tr("is not a known handoff status (“%1”)").arg(status));
    }
    if (h->runId != 0 && !runs.contains(h->runId)) {
        Step step(m_path, u"run_id");
        return invalid(tr("names run %1, which is not in this conversation").arg(h->runId));
    }
    {
        Step step(m_path, u"payload");
        if (!payload.isObject())
            return invalid(tr("is not an object"));
        if (!payloadDepth(payload, 0))
            return false;
        h->payload = payload.toObject();
    }
    *h = Handoff::restore(*h, *known, rejectionReason, processedAt);
    return true;
}

bool JsonImporter::readApproval(const QJsonObject &o, const QSet<qint64> &runs, ConversationArchive::Approval *a)
{
    constexpr qsizetype name = ExchangeFormat::kMaxNameLength;
    constexpr qsizetype text = ExchangeFormat::kMaxTextLength;
    QJsonValue decided;
    if (!integer(o, u"id", &a->id, false, 1) || !integer(o, u"run_id", &a->runId, true, 1)
        || !string(o, u"agent_id", &a->agentId, name) || !string(o, u"tool_name", &a->toolName, name)
        || !string(o, u"call_id", &a->callId, name) || !string(o, u"arguments", &a->arguments, text)
        || !string(o, u"status", &a->status, name) || !string(o, u"decision", &a->decision, name, true)
        || !member(o, u"decided_arguments", &decided)
        || !string(o, u"decided_arguments", &a->decidedArguments, text, true) || !time(o, u"created_at", &a->createdAt)
        || !time(o, u"decided_at", &a->decidedAt, true))
        return false;
    a->hasDecidedArguments = !decided.isNull();
    if (std::find(std::begin(kApprovalStatuses), std::end(kApprovalStatuses), a->status)
        == std::end(kApprovalStatuses)) {
        Step step(m_path, u"status");
        return invalid(tr("is not a known approval status (“%1”)").arg(a->status));
    }
    if (!a->decision.isEmpty() && !ExchangeStore::isApprovalDecision(a->decision)) {
        Step step(m_path, u"decision");
        return invalid(tr("is not a known decision (“%1”)").arg(a->decision));
    }
    if (a->runId != 0 && !runs.contains(a->runId)) {
        Step step(m_path, u"run_id");
        return invalid(tr("names run %1, which is not in this conversation").arg(a->runId));
    }
    return true;
}

bool JsonImporter::readMessage(const QJsonObject &o, const QSet<qint64> &runs, const QSet<qint64> &handoffs, Message *m)
{
    constexpr qsizetype name = ExchangeFormat::kMaxNameLength;
    constexpr qsizetype text = ExchangeFormat::kMaxTextLength;
    QString role;
    QString kind;
    QString divider;
    QString status;
    if (!integer(o, u"id", &m->id, false, 1) || !string(o, u"role", &role, name)
        || !string(o, u"agent_id", &m->agentId, name, true) || !string(o, u"kind", &kind, name)
        || !string(o, u"divider", &divider, name, true) || !string(o, u"status", &status, name)
        || !string(o, u"content", &m->content, text) || !string(o, u"error", &m->error, text, true)
        || !integer(o, u"handoff_id", &m->handoffId, true, 1) || !integer(o, u"run_id", &m->runId, true, 1)
        || !string(o, u"tool_call_id", &m->toolCallId, name, true) || !string(o, u"tool_name", &m->toolName, name, true)
        || !usage(o, &m->usage) || !time(o, u"created_at", &m->createdAt) || !time(o, u"updated_at", &m->updatedAt))
        return false;
    auto unknown = [this](QStringView field, const QString &value) {
        Step step(m_path, field);
        return invalid(tr("has an unknown value (“%1”)").arg(value));
    };
    const auto knownRole = Message::roleFromName(role);
    if (!knownRole)
        return unknown(u"role", role);
    const auto knownKind = Message::kindFromName(kind);
    if (!knownKind)
        return unknown(u"kind", kind);
    // No divider is null; the empty name is the store's, not the file's.
    const auto knownDivider = Message::dividerFromName(divider);
    if (!knownDivider || (divider.isEmpty() && !o.value(u"divider"_s).isNull()))
        return unknown(u"divider", divider);
    const auto knownStatus = Message::statusFromName(status);
    if (!knownStatus)
        return unknown(u"status", status);
    m->role = *knownRole;
    m->kind = *knownKind;
    m->divider = *knownDivider;
    m->status = *knownStatus;
    if (m->handoffId != 0 && !handoffs.contains(m->handoffId)) {
        Step step(m_path, u"handoff_id");
        return invalid(tr("names handoff %1, which is not in this conversation").arg(m->handoffId));
    }
    if (m->runId != 0 && !runs.contains(m->runId)) {
        Step step(m_path, u"run_id");
        return invalid(tr("names run %1, which is not in this conversation").arg(m->runId));
    }
    return true;
}

bool JsonImporter::readConversation(const QJsonObject &o, QSet<QString> *agentIds)
{
    constexpr qsizetype name = ExchangeFormat::kMaxNameLength;
    constexpr qsizetype text = ExchangeFormat::kMaxTextLength;
    constexpr qint64 rows = ExchangeFormat::kMaxRows;
    ConversationArchive archive;
    Conversation &c = archive.conversation;
    QString mode;
    if (!integer(o, u"id", &c.id, false, 1) || !string(o, u"title", &c.title, text) || !string(o, u"mode", &mode, name)
        || !boolean(o, u"pinned", &c.pinned) || !string(o, u"provider_id", &c.providerId, name, true)
        || !string(o, u"model", &c.model, name) || !time(o, u"created_at", &c.createdAt)
        || !time(o, u"updated_at", &c.updatedAt))
        return false;
    const auto knownMode = Conversation::modeFromName(mode);
    if (!knownMode) {
        Step step(m_path, u"mode");
        return invalid(tr("has an unknown value (“%1”)").arg(mode));
    }
    c.mode = *knownMode;

    // Repeated ids within one list, and references to rows the file does not have, are refused.
    auto repeated = [this](QStringView field) {
        Step step(m_path, field);
        return invalid(tr("repeats an id or name of an earlier entry"));
    };

    QJsonArray items;
    if (!array(o, u"agents", &items, rows))
        return false;
    {
        Step step(m_path, u"agents");
        QSet<QString> seen;
        for (qsizetype i = 0; i < items.size(); ++i) {
            Step item(m_path, i);
            QJsonObject row;
            Agent agent;
            if (!object(items.at(i), &row) || !readAgent(row, &agent))
                return false;
            if (seen.contains(agent.id))
                return repeated(u"id");
            seen.insert(agent.id);
            // The first definition of an agent in the file is the one imported (if it is absent here).
            if (!agentIds->contains(agent.id)) {
                agentIds->insert(agent.id);
                m_agents.append(agent);
            }
        }
    }

    if (!array(o, u"runs", &items, rows))
        return false;
    QSet<qint64> runIds;
    {
        Step step(m_path, u"runs");
        for (qsizetype i = 0; i < items.size(); ++i) {
            Step item(m_path, i);
            QJsonObject row;
            ConversationArchive::Run run;
            if (!object(items.at(i), &row) || !readRun(row, &run))
                return false;
            if (runIds.contains(run.id))
                return repeated(u"id");
            runIds.insert(run.id);
            archive.runs.append(run);
        }
    }

    if (!array(o, u"handoffs", &items, rows))
        return false;
    QSet<qint64> handoffIds;
    {
        Step step(m_path, u"handoffs");
        for (qsizetype i = 0; i < items.size(); ++i) {
            Step item(m_path, i);
            QJsonObject row;
            Handoff handoff;
            if (!object(items.at(i), &row) || !readHandoff(row, runIds, &handoff))
                return false;
            if (handoffIds.contains(handoff.id))
                return repeated(u"id");
            handoffIds.insert(handoff.id);
            archive.handoffs.append(handoff);
        }
    }

    if (!array(o, u"approvals", &items, rows))
        return false;
    {
        Step step(m_path, u"approvals");
        QSet<qint64> seen;
        for (qsizetype i = 0; i < items.size(); ++i) {
            Step item(m_path, i);
            QJsonObject row;
            ConversationArchive::Approval approval;
            if (!object(items.at(i), &row) || !readApproval(row, runIds, &approval))
                return false;
            if (seen.contains(approval.id))
                return repeated(u"id");
            seen.insert(approval.id);
            // A question left open would ask this person to let a tool run on this machine because a file said
            // so: an imported approval is never pending (docs/export-format.md).
            if (approval.status == u"pending") {
                approval.status = u"decided"_s;
                approval.decision.clear();
                if (!approval.decidedAt.isValid())
                    approval.decidedAt = QDateTime::currentDateTimeUtc();
            }
            archive.approvals.append(approval);
        }
    }

    if (!array(o, u"variables", &items, rows))
        return false;
    {
        Step step(m_path, u"variables");
        QSet<QString> seen;
        for (qsizetype i = 0; i < items.size(); ++i) {
            Step item(m_path, i);
            QJsonObject row;
            ConversationArchive::Variable variable;
            if (!object(items.at(i), &row) || !string(row, u"name", &variable.name, name, false, true)
                || !string(row, u"value", &variable.value, text) || !time(row, u"updated_at", &variable.updatedAt))
                return false;
            if (seen.contains(variable.name))
                return repeated(u"name");
            seen.insert(variable.name);
            archive.variables.append(variable);
        }
    }

    if (!array(o, u"agent_threads", &items, rows))
        return false;
    {
        Step step(m_path, u"agent_threads");
        QSet<QString> seen;
        bool anyActive = false;
        for (qsizetype i = 0; i < items.size(); ++i) {
            Step item(m_path, i);
            QJsonObject row;
            ConversationArchive::AgentThread thread;
            if (!object(items.at(i), &row) || !string(row, u"agent_id", &thread.agentId, name, false, true)
                || !boolean(row, u"active", &thread.active)
                || !integer(row, u"history_from", &thread.historyFrom, true, 1)
                || !time(row, u"updated_at", &thread.updatedAt))
                return false;
            if (seen.contains(thread.agentId))
                return repeated(u"agent_id");
            if (thread.active && anyActive) {
                Step field(m_path, u"active");
                return invalid(tr("makes a second agent active"));
            }
            anyActive = anyActive || thread.active;
            seen.insert(thread.agentId);
            archive.threads.append(thread);
        }
    }

    if (!array(o, u"messages", &items, ExchangeFormat::kMaxMessages - m_messageCount))
        return false;
    {
        Step step(m_path, u"messages");
        QSet<qint64> seen;
        seen.reserve(items.size());
        archive.messages.reserve(items.size());
        for (qsizetype i = 0; i < items.size(); ++i) {
            Step item(m_path, i);
            QJsonObject row;
            Message message;
            if (!object(items.at(i), &row) || !readMessage(row, runIds, handoffIds, &message))
                return false;
            if (seen.contains(message.id))
                return repeated(u"id");
            seen.insert(message.id);
            // Nothing runs on an imported conversation: a reply still streaming in the file is interrupted here.
            if (message.status == Message::Status::Streaming) {
                message.status = Message::Status::Interrupted;
                if (message.error.isEmpty())
                    message.error = tr("It was still being written when it was exported.");
            }
            archive.messages.append(message);
        }
        m_messageCount += items.size();
    }
    for (ConversationArchive::Run &run : archive.runs)
        if (run.status == u"running")
            run.status = u"interrupted"_s;
    m_archives.append(std::move(archive));
    return true;
}

} // namespace Tandem
