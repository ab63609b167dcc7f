#include "PdfExportWriter.h"

#include "ExportPalette.h"
#include "HtmlWriter.h"

#include <QIODevice>
#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>
#include <QTextBlock>
#include <QTextFrame>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
QString labelOf(const Message &m, const QString &author, const QString &extra = {})
{
    QString line = author;
    if (!extra.isEmpty())
        line += u' ' + extra;
    const QString time = ExportText::timestamp(m.createdAt);
    if (!time.isEmpty())
        line += u" · "_s + time;
    const QString status = ExportText::statusNote(m);
    if (!status.isEmpty())
        line += u" · "_s + status;
    const QString usage = ExportText::usageNote(m.usage);
    if (!usage.isEmpty())
        line += u" · "_s + usage;
    return line;
}

QString pre(const QString &text)
{
    return u"<pre>"_s + text.toHtmlEscaped() + u"</pre>"_s;
}

QString plain(const QString &text)
{
    QString html = text.toHtmlEscaped();
    html.replace(u'\n', u"<br>"_s);
    return u"<p style=\"margin:0\">"_s + html + u"</p>"_s;
}
} // namespace

PdfExportWriter::PdfExportWriter()
    : m_cursor(&m_document)
{
    QFont font = m_document.defaultFont();
    font.setPointSizeF(10);
    m_document.setDefaultFont(font);
    m_scratch.setDefaultFont(font);
}

void PdfExportWriter::beginConversation(const ConversationArchive &archive, const QList<Agent> &agents)
{
    m_context = ExportText::context(archive, agents);
    const Conversation &c = archive.conversation;
    QTextBlockFormat title;
    title.setPageBreakPolicy(m_conversations++ > 0 ? QTextFormat::PageBreak_AlwaysBefore : QTextFormat::PageBreak_Auto);
    title.setBottomMargin(2);
    QTextCharFormat titleFont;
    titleFont.setFontPointSize(16);
    titleFont.setFontWeight(QFont::Bold);
    if (!m_document.isEmpty())
        m_cursor.insertBlock(title, titleFont);
    else {
        m_cursor.setBlockFormat(title);
        m_cursor.setBlockCharFormat(titleFont);
    }
    m_cursor.insertText(ExportText::title(c), titleFont);

    QString subtitle = ExportText::modeLabel(c.mode) + u" · "_s
        + ExportText::tr("started %1").arg(ExportText::timestamp(c.createdAt));
    if (!c.model.isEmpty())
        subtitle += u" · "_s + ExportText::tr("model %1").arg(c.model);
    if (const QString note = ExportText::branchNote(archive); !note.isEmpty())
        subtitle += u" · "_s + note;
    QTextBlockFormat sub;
    sub.setBottomMargin(8);
    QTextCharFormat muted;
    muted.setForeground(ExportPalette::muted());
    m_cursor.insertBlock(sub, muted);
    m_cursor.insertText(subtitle, muted);
}

void PdfExportWriter::insertBubble(
    const QString &label, const QColor &labelColor, const QColor &fill, const QString &html, bool right)
{
    QTextFrameFormat frame;
    frame.setBackground(fill);
    frame.setPadding(6);
    frame.setTopMargin(4);
    frame.setBottomMargin(4);
    frame.setLeftMargin(right ? 60 : 0);
    frame.setRightMargin(right ? 0 : 60);
    frame.setBorder(0);
    QTextFrame *bubble = m_cursor.insertFrame(frame);
    QTextCharFormat name;
    name.setFontWeight(QFont::Bold);
    name.setFontPointSize(8.5);
    name.setForeground(labelColor);
    m_cursor.setCharFormat(name);
    m_cursor.insertText(label, name);
    m_cursor.insertBlock(QTextBlockFormat(), QTextCharFormat());
    m_cursor.insertHtml(html);
    m_cursor = bubble->lastCursorPosition();
    m_cursor.movePosition(QTextCursor::NextBlock);
}

void PdfExportWriter::writeMessages(const QList<Message> &messages)
{
    for (const Message &m : messages) {
        const QString author = ExportText::author(m_context, m);
        switch (m.kind) {
        case Message::Kind::Divider: {
            const QColor color = ExportPalette::mix(HtmlWriter::dividerColor(m.divider), ExportPalette::text(), 0.2);
            QTextBlockFormat line;
            line.setAlignment(Qt::AlignHCenter);
            line.setTopMargin(6);
            line.setBottomMargin(6);
            QTextCharFormat text;
            text.setForeground(color);
            m_cursor.insertBlock(line, text);
            QTextCharFormat bold = text;
            bold.setFontWeight(QFont::Bold);
            m_cursor.insertText(u"── "_s + ExportText::dividerSymbol(m.divider) + u' '
                    + ExportText::dividerMeaning(m.divider) + u": "_s,
                bold);
            m_cursor.insertText(ExportText::dividerText(m_context, m) + u" ──"_s, text);
            break;
        }
        case Message::Kind::Error:
            insertBubble(labelOf(m, ExportText::tr("Error")), ExportPalette::error(),
                ExportPalette::mix(ExportPalette::base(), ExportPalette::error(), 0.08), plain(m.content.trimmed()));
            break;
        case Message::Kind::ToolCall: {
            QString extra = ExportText::tr("called %1").arg(m.toolName);
            const QString approval = ExportText::approvalNote(m_context, m);
            if (!approval.isEmpty())
                extra += u" ("_s + approval + u')';
            const QColor tint = QColor::fromString(HtmlWriter::agentColor(m.agentId));
            QString html = pre(m.content);
            const QString edited = ExportText::editedArguments(m_context, m);
            if (!edited.isEmpty())
                html += u"<p>"_s + ExportText::tr("Run with the arguments as edited:").toHtmlEscaped() + u"</p>"_s
                    + pre(edited);
            insertBubble(labelOf(m, author, extra), tint, ExportPalette::mix(ExportPalette::base(), tint, 0.05), html);
            break;
        }
        case Message::Kind::ToolResult:
            insertBubble(labelOf(m, author, m.toolName.isEmpty() ? QString() : ExportText::tr("of %1").arg(m.toolName)),
                ExportPalette::muted(), ExportPalette::mix(ExportPalette::base(), ExportPalette::text(), 0.04),
                pre(ExportText::visibleText(m)));
            break;
        case Message::Kind::Text:
            if (m.role == Message::Role::User) {
                m_scratch.setSafeMarkdown(ExportText::visibleText(m));
                insertBubble(labelOf(m, author), ExportPalette::text(),
                    ExportPalette::mix(ExportPalette::base(), ExportPalette::highlight(), 0.16), m_scratch.bodyHtml(),
                    true);
            } else {
                const QColor tint = QColor::fromString(HtmlWriter::agentColor(m.agentId));
                m_scratch.setSafeMarkdown(ExportText::visibleText(m));
                insertBubble(labelOf(m, author), tint, ExportPalette::mix(ExportPalette::base(), tint, 0.07),
                    m_scratch.bodyHtml());
            }
            break;
        }
    }
}

void PdfExportWriter::endConversation()
{
    if (m_context.pending) {
        const QColor color = ExportPalette::mix(
            HtmlWriter::dividerColor(Message::Divider::ApprovalNeeded), ExportPalette::text(), 0.2);
        QTextBlockFormat line;
        line.setAlignment(Qt::AlignHCenter);
        line.setTopMargin(6);
        line.setBottomMargin(6);
        QTextCharFormat text;
        text.setForeground(color);
        m_cursor.insertBlock(line, text);
        QTextCharFormat bold = text;
        bold.setFontWeight(QFont::Bold);
        m_cursor.insertText(u"── ? "_s + ExportText::pendingLabel() + u": "_s, bold);
        m_cursor.insertText(m_context.pending->summary.trimmed() + u" ──"_s, text);
    }
    if (m_context.tasks.isEmpty())
        return;
    QTextBlockFormat heading;
    heading.setTopMargin(12);
    heading.setBottomMargin(4);
    QTextCharFormat headingFont;
    headingFont.setFontPointSize(13);
    headingFont.setFontWeight(QFont::Bold);
    m_cursor.insertBlock(heading, headingFont);
    m_cursor.insertText(ExportText::tasksHeading(), headingFont);
    QTextCharFormat plainFont;
    QTextCharFormat muted;
    muted.setForeground(ExportPalette::muted());
    for (const Task &task : std::as_const(m_context.tasks)) {
        m_cursor.insertBlock(QTextBlockFormat(), plainFont);
        QTextCharFormat title = plainFont;
        title.setFontStrikeOut(!task.isOpen());
        m_cursor.insertText(task.isOpen() ? u"☐ "_s : u"☑ "_s, plainFont);
        m_cursor.insertText(task.title.trimmed(), title);
        const QString note = ExportText::taskNote(task);
        if (!note.isEmpty())
            m_cursor.insertText(u" · "_s + note, muted);
        const QString notes = task.notes.trimmed();
        if (!notes.isEmpty()) {
            QTextBlockFormat indented;
            indented.setLeftMargin(14);
            m_cursor.insertBlock(indented, muted);
            m_cursor.insertText(notes, muted);
        }
    }
}

void PdfExportWriter::writeFooter()
{
    QPdfWriter pdf(device());
    pdf.setCreator(u"Tandem"_s);
    pdf.setTitle(ExportText::tr("Tandem export"));
    pdf.setPageSize(QPageSize(QPageSize::A4));
    pdf.setPageMargins(QMarginsF(15, 15, 15, 15), QPageLayout::Millimeter);
    pdf.setResolution(300);
    m_document.print(&pdf);
}

} // namespace Tandem
