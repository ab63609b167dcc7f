#pragma once

#include "agents/ToolContext.h"
#include "agents/ToolResult.h"
#include "llm/LlmTypes.h"

#include <QJsonObject>

namespace Tandem {

/// @brief A function tool the model may call: its definition for the model and its implementation.
///
/// run() receives arguments that ToolRegistry has already checked against definition().parameters, so a tool
/// only checks what the schema cannot say (a valid time zone, a path inside the workspace). Approval of
/// critical tools is the runner's business, not the tool's.
class Tool
{
public:
    Tool() = default;
    virtual ~Tool();
    Q_DISABLE_COPY_MOVE(Tool)

    /// @brief The name, description and JSON-schema parameters offered to the model.
    virtual ToolDefinition definition() const = 0;
    /// @brief True if a person must approve each call before it runs (it changes or destroys something).
    virtual bool isCritical() const { return false; }
    /// @brief True if a successful call may change the task list or the pending confirmation (the façade then
    /// announces tasksChanged).
    virtual bool changesTasks() const { return false; }
    /// @brief Runs the tool synchronously with schema-valid @p arguments.
    virtual ToolResult run(const QJsonObject &arguments, const ToolContext &context) const = 0;
};

} // namespace Tandem
