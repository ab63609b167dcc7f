#include "ToolRegistry.h"

#include "domain/Logging.h"
#include "tools/CalculatorTool.h"
#include "tools/CompleteTaskTool.h"
#include "tools/CreateTaskTool.h"
#include "tools/CurrentDateTimeTool.h"
#include "tools/DeleteFileTool.h"
#include "tools/DeleteTaskTool.h"
#include "tools/GetStaleTasksTool.h"
#include "tools/GetTaskStatsTool.h"
#include "tools/GitCommitTool.h"
#include "tools/GitDiffTool.h"
#include "tools/GitPushTool.h"
#include "tools/GitStatusTool.h"
#include "tools/JsonSchemaValidator.h"
#include "tools/ListFilesTool.h"
#include "tools/ReadFileTool.h"
#include "tools/RunCommandTool.h"
#include "tools/SearchTasksTool.h"
#include "tools/ToolJob.h"
#include "tools/UpdateTaskTool.h"
#include "tools/WriteFileTool.h"

#include <QJsonDocument>
#include <QJsonParseError>
#include <QSet>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

// What OpenAI accepts as a function name; local servers accept at least this.
bool isValidToolName(const QString &name)
{
    if (name.isEmpty() || name.size() > 64)
        return false;
    for (const QChar c : name) {
        const bool ok = (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || (c >= u'0' && c <= u'9') || c == u'_'
            || c == u'-';
        if (!ok)
            return false;
    }
    return true;
}

} // namespace

ToolRegistry::ToolRegistry() = default;
ToolRegistry::~ToolRegistry() = default;
ToolRegistry::ToolRegistry(ToolRegistry &&other) noexcept = default;
ToolRegistry &ToolRegistry::operator=(ToolRegistry &&other) noexcept = default;

ToolRegistry ToolRegistry::withBuiltins()
{
    ToolRegistry registry;
    registry.registerTool(std::make_unique<CurrentDateTimeTool>());
    registry.registerTool(std::make_unique<CalculatorTool>());
    registry.registerTool(std::make_unique<ListFilesTool>());
    registry.registerTool(std::make_unique<ReadFileTool>());
    registry.registerTool(std::make_unique<WriteFileTool>());
    registry.registerTool(std::make_unique<DeleteFileTool>());
    // Router mode's task tools.
    registry.registerTool(std::make_unique<CreateTaskTool>());
    registry.registerTool(std::make_unique<CompleteTaskTool>());
    registry.registerTool(std::make_unique<UpdateTaskTool>());
    registry.registerTool(std::make_unique<SearchTasksTool>());
    registry.registerTool(std::make_unique<DeleteTaskTool>());
    registry.registerTool(std::make_unique<GetTaskStatsTool>());
    registry.registerTool(std::make_unique<GetStaleTasksTool>());
    // Issue #26: commands and git, in the sandbox.
    registry.registerTool(std::make_unique<RunCommandTool>());
    registry.registerTool(std::make_unique<GitStatusTool>());
    registry.registerTool(std::make_unique<GitDiffTool>());
    registry.registerTool(std::make_unique<GitCommitTool>());
    registry.registerTool(std::make_unique<GitPushTool>());
    return registry;
}

bool ToolRegistry::registerTool(std::unique_ptr<Tool> tool)
{
    if (!addTool(tool.get()))
        return false;
    m_owned.push_back(std::move(tool));
    return true;
}

bool ToolRegistry::addTool(const Tool *tool)
{
    if (!tool) {
        qCWarning(lcAgents) << "Refused to register a null tool";
        return false;
    }
    ToolDefinition definition = tool->definition();
    if (!isValidToolName(definition.name)) {
        qCWarning(lcAgents) << "Refused to register a tool with an invalid name:" << definition.name;
        return false;
    }
    if (m_byName.contains(definition.name)) {
        qCWarning(lcAgents) << "Refused to register a second tool named" << definition.name;
        return false;
    }
    m_byName.insert(definition.name, qsizetype(m_tools.size()));
    m_tools.push_back(tool);
    m_definitions.append(std::move(definition));
    return true;
}

QList<const Tool *> ToolRegistry::tools() const
{
    return QList<const Tool *>(m_tools.cbegin(), m_tools.cend());
}

const Tool *ToolRegistry::tool(const QString &name) const
{
    const auto found = m_byName.constFind(name);
    return found == m_byName.cend() ? nullptr : m_tools.at(size_t(*found));
}

QStringList ToolRegistry::names() const
{
    QStringList result;
    result.reserve(m_definitions.size());
    for (const ToolDefinition &definition : m_definitions)
        result.append(definition.name);
    return result;
}

bool ToolRegistry::changesTasks(const QString &name) const
{
    const Tool *found = tool(name);
    return found && found->changesTasks();
}

bool ToolRegistry::allowsAlways(const QString &name) const
{
    const Tool *found = tool(name);
    return !found || found->allowsAlways();
}

bool ToolRegistry::isCritical(const QString &name) const
{
    const Tool *found = tool(name);
    return found && found->isCritical();
}

QList<ToolDefinition> ToolRegistry::definitions() const
{
    return m_definitions;
}

QList<ToolDefinition> ToolRegistry::definitions(const QStringList &allowed) const
{
    const QSet<QString> wanted(allowed.cbegin(), allowed.cend());
    for (const QString &name : wanted)
        if (!m_byName.contains(name))
            qCWarning(lcAgents) << "An agent allows the unknown tool" << name;

    QList<ToolDefinition> result;
    for (const ToolDefinition &definition : m_definitions)
        if (wanted.contains(definition.name))
            result.append(definition);
    return result;
}

QString ToolRegistry::validateArguments(const QString &name, const QJsonObject &arguments) const
{
    const auto found = m_byName.constFind(name);
    if (found == m_byName.cend())
        return tr("Unknown tool \"%1\".").arg(name);
    const QString error = JsonSchemaValidator::validate(m_definitions.at(*found).parameters, arguments);
    if (error.isEmpty())
        return {};
    return tr("Invalid arguments for %1: %2").arg(name, error);
}

ToolResult ToolRegistry::run(const QString &name, const QJsonObject &arguments, const ToolContext &context) const
{
    const Tool *found = tool(name);
    if (!found) {
        qCInfo(lcAgents) << "The model called the unknown tool" << name;
        return ToolResult::failure(tr("Unknown tool \"%1\".").arg(name));
    }
    const QString error = validateArguments(name, arguments);
    if (!error.isEmpty()) {
        qCInfo(lcAgents) << "Invalid arguments for" << name << ":" << error;
        return ToolResult::failure(error);
    }
    ToolResult result = found->execute(arguments, context);
    qCDebug(lcAgents) << "Tool" << name << (result.ok ? "succeeded" : "failed") << "for conversation"
                      << context.conversationId;
    return result;
}

ToolResult ToolRegistry::run(const QString &name, const QString &argumentsJson, const ToolContext &context) const
{
    QJsonObject arguments;
    if (const std::optional<ToolError> error = parse(name, argumentsJson, &arguments);
        error && error->type != ToolError::Type::UnknownTool)
        return ToolResult::failure(error->message);
    return run(name, arguments, context);
}

ToolJob *ToolRegistry::start(const QString &name, const QString &argumentsJson, const ToolContext &context) const
{
    QJsonObject arguments;
    std::optional<ToolError> error = parse(name, argumentsJson, &arguments);
    if (!error)
        if (const QString invalid = validateArguments(name, arguments); !invalid.isEmpty())
            error = ToolError { ToolError::Type::InvalidArguments, invalid };
    if (error) {
        qCInfo(lcAgents) << "Tool" << name << "refused:" << ToolError::typeName(error->type);
        return ToolJob::failing(*error);
    }
    qCDebug(lcAgents) << "Tool" << name << "started for conversation" << context.conversationId;
    return tool(name)->start(arguments, context);
}

std::optional<ToolError> ToolRegistry::parse(
    const QString &name, const QString &argumentsJson, QJsonObject *arguments) const
{
    if (!contains(name))
        return ToolError { ToolError::Type::UnknownTool, tr("Unknown tool \"%1\".").arg(name) };
    if (argumentsJson.trimmed().isEmpty())
        return std::nullopt;

    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(argumentsJson.toUtf8(), &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return ToolError { ToolError::Type::InvalidArguments,
            tr("The arguments for %1 are not valid JSON (%2 at offset %3).")
                .arg(name, parseError.errorString())
                .arg(parseError.offset) };
    if (!document.isObject())
        return ToolError { ToolError::Type::InvalidArguments,
            tr("The arguments for %1 must be a JSON object.").arg(name) };
    *arguments = document.object();
    return std::nullopt;
}

} // namespace Tandem
