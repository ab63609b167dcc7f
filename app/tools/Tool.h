#pragma once

#include "llm/LlmTypes.h"
#include "tools/ToolContext.h"
#include "tools/ToolResult.h"

#include <QCoreApplication>
#include <QJsonObject>

namespace Tandem {

class ToolJob;

/// @brief A function tool the model may call: its definition for the model and its implementation.
///
/// run() receives arguments that ToolRegistry has already checked against definition().parameters, so a tool
/// only checks what the schema cannot say (a valid time zone, a path inside the workspace). Approval of
/// critical tools is the runner's business, not the tool's.
///
/// The engine starts a call with start() and waits for its ToolJob, outside any transaction. A tool whose work is short
/// implements run() and keeps start()'s default; one that takes long (a process, a server) overrides start().
class Tool
{
    Q_DECLARE_TR_FUNCTIONS(Tool)

public:
    Tool() = default;
    virtual ~Tool();
    Q_DISABLE_COPY_MOVE(Tool)

    /// @brief The name, description and JSON-schema parameters offered to the model.
    virtual ToolDefinition definition() const = 0;
    /// @brief True if a person must approve each call before it runs (it changes or destroys something).
    virtual bool isCritical() const { return false; }
    /// @brief False if the person must approve every call, whatever the settings or an earlier "always for this
    /// conversation" say (git_push): the approval then offers no "always".
    virtual bool allowsAlways() const { return true; }
    /// @brief True if a successful call may change the task list or the pending confirmation (the façade then
    /// announces tasksChanged).
    virtual bool changesTasks() const { return false; }
    /// @brief Runs the tool synchronously with schema-valid @p arguments.
    virtual ToolResult run(const QJsonObject &arguments, const ToolContext &context) const = 0;
    /// @brief Starts a call with schema-valid @p arguments; the job belongs to the caller until it ends. By default a
    /// job that calls execute() on the next turn of the event loop.
    virtual ToolJob *start(const QJsonObject &arguments, const ToolContext &context) const;
    /// @brief run(), inside a transaction of its own for a tool that changes the task list (changesTasks()): the
    /// transaction lasts as long as the tool's statements, committed if it succeeded, rolled back if not.
    ToolResult execute(const QJsonObject &arguments, const ToolContext &context) const;
};

} // namespace Tandem
