#include "LaunchTool.h"

#include "EngineHarness.h"

#include <QJsonArray>
#include <QTest>

using namespace Qt::StringLiterals;

namespace Tandem::Test {

ToolDefinition LaunchTool::definition() const
{
    return { u"launch"_s, u"Launches a rocket."_s,
        QJsonObject { { u"type"_s, u"object"_s },
            { u"properties"_s, QJsonObject { { u"target"_s, QJsonObject { { u"type"_s, u"string"_s } } } } },
            { u"required"_s, QJsonArray { u"target"_s } } },
        false };
}

ToolResult LaunchTool::run(const QJsonObject &arguments, const ToolContext &) const
{
    return ToolResult::success(QJsonObject { { u"launched_to"_s, arguments.value(u"target"_s) } });
}

void LaunchTool::giveAssistant(EngineHarness &harness, const QStringList &tools, const QString &instructions)
{
    QVERIFY(harness.tools().registerTool(std::make_unique<LaunchTool>()));
    Agent assistant;
    assistant.id = u"assistant"_s;
    assistant.name = u"Assistant"_s;
    assistant.instructions = instructions;
    assistant.allowedTools = tools;
    QVERIFY(harness.saveAgent(assistant));
}

} // namespace Tandem::Test
