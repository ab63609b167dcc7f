#pragma once

#include "tools/ToolResult.h"

#include <QCoreApplication>
#include <QJsonObject>

namespace Tandem {

/// @brief What a tools/call result becomes for the model: every content type (text, image, audio, resource link,
/// embedded resource) and `structuredContent` checked against the tool's `outputSchema`; `isError` is a failed call.
class McpCallResult
{
    Q_DECLARE_TR_FUNCTIONS(McpCallResult)

public:
    /// @brief The ToolResult of @p result for a tool promising @p outputSchema (empty: none).
    ///
    /// Text alone stays text. Otherwise the output is one JSON object `{"content":[...],"structuredContent":...}` in
    /// which images, audio and binary resources keep their type, MIME type and size but not their bytes: a tool
    /// output is text to the model.
    static ToolResult toToolResult(const QJsonObject &result, const QJsonObject &outputSchema);
};

} // namespace Tandem
