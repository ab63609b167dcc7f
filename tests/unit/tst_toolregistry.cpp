#include "tools/JsonSchemaValidator.h"
#include "tools/Tool.h"
#include "tools/ToolRegistry.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using Tandem::JsonSchemaValidator;
using Tandem::Tool;
using Tandem::ToolContext;
using Tandem::ToolDefinition;
using Tandem::ToolRegistry;
using Tandem::ToolResult;

namespace {

QJsonObject parseObject(const QString &json)
{
    return QJsonDocument::fromJson(json.toUtf8()).object();
}

// Answers with its arguments, so a test sees exactly what reached the tool.
class EchoTool final : public Tool
{
public:
    explicit EchoTool(QString name, bool critical = false, QJsonObject parameters = {})
        : m_name(std::move(name))
        , m_critical(critical)
        , m_parameters(parameters.isEmpty() ? QJsonObject { { u"type"_s, u"object"_s } } : std::move(parameters))
    { }

    ToolDefinition definition() const override { return { m_name, u"Echoes its arguments."_s, m_parameters, false }; }
    bool isCritical() const override { return m_critical; }
    ToolResult run(const QJsonObject &arguments, const ToolContext &context) const override
    {
        ++runs;
        QJsonObject output = arguments;
        output.insert(u"conversation"_s, context.conversationId);
        return ToolResult::success(output);
    }

    mutable int runs = 0;

private:
    QString m_name;
    bool m_critical;
    QJsonObject m_parameters;
};

// Every keyword the validator supports, in one schema.
const QString kSchema = uR"({
    "type": "object",
    "properties": {
        "text": {"type": "string", "minLength": 1, "maxLength": 5},
        "ratio": {"type": "number", "minimum": 0, "maximum": 1},
        "count": {"type": "integer"},
        "flag": {"type": "boolean"},
        "unit": {"type": "string", "enum": ["c", "f"]},
        "maybe": {"type": ["string", "null"]},
        "tags": {"type": "array", "items": {"type": "string"}},
        "options": {
            "type": "object",
            "properties": {"depth": {"type": "integer"}},
            "required": ["depth"],
            "additionalProperties": false
        }
    },
    "required": ["text"],
    "additionalProperties": false
})"_s;

} // namespace

class TestToolRegistry : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void registration();
    void refusesDuplicatesAndBadNames();
    void definitionsForAllowedTools();
    void unknownTool();
    void validation_data();
    void validation();
    void rawArguments_data();
    void rawArguments();
    void builtins();
    void builtinSchemasAreObjects();
    void typeNames();
};

void TestToolRegistry::registration()
{
    ToolRegistry registry;
    QVERIFY(registry.names().isEmpty());
    auto echo = std::make_unique<EchoTool>(u"echo"_s);
    const EchoTool *raw = echo.get();
    QVERIFY(registry.registerTool(std::move(echo)));
    QVERIFY(registry.registerTool(std::make_unique<EchoTool>(u"danger"_s, true)));

    QCOMPARE(registry.names(), (QStringList { u"echo"_s, u"danger"_s }));
    QVERIFY(registry.contains(u"echo"_s));
    QCOMPARE(registry.tool(u"echo"_s), raw);
    QCOMPARE(registry.tool(u"missing"_s), nullptr);
    QVERIFY(!registry.isCritical(u"echo"_s));
    QVERIFY(registry.isCritical(u"danger"_s));
    QVERIFY(!registry.isCritical(u"missing"_s));

    ToolContext context;
    context.conversationId = 7;
    const ToolResult result = registry.run(u"echo"_s, QJsonObject { { u"a"_s, 1 } }, context);
    QVERIFY(result.ok);
    QCOMPARE(result.output, u"{\"a\":1,\"conversation\":7}"_s);
    QCOMPARE(raw->runs, 1);

    // A moved registry keeps its tools.
    ToolRegistry moved = std::move(registry);
    QCOMPARE(moved.names(), (QStringList { u"echo"_s, u"danger"_s }));
    QCOMPARE(moved.tool(u"echo"_s), raw);
}

void TestToolRegistry::refusesDuplicatesAndBadNames()
{
    ToolRegistry registry;
    QVERIFY(registry.registerTool(std::make_unique<EchoTool>(u"echo"_s)));
    QTest::ignoreMessage(QtWarningMsg, "Refused to register a second tool named \"echo\"");
    QVERIFY(!registry.registerTool(std::make_unique<EchoTool>(u"echo"_s, true)));
    QVERIFY(!registry.isCritical(u"echo"_s)); // the first one stays

    QTest::ignoreMessage(QtWarningMsg, "Refused to register a null tool");
    QVERIFY(!registry.registerTool(nullptr));
    QTest::ignoreMessage(QtWarningMsg, "Refused to register a tool with an invalid name: \"\"");
    QVERIFY(!registry.registerTool(std::make_unique<EchoTool>(QString())));
    QTest::ignoreMessage(QtWarningMsg, "Refused to register a tool with an invalid name: \"two words\"");
    QVERIFY(!registry.registerTool(std::make_unique<EchoTool>(u"two words"_s)));
    const QString tooLong(65, u'x');
    QTest::ignoreMessage(
        QtWarningMsg, qPrintable(u"Refused to register a tool with an invalid name: \"%1\""_s.arg(tooLong)));
    QVERIFY(!registry.registerTool(std::make_unique<EchoTool>(tooLong)));
    QVERIFY(registry.registerTool(std::make_unique<EchoTool>(u"with-dash_and_9"_s)));

    QCOMPARE(registry.names(), (QStringList { u"echo"_s, u"with-dash_and_9"_s }));
}

void TestToolRegistry::definitionsForAllowedTools()
{
    ToolRegistry registry;
    for (const QString &name : { u"alpha"_s, u"beta"_s, u"gamma"_s, u"delta"_s })
        QVERIFY(registry.registerTool(std::make_unique<EchoTool>(name)));

    const auto namesOf = [](const QList<ToolDefinition> &definitions) {
        QStringList names;
        for (const ToolDefinition &definition : definitions)
            names << definition.name;
        return names;
    };

    QCOMPARE(namesOf(registry.definitions()), (QStringList { u"alpha"_s, u"beta"_s, u"gamma"_s, u"delta"_s }));
    // Registration order, whatever order the agent lists them in; duplicates once.
    QCOMPARE(namesOf(registry.definitions({ u"delta"_s, u"alpha"_s, u"gamma"_s, u"alpha"_s })),
        (QStringList { u"alpha"_s, u"gamma"_s, u"delta"_s }));
    QCOMPARE(namesOf(registry.definitions(QStringList {})), QStringList {});

    QTest::ignoreMessage(QtWarningMsg, "An agent allows the unknown tool \"nope\"");
    QCOMPARE(namesOf(registry.definitions({ u"nope"_s, u"beta"_s })), (QStringList { u"beta"_s }));

    const QList<ToolDefinition> definitions = registry.definitions({ u"beta"_s });
    QCOMPARE(definitions.size(), 1);
    QCOMPARE(definitions.first().description, u"Echoes its arguments."_s);
    QCOMPARE(definitions.first().parameters, (QJsonObject { { u"type"_s, u"object"_s } }));
}

void TestToolRegistry::unknownTool()
{
    const ToolRegistry registry = ToolRegistry::withBuiltins();
    const ToolResult result = registry.run(u"rm_rf"_s, QJsonObject {}, ToolContext {});
    QVERIFY(!result.ok);
    QCOMPARE(result.error, u"Unknown tool \"rm_rf\"."_s);
    QCOMPARE(result.output, QString());
    QCOMPARE(result.modelOutput(), u"{\"error\":\"Unknown tool \\\"rm_rf\\\".\"}"_s);

    QCOMPARE(registry.run(u"rm_rf"_s, u"not json"_s, ToolContext {}).error, u"Unknown tool \"rm_rf\"."_s);
    QCOMPARE(registry.validateArguments(u"rm_rf"_s, {}), u"Unknown tool \"rm_rf\"."_s);
}

void TestToolRegistry::validation_data()
{
    QTest::addColumn<QString>("arguments");
    QTest::addColumn<QString>("error"); // empty: valid

    QTest::newRow("only the required") << uR"({"text": "hi"})"_s << QString();
    QTest::newRow("everything") << uR"({"text": "hi", "ratio": 0.5, "count": 3, "flag": true, "unit": "f",
        "maybe": null, "tags": ["a", "b"], "options": {"depth": 2}})"_s
                                << QString();
    QTest::newRow("integer as a number") << uR"({"text": "hi", "ratio": 1})"_s << QString();
    QTest::newRow("integer written with a fraction of zero") << uR"({"text": "hi", "count": 3.0})"_s << QString();
    QTest::newRow("nullable with a string") << uR"({"text": "hi", "maybe": "x"})"_s << QString();
    QTest::newRow("empty array") << uR"({"text": "hi", "tags": []})"_s << QString();

    QTest::newRow("missing required") << u"{}"_s << u"\"text\" is required."_s;
    QTest::newRow("string expected") << uR"({"text": 5})"_s << u"\"text\" must be of type string, not integer."_s;
    QTest::newRow("number expected") << uR"({"text": "hi", "ratio": "0.5"})"_s
                                     << u"\"ratio\" must be of type number, not string."_s;
    QTest::newRow("integer expected") << uR"({"text": "hi", "count": 2.5})"_s
                                      << u"\"count\" must be of type integer, not number."_s;
    QTest::newRow("boolean expected") << uR"({"text": "hi", "flag": "true"})"_s
                                      << u"\"flag\" must be of type boolean, not string."_s;
    QTest::newRow("object expected") << uR"({"text": "hi", "options": [1]})"_s
                                     << u"\"options\" must be of type object, not array."_s;
    QTest::newRow("array expected") << uR"({"text": "hi", "tags": "a"})"_s
                                    << u"\"tags\" must be of type array, not string."_s;
    QTest::newRow("null not allowed") << uR"({"text": null})"_s << u"\"text\" must be of type string, not null."_s;
    QTest::newRow("type list") << uR"({"text": "hi", "maybe": 1})"_s
                               << u"\"maybe\" must be of type string or null, not integer."_s;
    QTest::newRow("enum") << uR"({"text": "hi", "unit": "k"})"_s
                          << u"\"unit\" must be one of \"c\", \"f\", not \"k\"."_s;
    QTest::newRow("too short") << uR"({"text": ""})"_s << u"\"text\" must have at least 1 character(s)."_s;
    QTest::newRow("too long") << uR"({"text": "abcdef"})"_s << u"\"text\" must have at most 5 character(s)."_s;
    QTest::newRow("below minimum") << uR"({"text": "hi", "ratio": -0.1})"_s << u"\"ratio\" must be at least 0."_s;
    QTest::newRow("above maximum") << uR"({"text": "hi", "ratio": 1.5})"_s << u"\"ratio\" must be at most 1."_s;
    QTest::newRow("unknown property") << uR"({"text": "hi", "colour": "red"})"_s
                                      << u"\"colour\" is not an accepted argument (accepted: count, flag, maybe, "
                                         "options, ratio, tags, text, unit)."_s;
    QTest::newRow("array item") << uR"({"text": "hi", "tags": ["a", 2]})"_s
                                << u"\"tags[1]\" must be of type string, not integer."_s;
    QTest::newRow("nested required") << uR"({"text": "hi", "options": {}})"_s << u"\"options.depth\" is required."_s;
    QTest::newRow("nested type") << uR"({"text": "hi", "options": {"depth": "deep"}})"_s
                                 << u"\"options.depth\" must be of type integer, not string."_s;
    QTest::newRow("nested unknown property") << uR"({"text": "hi", "options": {"depth": 1, "width": 2}})"_s
                                             << u"\"options.width\" is not an accepted argument (accepted: depth)."_s;
}

void TestToolRegistry::validation()
{
    QFETCH(QString, arguments);
    QFETCH(QString, error);

    ToolRegistry registry;
    auto echo = std::make_unique<EchoTool>(u"checked"_s, false, parseObject(kSchema));
    const EchoTool *raw = echo.get();
    QVERIFY(registry.registerTool(std::move(echo)));

    const QJsonObject object = parseObject(arguments);
    QCOMPARE(JsonSchemaValidator::validate(parseObject(kSchema), object), error);

    const ToolResult result = registry.run(u"checked"_s, object, ToolContext {});
    if (error.isEmpty()) {
        QCOMPARE(registry.validateArguments(u"checked"_s, object), QString());
        QVERIFY2(result.ok, qPrintable(result.error));
        QCOMPARE(raw->runs, 1);
    } else {
        const QString expected = u"Invalid arguments for checked: "_s + error;
        QCOMPARE(registry.validateArguments(u"checked"_s, object), expected);
        QVERIFY(!result.ok);
        QCOMPARE(result.error, expected);
        QCOMPARE(raw->runs, 0); // the tool never saw them
    }
}

void TestToolRegistry::rawArguments_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<QString>("text");

    QTest::newRow("object") << uR"({"text":"hi"})"_s << true << uR"({"conversation":0,"text":"hi"})"_s;
    QTest::newRow("empty text means no arguments")
        << u"  "_s << false << u"Invalid arguments for checked: \"text\" is required."_s;
    QTest::newRow("malformed") << uR"({"text": )"_s << false
                               << u"The arguments for checked are not valid JSON (unterminated object at offset 9)."_s;
    QTest::newRow("array") << u"[1]"_s << false << u"The arguments for checked must be a JSON object."_s;
    QTest::newRow("truncated stream")
        << uR"({"text":"h)"_s << false
        << u"The arguments for checked are not valid JSON (unterminated string at offset 11)."_s;
}

void TestToolRegistry::rawArguments()
{
    QFETCH(QString, json);
    QFETCH(bool, ok);
    QFETCH(QString, text);

    ToolRegistry registry;
    QVERIFY(registry.registerTool(std::make_unique<EchoTool>(u"checked"_s, false, parseObject(kSchema))));
    const ToolResult result = registry.run(u"checked"_s, json, ToolContext {});
    QCOMPARE(result.ok, ok);
    QCOMPARE(ok ? result.output : result.error, text);
}

void TestToolRegistry::builtins()
{
    const ToolRegistry registry = ToolRegistry::withBuiltins();
    QCOMPARE(registry.names(),
        (QStringList { u"current_datetime"_s, u"calculator"_s, u"list_files"_s, u"read_file"_s, u"write_file"_s,
            u"delete_file"_s, u"create_task"_s, u"complete_task"_s, u"update_task"_s, u"search_tasks"_s,
            u"delete_task"_s, u"get_task_stats"_s, u"get_stale_tasks"_s, u"run_command"_s, u"git_status"_s,
            u"git_diff"_s, u"git_commit"_s, u"git_push"_s }));
    QVERIFY(registry.isCritical(u"delete_task"_s));
    QVERIFY(registry.isCritical(u"run_command"_s));
    QVERIFY(registry.isCritical(u"git_push"_s));
    QVERIFY(!registry.allowsAlways(u"git_push"_s));
    QVERIFY(registry.allowsAlways(u"run_command"_s));
    QVERIFY(!registry.isCritical(u"create_task"_s));
    QVERIFY(registry.changesTasks(u"create_task"_s));
    QVERIFY(!registry.changesTasks(u"search_tasks"_s));

    QVERIFY(!registry.isCritical(u"current_datetime"_s));
    QVERIFY(!registry.isCritical(u"calculator"_s));
    QVERIFY(!registry.isCritical(u"list_files"_s));
    QVERIFY(!registry.isCritical(u"read_file"_s));
    QVERIFY(registry.isCritical(u"write_file"_s));
    QVERIFY(registry.isCritical(u"delete_file"_s));

    // Runs through the registry check the arguments first.
    QCOMPARE(registry.run(u"calculator"_s, uR"({"expression":"2^10"})"_s, ToolContext {}).output,
        uR"({"expression":"2^10","result":"1024"})"_s);
    QCOMPARE(registry.run(u"calculator"_s, QJsonObject {}, ToolContext {}).error,
        u"Invalid arguments for calculator: \"expression\" is required."_s);
    QCOMPARE(registry.run(u"read_file"_s, uR"({"path":"a","mode":"x"})"_s, ToolContext {}).error,
        u"Invalid arguments for read_file: \"mode\" is not an accepted argument (accepted: path)."_s);
    QCOMPARE(registry.run(u"current_datetime"_s, uR"({"tz":"UTC"})"_s, ToolContext {}).error,
        u"Invalid arguments for current_datetime: \"tz\" is not an accepted argument (accepted: timezone)."_s);
    QCOMPARE(registry.run(u"list_files"_s, uR"({"recursive":"yes"})"_s, ToolContext {}).error,
        u"Invalid arguments for list_files: \"recursive\" must be of type boolean, not string."_s);
}

void TestToolRegistry::builtinSchemasAreObjects()
{
    const ToolRegistry registry = ToolRegistry::withBuiltins();
    const QList<ToolDefinition> definitions = registry.definitions();
    QCOMPARE(definitions.size(), 18);
    for (const ToolDefinition &definition : definitions) {
        const QJsonObject schema = definition.parameters;
        QVERIFY2(!definition.description.isEmpty(), qPrintable(definition.name));
        QCOMPARE(schema.value(u"type").toString(), u"object"_s);
        QVERIFY2(schema.value(u"properties").isObject(), qPrintable(definition.name));
        QCOMPARE(schema.value(u"additionalProperties"), QJsonValue(false));
        const QJsonObject properties = schema.value(u"properties").toObject();
        for (auto it = properties.constBegin(); it != properties.constEnd(); ++it) {
            const QJsonObject property = it.value().toObject();
            QVERIFY2(property.value(u"type").isString(), qPrintable(definition.name + u'.' + it.key()));
            QVERIFY2(
                !property.value(u"description").toString().isEmpty(), qPrintable(definition.name + u'.' + it.key()));
        }
        if (schema.contains(u"required")) {
            QVERIFY(schema.value(u"required").isArray());
            QVERIFY(!schema.value(u"required").toArray().isEmpty());
            for (const QJsonValue &required : schema.value(u"required").toArray())
                QVERIFY2(properties.contains(required.toString()), qPrintable(definition.name));
        }
        // What a model sends with no arguments must be judged by the schema alone, never crash a tool.
        QVERIFY(QJsonDocument(schema).toJson().size() > 0);
    }
}

void TestToolRegistry::typeNames()
{
    QCOMPARE(JsonSchemaValidator::typeName(QJsonValue(u"x"_s)), u"string"_s);
    QCOMPARE(JsonSchemaValidator::typeName(QJsonValue(2)), u"integer"_s);
    QCOMPARE(JsonSchemaValidator::typeName(QJsonValue(2.5)), u"number"_s);
    QCOMPARE(JsonSchemaValidator::typeName(QJsonValue(true)), u"boolean"_s);
    QCOMPARE(JsonSchemaValidator::typeName(QJsonValue(QJsonObject {})), u"object"_s);
    QCOMPARE(JsonSchemaValidator::typeName(QJsonValue(QJsonArray {})), u"array"_s);
    QCOMPARE(JsonSchemaValidator::typeName(QJsonValue()), u"null"_s);
}

QTEST_GUILESS_MAIN(TestToolRegistry)
#include "tst_toolregistry.moc"
