#include "SpecValidator.h"
#include "domain/ProviderPresets.h"
#include "llm/ChatCompletionsClient.h"
#include "llm/ClientFactory.h"
#include "llm/NetworkAccess.h"
#include "llm/ResponsesClient.h"

#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;

Q_DECLARE_METATYPE(Tandem::LlmRequest)
Q_DECLARE_METATYPE(Tandem::ChatCompletionsClient::Dialect)

namespace {

QJsonObject json(const char *text)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(QByteArray(text), &error);
    if (error.error != QJsonParseError::NoError)
        qFatal("bad expected JSON in the test: %s", qPrintable(error.errorString()));
    return document.object();
}

// On a mismatch QCOMPARE of two QJsonObjects says little; compare their text, keys sorted by QJsonDocument.
QByteArray text(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Indented);
}

LlmRequest basicRequest()
{
    LlmRequest request;
    request.model = u"gpt-5-mini"_s;
    request.input = { InputItem::user(u"Hello"_s) };
    return request;
}

ToolDefinition weatherTool()
{
    ToolDefinition tool;
    tool.name = u"get_weather"_s;
    tool.description = u"Weather for a city"_s;
    tool.parameters = json(R"({"type":"object","properties":{"city":{"type":"string"}},"required":["city"]})");
    tool.strict = true;
    return tool;
}

ToolCall call(const QString &id, const QString &name, const QString &arguments)
{
    return ToolCall { id, name, arguments, u"fc_"_s + id };
}

// A conversation where the model called two tools at once, got both outputs, then called one more.
LlmRequest toolRoundTrip()
{
    LlmRequest request;
    request.model = u"m"_s;
    request.instructions = u"You are terse."_s;
    request.input = {
        InputItem::user(u"Weather and time in Paris?"_s),
        InputItem::functionCall(call(u"call_1"_s, u"get_weather"_s, uR"({"city":"Paris"})"_s)),
        InputItem::functionCall(call(u"call_2"_s, u"get_time"_s, u"{}"_s)),
        InputItem::functionOutput(u"call_1"_s, u"18 °C"_s),
        InputItem::functionOutput(u"call_2"_s, u"12:00"_s),
        InputItem::functionCall(call(u"call_3"_s, u"get_weather"_s, uR"({"city":"Lyon"})"_s)),
        InputItem::functionOutput(u"call_3"_s, u"20 °C"_s),
        InputItem::assistant(u"Paris 18 °C at noon; Lyon 20 °C."_s),
    };
    return request;
}

} // namespace

class TestRequestBodies : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void responsesBody_data();
    void responsesBody();
    void responsesConversationBody();
    void responsesBodyMatchesSpec_data() { responsesBody_data(); }
    void responsesBodyMatchesSpec();
    void chatBody_data();
    void chatBody();
    void chatBodyMatchesSpec_data();
    void chatBodyMatchesSpec();
    void brokenBodiesAreRefused_data();
    void brokenBodiesAreRefused();
    void chatDialect_data();
    void chatDialect();
    void endpoint_data();
    void endpoint();
    void requestHeaders_data();
    void requestHeaders();
    void clientByProtocol();
};

void TestRequestBodies::responsesBody_data()
{
    QTest::addColumn<LlmRequest>("request");
    QTest::addColumn<QJsonObject>("expected");

    QTest::newRow("minimal") << basicRequest() << json(R"({"model":"gpt-5-mini","stream":true,
        "input":[{"type":"message","role":"user","content":"Hello"}]})");

    {
        LlmRequest request = basicRequest();
        request.instructions = u"Be brief."_s;
        request.input.prepend(InputItem::message(InputItem::Role::Developer, u"Rules"_s));
        request.input.append(InputItem::message(InputItem::Role::System, u"Sys"_s));
        request.input.append(InputItem::assistant(u"Hi!"_s));
        // Arranged for strict chat templates (#24): a leading developer message joins the instructions, a later
        // system message becomes part of the user turn it follows.
        QTest::newRow("instructions and every role") << request << json(R"({"model":"gpt-5-mini","stream":true,
            "instructions":"Be brief.\n\nRules",
            "input":[{"type":"message","role":"user","content":"Hello\n\nSys"},
                     {"type":"message","role":"assistant","content":"Hi!"}]})");
    }
    {
        LlmRequest request = basicRequest();
        ToolDefinition bare;
        bare.name = u"ping"_s;
        request.tools = { weatherTool(), bare };
        request.parallelToolCalls = false;
        request.maxOutputTokens = 256;
        request.temperature = 0.5;
        request.store = false;
        QTest::newRow("tools and options") << request << json(R"({"model":"gpt-5-mini","stream":true,
            "input":[{"type":"message","role":"user","content":"Hello"}],
            "tools":[{"type":"function","name":"get_weather","description":"Weather for a city","strict":true,
                      "parameters":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}},
                     {"type":"function","name":"ping","strict":false,"parameters":null}],
            "parallel_tool_calls":false,"max_output_tokens":256,"temperature":0.5,"store":false})");
    }
    {
        LlmRequest request = basicRequest();
        request.conversationId = u"conv_1"_s;
        QTest::newRow("conversation") << request << json(R"({"model":"gpt-5-mini","stream":true,
            "input":[{"type":"message","role":"user","content":"Hello"}],"conversation":"conv_1"})");
        request.previousResponseId = u"resp_1"_s;
        QTest::newRow("conversation wins over previous_response_id")
            << request << json(R"({"model":"gpt-5-mini","stream":true,
            "input":[{"type":"message","role":"user","content":"Hello"}],"conversation":"conv_1"})");
        request.conversationId.clear();
        request.store = true;
        QTest::newRow("previous_response_id") << request << json(R"({"model":"gpt-5-mini","stream":true,
            "input":[{"type":"message","role":"user","content":"Hello"}],"previous_response_id":"resp_1",
            "store":true})");
    }
    QTest::newRow("function calls and outputs") << toolRoundTrip() << json(R"({"model":"m","stream":true,
        "instructions":"You are terse.",
        "input":[{"type":"message","role":"user","content":"Weather and time in Paris?"},
                 {"type":"function_call","call_id":"call_1","name":"get_weather","arguments":"{\"city\":\"Paris\"}"},
                 {"type":"function_call","call_id":"call_2","name":"get_time","arguments":"{}"},
                 {"type":"function_call_output","call_id":"call_1","output":"18 °C"},
                 {"type":"function_call_output","call_id":"call_2","output":"12:00"},
                 {"type":"function_call","call_id":"call_3","name":"get_weather","arguments":"{\"city\":\"Lyon\"}"},
                 {"type":"function_call_output","call_id":"call_3","output":"20 °C"},
                 {"type":"message","role":"assistant","content":"Paris 18 °C at noon; Lyon 20 °C."}]})");
    {
        LlmRequest request;
        request.model = u"o4-mini"_s;
        const QJsonObject reasoning
            = json(R"({"type":"reasoning","id":"rs_1","summary":[],"encrypted_content":"gAAA"})");
        request.input = { InputItem::user(u"Q"_s), InputItem::rawItem(reasoning),
            InputItem::functionCall(call(u"call_9"_s, u"f"_s, u"{}"_s)),
            InputItem::functionOutput(u"call_9"_s, u"ok"_s) };
        QTest::newRow("raw reasoning item replayed verbatim") << request << json(R"({"model":"o4-mini","stream":true,
            "input":[{"type":"message","role":"user","content":"Q"},
                     {"type":"reasoning","id":"rs_1","summary":[],"encrypted_content":"gAAA"},
                     {"type":"function_call","call_id":"call_9","name":"f","arguments":"{}"},
                     {"type":"function_call_output","call_id":"call_9","output":"ok"}]})");
    }
    {
        LlmRequest request;
        request.model = u"m"_s;
        request.previousResponseId = u"resp_2"_s;
        QTest::newRow("no input") << request << json(R"({"model":"m","stream":true,"previous_response_id":"resp_2"})");
    }
}

void TestRequestBodies::responsesBody()
{
    QFETCH(LlmRequest, request);
    QFETCH(QJsonObject, expected);
    if (!request.conversationId.isEmpty() && !request.previousResponseId.isEmpty())
        QTest::ignoreMessage(QtWarningMsg, "previous_response_id dropped: the request names a conversation");
    QCOMPARE(text(ResponsesClient::buildRequestBody(request)), text(expected));
}

void TestRequestBodies::responsesBodyMatchesSpec()
{
    QFETCH(LlmRequest, request);
    if (!request.conversationId.isEmpty() && !request.previousResponseId.isEmpty())
        QTest::ignoreMessage(QtWarningMsg, "previous_response_id dropped: the request names a conversation");
    Test::SpecValidator *validator = Test::SpecValidator::instance();
    QVERIFY2(validator->isReady(), qPrintable(validator->errorString()));
    const auto result = validator->validate(u"CreateResponse"_s, ResponsesClient::buildRequestBody(request));
    QVERIFY2(result.valid, qPrintable(result.message()));
}

void TestRequestBodies::responsesConversationBody()
{
    QCOMPARE(text(ResponsesClient::buildConversationBody({})), text(QJsonObject()));
    const QJsonObject metadata { { u"tandem_conversation"_s, u"42"_s }, { u"agent"_s, u"reviewer"_s } };
    QCOMPARE(text(ResponsesClient::buildConversationBody(metadata)),
        text(json(R"({"metadata":{"tandem_conversation":"42","agent":"reviewer"}})")));

    Test::SpecValidator *validator = Test::SpecValidator::instance();
    QVERIFY2(validator->isReady(), qPrintable(validator->errorString()));
    for (const QJsonObject &body :
        { ResponsesClient::buildConversationBody({}), ResponsesClient::buildConversationBody(metadata) }) {
        const auto result = validator->validate(u"CreateConversationBody"_s, body);
        QVERIFY2(result.valid, qPrintable(result.message()));
    }
}

void TestRequestBodies::chatBody_data()
{
    QTest::addColumn<LlmRequest>("request");
    QTest::addColumn<QJsonObject>("expected");

    QTest::newRow("minimal") << basicRequest() << json(R"({"model":"gpt-5-mini","stream":true,
        "stream_options":{"include_usage":true},"messages":[{"role":"user","content":"Hello"}]})");

    {
        LlmRequest request = basicRequest();
        request.instructions = u"Be brief."_s;
        request.input.append(InputItem::assistant(u"Hi!"_s));
        request.input.append(InputItem::user(u"Again"_s));
        QTest::newRow("instructions lead as a system message") << request << json(R"({"model":"gpt-5-mini",
            "stream":true,"stream_options":{"include_usage":true},
            "messages":[{"role":"system","content":"Be brief."},{"role":"user","content":"Hello"},
                        {"role":"assistant","content":"Hi!"},{"role":"user","content":"Again"}]})");
    }
    {
        // #24: what strict chat templates refuse is arranged before it is sent.
        LlmRequest request = basicRequest();
        request.instructions = u"Be brief."_s;
        request.input.prepend(InputItem::message(InputItem::Role::Developer, u"Agents: task"_s));
        request.input.prepend(InputItem::message(InputItem::Role::System, u" "_s));
        request.input << InputItem::user(u"Really"_s) << InputItem::assistant(u"Hi!"_s)
                      << InputItem::functionCall(call(u"call_1"_s, u"f"_s, u"{}"_s))
                      << InputItem::functionOutput(u"call_1"_s, u"ok"_s)
                      << InputItem::message(InputItem::Role::Developer, u"Rejected: redo it"_s)
                      << InputItem::user(QString()) << InputItem::user(u"Please"_s);
        QTest::newRow("arranged for strict templates") << request << json(R"({"model":"gpt-5-mini","stream":true,
            "stream_options":{"include_usage":true},
            "messages":[{"role":"system","content":"Be brief.\n\nAgents: task"},
                        {"role":"user","content":"Hello\n\nReally"},
                        {"role":"assistant","content":"Hi!","tool_calls":[
                            {"id":"call_1","type":"function","function":{"name":"f","arguments":"{}"}}]},
                        {"role":"tool","tool_call_id":"call_1","content":"ok"},
                        {"role":"user","content":"Rejected: redo it\n\nPlease"}]})");
    }
    QTest::newRow("tool calls folded, outputs as tool messages") << toolRoundTrip() << json(R"({"model":"m",
        "stream":true,"stream_options":{"include_usage":true},
        "messages":[{"role":"system","content":"You are terse."},
                    {"role":"user","content":"Weather and time in Paris?"},
                    {"role":"assistant","content":null,"tool_calls":[
                        {"id":"call_1","type":"function","function":{"name":"get_weather","arguments":"{\"city\":\"Paris\"}"}},
                        {"id":"call_2","type":"function","function":{"name":"get_time","arguments":"{}"}}]},
                    {"role":"tool","tool_call_id":"call_1","content":"18 °C"},
                    {"role":"tool","tool_call_id":"call_2","content":"12:00"},
                    {"role":"assistant","content":null,"tool_calls":[
                        {"id":"call_3","type":"function","function":{"name":"get_weather","arguments":"{\"city\":\"Lyon\"}"}}]},
                    {"role":"tool","tool_call_id":"call_3","content":"20 °C"},
                    {"role":"assistant","content":"Paris 18 °C at noon; Lyon 20 °C."}]})");
    {
        LlmRequest request;
        request.model = u"m"_s;
        request.input = { InputItem::user(u"Q"_s), InputItem::rawItem(json(R"({"type":"reasoning","id":"rs_1"})")),
            InputItem::functionCall(call(u"call_9"_s, u"f"_s, u"{}"_s)) };
        QTest::newRow("raw skipped, trailing calls flushed") << request << json(R"({"model":"m","stream":true,
            "stream_options":{"include_usage":true},
            "messages":[{"role":"user","content":"Q"},
                        {"role":"assistant","content":null,"tool_calls":[
                            {"id":"call_9","type":"function","function":{"name":"f","arguments":"{}"}}]}]})");
    }
    {
        LlmRequest request = basicRequest();
        ToolDefinition bare;
        bare.name = u"ping"_s;
        request.tools = { weatherTool(), bare };
        request.parallelToolCalls = true;
        request.temperature = 0.2;
        request.conversationId = u"conv_ignored"_s;
        request.previousResponseId = u"resp_ignored"_s;
        request.store = true;
        QTest::newRow("tools and options; Responses state ignored") << request << json(R"({"model":"gpt-5-mini",
            "stream":true,"stream_options":{"include_usage":true},"messages":[{"role":"user","content":"Hello"}],
            "tools":[{"type":"function","function":{"name":"get_weather","description":"Weather for a city",
                        "strict":true,"parameters":{"type":"object","properties":{"city":{"type":"string"}},
                        "required":["city"]}}},
                     {"type":"function","function":{"name":"ping","strict":false}}],
            "parallel_tool_calls":true,"temperature":0.2})");
    }
    {
        LlmRequest request = basicRequest();
        request.parallelToolCalls = false;
        QTest::newRow("parallel_tool_calls only with tools") << request << json(R"({"model":"gpt-5-mini",
            "stream":true,"stream_options":{"include_usage":true},"messages":[{"role":"user","content":"Hello"}]})");
    }
}

void TestRequestBodies::chatBody()
{
    QFETCH(LlmRequest, request);
    QFETCH(QJsonObject, expected);
    QCOMPARE(text(ChatCompletionsClient::buildRequestBody(request)), text(expected));
}

void TestRequestBodies::chatBodyMatchesSpec_data()
{
    chatBody_data();
}

void TestRequestBodies::chatBodyMatchesSpec()
{
    QFETCH(LlmRequest, request);
    Test::SpecValidator *validator = Test::SpecValidator::instance();
    QVERIFY2(validator->isReady(), qPrintable(validator->errorString()));
    request.maxOutputTokens = 100;
    for (const auto dialect : { ChatCompletionsClient::Dialect::OpenAI, ChatCompletionsClient::Dialect::Compatible }) {
        const auto result = validator->validate(
            u"CreateChatCompletionRequest"_s, ChatCompletionsClient::buildRequestBody(request, dialect));
        QVERIFY2(result.valid, qPrintable(result.message()));
    }
}

void TestRequestBodies::brokenBodiesAreRefused_data()
{
    QTest::addColumn<QString>("schema");
    QTest::addColumn<QJsonObject>("body");
    QTest::addColumn<QJsonObject>("patch");
    QTest::addColumn<QString>("where");

    LlmRequest withTool = basicRequest();
    withTool.tools = { weatherTool() };
    const QJsonObject responses = ResponsesClient::buildRequestBody(basicRequest());
    const QJsonObject chat = ChatCompletionsClient::buildRequestBody(basicRequest());
    QTest::newRow("Responses: input is a number")
        << u"CreateResponse"_s << responses << json(R"({"input":42})") << u"/input"_s;
    QTest::newRow("Responses: stream is a string")
        << u"CreateResponse"_s << responses << json(R"({"stream":"yes"})") << u"/stream"_s;
    QTest::newRow("Responses: function tool without a name")
        << u"CreateResponse"_s << ResponsesClient::buildRequestBody(withTool)
        << json(R"({"tools":[{"type":"function","strict":true,"parameters":{"type":"object"}}]})") << u"/tools/0"_s;
    QTest::newRow("Chat: unknown role") << u"CreateChatCompletionRequest"_s << chat
                                        << json(R"({"messages":[{"role":"wizard","content":"Hello"}]})")
                                        << u"/messages/0"_s;
    QTest::newRow("Chat: tool call without its function")
        << u"CreateChatCompletionRequest"_s << chat
        << json(R"({"messages":[{"role":"assistant","content":null,"tool_calls":[{"id":"c","type":"function"}]}]})")
        << u"/messages/0"_s;
    QTest::newRow("Chat: stream_options not an object")
        << u"CreateChatCompletionRequest"_s << chat << json(R"({"stream_options":true})") << u"/stream_options"_s;
    QTest::newRow("Conversation: metadata value not a string")
        << u"CreateConversationBody"_s << ResponsesClient::buildConversationBody({})
        << json(R"({"metadata":{"agent":1}})") << u"/metadata"_s;
}

// The spec checks above prove something only if the validator refuses what the spec forbids: the clients' own
// bodies, each broken in one place, must be refused there.
void TestRequestBodies::brokenBodiesAreRefused()
{
    QFETCH(QString, schema);
    QFETCH(QJsonObject, body);
    QFETCH(QJsonObject, patch);
    QFETCH(QString, where);
    Test::SpecValidator *validator = Test::SpecValidator::instance();
    QVERIFY2(validator->isReady(), qPrintable(validator->errorString()));
    const auto intact = validator->validate(schema, body);
    QVERIFY2(intact.valid, qPrintable(intact.message()));

    for (auto it = patch.constBegin(); it != patch.constEnd(); ++it)
        body.insert(it.key(), it.value());
    const auto broken = validator->validate(schema, body);
    QVERIFY2(!broken.valid, text(body).constData());
    QVERIFY2(broken.errors.constFirst().startsWith(where), qPrintable(broken.message()));
}

void TestRequestBodies::chatDialect_data()
{
    QTest::addColumn<QUrl>("baseUrl");
    QTest::addColumn<ChatCompletionsClient::Dialect>("dialect");
    QTest::addColumn<QString>("maxTokensField");
    QTest::addColumn<QString>("leadingRole");

    // A developer message reaches the wire only later in the conversation, as the person's side of it (#24); OpenAI
    // gets it with the developer role nowhere now, the one system message leads for every server.
    QTest::newRow("OpenAI") << QUrl(u"https://api.openai.com/v1"_s) << ChatCompletionsClient::Dialect::OpenAI
                            << u"max_completion_tokens"_s << u"system"_s;
    QTest::newRow("Ollama") << QUrl(u"http://127.0.0.1:11434/v1"_s) << ChatCompletionsClient::Dialect::Compatible
                            << u"max_tokens"_s << u"system"_s;
    QTest::newRow("OpenRouter") << QUrl(u"https://openrouter.ai/api/v1"_s) << ChatCompletionsClient::Dialect::Compatible
                                << u"max_tokens"_s << u"system"_s;
}

void TestRequestBodies::chatDialect()
{
    QFETCH(QUrl, baseUrl);
    QFETCH(ChatCompletionsClient::Dialect, dialect);
    QFETCH(QString, maxTokensField);
    QFETCH(QString, leadingRole);

    ProviderProfile profile;
    profile.baseUrl = baseUrl;
    QCOMPARE(ChatCompletionsClient::dialectFor(profile), dialect);

    LlmRequest request = basicRequest();
    request.maxOutputTokens = 1000;
    request.input.prepend(InputItem::message(InputItem::Role::Developer, u"Rules"_s));
    const QJsonObject body = ChatCompletionsClient::buildRequestBody(request, dialect);
    QCOMPARE(body.value(maxTokensField).toInteger(), qint64(1000));
    QCOMPARE(body.contains(u"max_tokens"_s) + body.contains(u"max_completion_tokens"_s), 1);
    QCOMPARE(body.value(u"messages"_s).toArray().first().toObject().value(u"role"_s).toString(), leadingRole);
}

void TestRequestBodies::endpoint_data()
{
    QTest::addColumn<QString>("baseUrl");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("expected");

    QTest::newRow("plain") << u"https://api.openai.com/v1"_s << u"responses"_s
                           << u"https://api.openai.com/v1/responses"_s;
    QTest::newRow("trailing slash") << u"http://127.0.0.1:11434/v1/"_s << u"chat/completions"_s
                                    << u"http://127.0.0.1:11434/v1/chat/completions"_s;
    QTest::newRow("nested path") << u"https://openrouter.ai/api/v1"_s << u"models"_s
                                 << u"https://openrouter.ai/api/v1/models"_s;
    QTest::newRow("query kept") << u"https://example.test/openai/v1?api-version=2025-04-01"_s << u"responses"_s
                                << u"https://example.test/openai/v1/responses?api-version=2025-04-01"_s;
}

void TestRequestBodies::endpoint()
{
    QFETCH(QString, baseUrl);
    QFETCH(QString, path);
    QFETCH(QString, expected);
    QCOMPARE(NetworkAccess::endpoint(QUrl(baseUrl), path).toString(), expected);
}

void TestRequestBodies::requestHeaders_data()
{
    QTest::addColumn<QString>("apiKey");
    QTest::addColumn<bool>("eventStream");
    QTest::addColumn<QByteArray>("authorization");
    QTest::addColumn<QByteArray>("accept");

    QTest::newRow("key, stream") << u"sk-test"_s << true << "Bearer sk-test"_ba
                                 << "text/event-stream"_ba;
    QTest::newRow("no key, stream") << QString() << true << QByteArray() << "text/event-stream"_ba;
    QTest::newRow("key, JSON") << u"sk-test"_s << false << "Bearer sk-test"_ba
                               << "application/json"_ba;
}

void TestRequestBodies::requestHeaders()
{
    QFETCH(QString, apiKey);
    QFETCH(bool, eventStream);
    QFETCH(QByteArray, authorization);
    QFETCH(QByteArray, accept);

    ProviderProfile profile = ProviderPresets::openRouter();
    profile.extraHeaders.insert(u"Authorization"_s, u"Bearer from-extra-headers"_s);
    const QNetworkRequest request = NetworkAccess::makeRequest(QUrl(u"https://openrouter.ai/api/v1/models"_s), profile,
        apiKey, eventStream ? NetworkAccess::Accept::EventStream : NetworkAccess::Accept::Json);

    QCOMPARE(request.rawHeader("User-Agent"), "Tandem/" TANDEM_VERSION ""_ba);
    QCOMPARE(request.rawHeader("Content-Type"), "application/json"_ba);
    QCOMPARE(request.rawHeader("Accept"), accept);
    QCOMPARE(request.rawHeader("X-Title"), "Tandem"_ba);
    // The key from the keychain wins over any header of the profile; without a key the profile's header stays.
    QCOMPARE(
        request.rawHeader("Authorization"), authorization.isEmpty() ? "Bearer from-extra-headers"_ba : authorization);
    QCOMPARE(request.attribute(QNetworkRequest::RedirectPolicyAttribute).toInt(),
        int(QNetworkRequest::UserVerifiedRedirectPolicy));

    ProviderProfile plain = ProviderPresets::ollama();
    QVERIFY(!NetworkAccess::makeRequest(
        QUrl(u"http://127.0.0.1:11434/v1/models"_s), plain, QString(), NetworkAccess::Accept::Json)
                 .hasRawHeader("Authorization"));
}

void TestRequestBodies::clientByProtocol()
{
    QNetworkAccessManager *network = NetworkAccess::createManager(this);
    QCOMPARE(network->redirectPolicy(), QNetworkRequest::UserVerifiedRedirectPolicy);
    QCOMPARE(network->transferTimeout(), 0);

    const QList<ProviderProfile> presets = ProviderPresets::all();
    QCOMPARE(presets.size(), 7);
    for (const ProviderProfile &profile : presets) {
        std::unique_ptr<LlmClient> client(ClientFactory::create(network, profile));
        const bool responses = profile.protocol == ProviderProfile::Protocol::Responses;
        QCOMPARE(qobject_cast<ResponsesClient *>(client.get()) != nullptr, responses);
        QCOMPARE(qobject_cast<ChatCompletionsClient *>(client.get()) != nullptr, !responses);
        QCOMPARE(client->profile(), profile);
    }
    QCOMPARE(ProviderPresets::openAi().protocol, ProviderProfile::Protocol::Responses);
    for (const ProviderProfile &local : ProviderPresets::localServers()) {
        QCOMPARE(local.protocol, ProviderProfile::Protocol::ChatCompletions);
        QCOMPARE(local.baseUrl.host(), u"127.0.0.1"_s);
        QVERIFY(local.baseUrl.path().endsWith(u"/v1"));
    }
}

QTEST_GUILESS_MAIN(TestRequestBodies)
#include "tst_requestbodies.moc"
