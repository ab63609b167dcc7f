#pragma once

#include "llm/LlmTypes.h"
#include "tools/Tool.h"
#include "tools/ToolContext.h"
#include "tools/ToolError.h"
#include "tools/ToolResult.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

namespace Tandem {

class ToolJob;

/// @brief The tools an agent may call, by name: their definitions for the model, argument checks and runs.
///
/// Tools keep the order they were registered in, so the definitions sent to the model are stable from turn to
/// turn. run() checks the arguments against the tool's JSON schema (see JsonSchemaValidator) before the tool
/// sees them; every mistake becomes an error result, never a crash. Approval of critical tools is not done
/// here: the runner asks isCritical() and waits for the person before calling run().
class ToolRegistry
{
    Q_DECLARE_TR_FUNCTIONS(ToolRegistry)

public:
    ToolRegistry();
    ~ToolRegistry();
    ToolRegistry(ToolRegistry &&other) noexcept;
    ToolRegistry &operator=(ToolRegistry &&other) noexcept;
    Q_DISABLE_COPY(ToolRegistry)

    /// @brief A registry holding the built-in tools: current_datetime, calculator, list_files, read_file,
    /// write_file and delete_file, then the task tools (create_task, complete_task, update_task, search_tasks,
    /// delete_task, get_task_stats, get_stale_tasks), then run_command, git_status, git_diff, git_commit and
    /// git_push, in that order.
    static ToolRegistry withBuiltins();

    /// @brief Adds @p tool under its definition's name; false (and the tool is dropped) if it is null, its name
    /// is not a valid function name (letters, digits, '_' and '-', at most 64) or the name is taken.
    bool registerTool(std::unique_ptr<Tool> tool);
    /// @brief As registerTool(), for a tool the caller owns and keeps alive as long as this registry (a provider's).
    bool addTool(const Tool *tool);
    /// @brief Every tool, in registration order.
    QList<const Tool *> tools() const;

    /// @brief The tool named @p name, or nullptr.
    const Tool *tool(const QString &name) const;
    /// @brief True if a tool named @p name is registered.
    bool contains(const QString &name) const { return m_byName.contains(name); }
    /// @brief The names of all tools, in registration order.
    QStringList names() const;
    /// @brief True if @p name is a registered tool that needs approval; false for unknown names.
    bool isCritical(const QString &name) const;
    /// @brief False if @p name is a registered tool that must ask each time (Tool::allowsAlways); true otherwise.
    bool allowsAlways(const QString &name) const;
    /// @brief True if @p name is a registered tool that may change the task list (see Tool::changesTasks).
    bool changesTasks(const QString &name) const;

    /// @brief The definitions of every tool, in registration order.
    QList<ToolDefinition> definitions() const;
    /// @brief The definitions of the tools named in @p allowed, in registration order; unknown names are
    /// skipped (and logged), duplicates count once.
    QList<ToolDefinition> definitions(const QStringList &allowed) const;

    /// @brief An empty string if @p arguments fit the parameters of tool @p name, otherwise why not.
    QString validateArguments(const QString &name, const QJsonObject &arguments) const;

    /// @brief Checks @p arguments and runs tool @p name; an unknown tool or invalid arguments give an error.
    ToolResult run(const QString &name, const QJsonObject &arguments, const ToolContext &context) const;
    /// @brief As above, with the arguments as the raw JSON text the model wrote (empty = no arguments).
    ToolResult run(const QString &name, const QString &argumentsJson, const ToolContext &context) const;
    /// @brief Checks @p argumentsJson (the raw JSON text the model wrote) and starts tool @p name (Tool::start); an
    /// unknown tool or invalid arguments give a job that fails. The job belongs to the caller until it ends.
    ToolJob *start(const QString &name, const QString &argumentsJson, const ToolContext &context) const;

private:
    /// The arguments of a call of @p name as an object, or why they are refused.
    std::optional<ToolError> parse(const QString &name, const QString &argumentsJson, QJsonObject *arguments) const;

    // Each tool's definition is built once, when it is registered: every request and every tool call reads them,
    // and a definition is a JSON schema that is costly to build again each time.
    std::vector<std::unique_ptr<Tool>> m_owned; // the tools of registerTool()
    std::vector<const Tool *> m_tools;
    QList<ToolDefinition> m_definitions; // in registration order, m_definitions[i] is m_tools[i]'s
    QHash<QString, qsizetype> m_byName;
};

} // namespace Tandem
