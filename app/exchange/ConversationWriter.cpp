#include "ConversationWriter.h"

#include "HtmlWriter.h"
#include "JsonWriter.h"
#include "MarkdownWriter.h"
#include "PdfExportWriter.h"
#include "TextWriter.h"

#include <QIODevice>

namespace Tandem {

namespace {
// Text is converted and written in chunks of about this many characters.
constexpr qsizetype kChunk = 256 * 1024;
} // namespace

ConversationWriter::~ConversationWriter() = default;

std::unique_ptr<ConversationWriter> ConversationWriter::create(ExportFormat format)
{
    switch (format) {
    case ExportFormat::Markdown:
        return std::make_unique<MarkdownWriter>();
    case ExportFormat::Json:
        return std::make_unique<JsonWriter>();
    case ExportFormat::Html:
        return std::make_unique<HtmlWriter>();
    case ExportFormat::Pdf:
        return std::make_unique<PdfExportWriter>();
    case ExportFormat::PlainText:
        return std::make_unique<TextWriter>();
    }
    return nullptr;
}

void ConversationWriter::beginDocument(QIODevice *out, const QDateTime &exportedAt)
{
    m_out = out;
    m_exportedAt = exportedAt;
    m_pending.clear();
    m_pending.reserve(kChunk + kChunk / 4);
    m_failed = false;
    writeHeader();
}

bool ConversationWriter::endDocument()
{
    writeFooter();
    return flush() && !m_failed;
}

void ConversationWriter::put(QStringView text)
{
    m_pending.append(text);
    if (m_pending.size() >= kChunk)
        flush();
}

bool ConversationWriter::flush()
{
    if (m_pending.isEmpty() || !m_out)
        return !m_failed;
    const QByteArray bytes = m_pending.toUtf8();
    m_pending.clear();
    if (m_out->write(bytes) != bytes.size())
        m_failed = true;
    return !m_failed;
}

} // namespace Tandem
