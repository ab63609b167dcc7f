#include "ExportFormat.h"

#include "domain/EnumNames.h"

namespace Tandem {

namespace {
constexpr EnumName<ExportFormat> kFormats[] = {
    { ExportFormat::Markdown, u"md" },
    { ExportFormat::Json, u"json" },
    { ExportFormat::Html, u"html" },
    { ExportFormat::Pdf, u"pdf" },
    { ExportFormat::PlainText, u"txt" },
};
} // namespace

QString exportFormatName(ExportFormat format)
{
    return nameOf(kFormats, format);
}

std::optional<ExportFormat> exportFormatFromName(QStringView name)
{
    return valueOf(kFormats, name);
}

} // namespace Tandem
