#include "EngineHarness.h"

#include "SpecValidator.h"
#include "llm/NetworkAccess.h"
#include "storage/AgentStore.h"
#include "storage/ProviderStore.h"

#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

#include <limits>

using namespace Qt::StringLiterals;

namespace Tandem::Test {

EngineConfig EngineHarness::testConfig()
{
    EngineConfig config;
    config.retryPolicy.maxRetries = 0;
    config.retryPolicy.baseDelayMs = 10;
    config.retryPolicy.idleTimeoutMs = 10'000;
    config.limits.runTimeoutMs = 20'000;
    config.defaultProviderId = u"fake"_s;
    return config;
}

EngineHarness::EngineHarness(ProviderProfile::Protocol protocol, EngineConfig config)
    : m_protocol(protocol)
    , m_config(std::move(config))
    , m_tools(ToolRegistry::withBuiltins())
{
    NetworkAccess::configure(&m_network);
    ProviderProfile profile;
    profile.id = u"fake"_s;
    profile.name = u"Fake"_s;
    profile.protocol = protocol;
    profile.baseUrl = m_server.baseUrl();
    profile.defaultModel = u"fake-model"_s;
    if (m_database.isReady())
        m_database.work().providers().save(profile);
    build();
}

void EngineHarness::build()
{
    m_repository.reset();
    m_repository = std::make_unique<LocalChatRepository>(m_database.work(), &m_network, nullptr, &m_tools, m_config);
    m_repository->setApiKey(u"fake"_s, u"sk-test"_s);
    for (const Agent &agent : std::as_const(m_declared))
        QVERIFY(m_database.work().agents().save(agent));
}

bool EngineHarness::isReady() const
{
    return m_database.isReady() && m_server.isListening();
}

void EngineHarness::restart()
{
    m_repository.reset();
    QVERIFY(m_database.reopen());
    build();
}

bool EngineHarness::saveAgent(const Agent &agent)
{
    m_declared.removeIf([&](const Agent &declared) { return declared.id == agent.id; });
    m_declared << agent;
    return m_database.work().agents().save(agent).ok();
}

qint64 EngineHarness::createConversation(Conversation::Mode mode)
{
    return m_repository->createConversation(mode);
}

RunOutcome EngineHarness::waitForRun(qint64 conversationId, QString *message)
{
    QSignalSpy finished(m_repository.get(), &ChatRepository::runFinished);
    if (m_repository->isRunning(conversationId)) {
        for (int i = 0; i < 300 && finished.isEmpty(); ++i)
            finished.wait(100);
    }
    if (finished.isEmpty())
        return m_repository->isRunning(conversationId) ? RunOutcome::Failed : RunOutcome::Completed;
    const QList<QVariant> arguments = finished.constLast();
    if (message)
        *message = arguments.at(3).toString();
    return arguments.at(2).value<RunOutcome>();
}

RunOutcome EngineHarness::sendAndWait(qint64 conversationId, const QString &text, QString *message)
{
    QSignalSpy finished(m_repository.get(), &ChatRepository::runFinished);
    if (m_repository->send(conversationId, text).messageId == 0)
        return RunOutcome::Failed;
    for (int i = 0; i < 300 && finished.isEmpty(); ++i)
        finished.wait(100);
    if (finished.isEmpty())
        return RunOutcome::Failed;
    const QList<QVariant> arguments = finished.constLast();
    if (message)
        *message = arguments.at(3).toString();
    return arguments.at(2).value<RunOutcome>();
}

QList<Message> EngineHarness::rows(qint64 conversationId)
{
    return m_repository->messages(conversationId, 0, std::numeric_limits<int>::max());
}

namespace {
QStringList &specProblems()
{
    static QStringList problems;
    return problems;
}
} // namespace

EngineHarness::~EngineHarness()
{
    specProblems() << m_server.violations();
    const QList<RecordedRequest> all = m_server.requests();
    SpecValidator *validator = nullptr;
    for (const RecordedRequest &request : all) {
        const QString schema = SpecValidator::requestSchema(request.path);
        if (schema.isEmpty())
            continue;
        if (!validator) {
            validator = SpecValidator::instance();
            if (!validator->isReady()) {
                specProblems() << u"the spec validator cannot run: "_s + validator->errorString();
                return;
            }
        }
        const SpecValidator::Result result = validator->validate(schema, request.json);
        if (!result.valid)
            specProblems() << u"%1 %2 is not a valid %3:\n%4"_s.arg(
                request.method, request.path, schema, result.message());
    }
}

QStringList EngineHarness::takeSpecProblems()
{
    return std::exchange(specProblems(), {});
}

QList<RecordedRequest> EngineHarness::modelRequests() const
{
    QList<RecordedRequest> result;
    const QList<RecordedRequest> all = m_server.requests();
    for (const RecordedRequest &request : all)
        if (request.path == u"/v1/responses" || request.path == u"/v1/chat/completions")
            result << request;
    return result;
}

QStringList EngineHarness::inputSummary(const RecordedRequest &request)
{
    QStringList summary;
    auto text = [](const QJsonValue &content) {
        if (content.isString())
            return content.toString();
        QString joined;
        const QJsonArray parts = content.toArray();
        for (const QJsonValue &part : parts)
            joined += part.toObject().value(u"text"_s).toString();
        return joined;
    };
    if (request.path == u"/v1/chat/completions") {
        const QJsonArray messages = request.json.value(u"messages"_s).toArray();
        bool first = true;
        for (const QJsonValue &value : messages) {
            const QJsonObject message = value.toObject();
            const QString role = message.value(u"role"_s).toString();
            const bool instructions = first && (role == u"system" || role == u"developer");
            first = false;
            if (instructions)
                continue; // the agent's instructions lead the messages
            if (role == u"tool") {
                summary << u"output:"_s + text(message.value(u"content"_s));
                continue;
            }
            const QJsonArray calls = message.value(u"tool_calls"_s).toArray();
            if (!text(message.value(u"content"_s)).isEmpty() || calls.isEmpty())
                summary << role + u": "_s + text(message.value(u"content"_s));
            for (const QJsonValue &call : calls)
                summary << u"call:"_s + call.toObject().value(u"function"_s).toObject().value(u"name"_s).toString();
        }
        return summary;
    }
    const QJsonValue input = request.json.value(u"input"_s);
    if (input.isString())
        return { u"user: "_s + input.toString() };
    const QJsonArray items = input.toArray();
    for (const QJsonValue &value : items) {
        const QJsonObject item = value.toObject();
        const QString type = item.value(u"type"_s).toString();
        if (type == u"function_call")
            summary << u"call:"_s + item.value(u"name"_s).toString();
        else if (type == u"function_call_output")
            summary << u"output:"_s + item.value(u"output"_s).toString();
        else
            summary << item.value(u"role"_s).toString() + u": "_s + text(item.value(u"content"_s));
    }
    return summary;
}

QStringList EngineHarness::toolNames(const RecordedRequest &request)
{
    QStringList names;
    const QJsonArray tools = request.json.value(u"tools"_s).toArray();
    for (const QJsonValue &value : tools) {
        const QJsonObject tool = value.toObject();
        names << (tool.contains(u"function"_s) ? tool.value(u"function"_s).toObject().value(u"name"_s).toString()
                                               : tool.value(u"name"_s).toString());
    }
    return names;
}

} // namespace Tandem::Test
