#pragma once

#include <QJsonObject>
#include <QString>

namespace Tandem {

/// @brief One tool as the server listed it (tools/list).
struct McpToolInfo
{
    QString name;
    QString title;
    QString description;
    QJsonObject inputSchema;
    QJsonObject outputSchema; ///< empty: the tool promises no structured content
    bool readOnly = false; ///< annotations.readOnlyHint: a hint the server gives, used only to spare an approval

    /// @brief The tool of one entry of tools/list's `tools`.
    static McpToolInfo fromJson(const QJsonObject &tool);
};

} // namespace Tandem
