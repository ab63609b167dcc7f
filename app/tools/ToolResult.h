#pragma once

#include <QJsonObject>
#include <QString>

namespace Tandem {

/// @brief What one tool run produced: an output for the model, or a clear error.
struct ToolResult
{
    bool ok = false;
    QString output; ///< sent back to the model when ok; the built-in tools write one compact JSON object
    QString error; ///< one translated sentence saying what went wrong and, where it helps, what to do instead

    /// @brief A successful result with @p output as its text.
    static ToolResult success(const QString &output) { return { true, output, {} }; }
    /// @brief A successful result with @p output written as compact JSON.
    static ToolResult success(const QJsonObject &output);
    /// @brief A failed result with @p error as its message.
    static ToolResult failure(const QString &error) { return { false, {}, error }; }

    /// @brief The text the model receives: the output, or `{"error":"..."}` for a failure, so that every call
    /// gets an answer.
    QString modelOutput() const;
};

} // namespace Tandem
