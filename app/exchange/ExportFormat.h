#pragma once

#include <QString>
#include <QStringView>

#include <optional>

namespace Tandem {

/// @brief The formats a conversation can be exported to. Only Json can be imported again.
enum class ExportFormat { Markdown, Json, Html, Pdf, PlainText };

/// @brief The name on the command line and in the settings: "md", "json", "html", "pdf", "txt".
QString exportFormatName(ExportFormat format);
std::optional<ExportFormat> exportFormatFromName(QStringView name);
/// @brief The file name suffix, without the dot (the same as the name).
inline QString exportFormatSuffix(ExportFormat format)
{
    return exportFormatName(format);
}

} // namespace Tandem
