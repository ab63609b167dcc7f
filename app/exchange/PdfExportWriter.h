#pragma once

#include "ConversationWriter.h"
#include "ExportDocument.h"
#include "ExportText.h"

#include <QTextCursor>

namespace Tandem {

/// @brief A PDF through Qt's own writer (QPdfWriter): the conversation laid out as a QTextDocument, bubbles as
/// tinted frames, dividers as coloured lines, paginated on A4 with page numbers; fonts are embedded, so any script
/// (Cyrillic included) reads and extracts as text. Needs a QGuiApplication (fonts).
class PdfExportWriter final : public ConversationWriter
{
public:
    PdfExportWriter();
    void beginConversation(const ConversationArchive &archive, const QList<Agent> &agents) override;
    void writeMessages(const QList<Message> &messages) override;
    void endConversation() override;

private:
    void writeFooter() override;
    void insertBubble(
        const QString &label, const QColor &labelColor, const QColor &fill, const QString &html, bool right = false);

    ExportText::Context m_context;
    ExportDocument m_document;
    ExportDocument m_scratch; ///< turns one message's Markdown into safe HTML
    QTextCursor m_cursor;
    int m_conversations = 0;
};

} // namespace Tandem
