#include "HtmlWriter.h"

#include "ExportPalette.h"
#include "domain/AgentPalette.h"
#include "domain/DividerLook.h"

#include <QColor>
#include <QFile>

#include <array>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
QString css(const QColor &color)
{
    return color.name(QColor::HexRgb);
}

QString escaped(const QString &text)
{
    return text.toHtmlEscaped();
}

QString meta(const Message &m, const QString &author, const QString &color, const QString &extra = {})
{
    QString line = u"<div style=\"font-size:12px;color:%1;margin-bottom:4px\"><b style=\"color:%2\">%3</b>"_s.arg(
        css(ExportPalette::muted()), color, escaped(author));
    if (!extra.isEmpty())
        line += u' ' + escaped(extra);
    const QString time = ExportText::timestamp(m.createdAt);
    if (!time.isEmpty())
        line += u" · "_s + escaped(time);
    const QString status = ExportText::statusNote(m);
    if (!status.isEmpty())
        line += u" · <i>"_s + escaped(status) + u"</i>"_s;
    const QString usage = ExportText::usageNote(m.usage);
    if (!usage.isEmpty())
        line += u" · "_s + escaped(usage);
    return line + u"</div>"_s;
}

QString bubble(bool right, const QColor &fill, const QColor &border, const QString &inner)
{
    return u"<div style=\"display:flex;justify-content:%1;margin:10px 0\"><div style=\"max-width:78%;min-width:0;"
           u"background:%2;border:1px solid %3;border-radius:14px;padding:8px 12px;overflow-wrap:anywhere\">%4"
           u"</div></div>\n"_s.arg(right ? u"flex-end"_s : u"flex-start"_s, css(fill), css(border), inner);
}

/// Code blocks of an agent's Markdown on the tinted background the app gives them.
QString tintedCode(QString html)
{
    return html.replace(u"<pre style=\""_s,
        u"<pre style=\"background:%1;padding:8px;border-radius:8px;white-space:pre-wrap;"_s.arg(
            css(ExportPalette::mix(ExportPalette::base(), ExportPalette::text(), 0.07))));
}

QString preformatted(const QString &text)
{
    return u"<pre style=\"margin:0;padding:8px;background:%1;border-radius:8px;white-space:pre-wrap;"
           u"font-family:monospace;font-size:13px\">%2</pre>"_s.arg(
               css(ExportPalette::mix(ExportPalette::base(), ExportPalette::text(), 0.07)), escaped(text));
}
} // namespace

QColor HtmlWriter::dividerColor(Message::Divider divider)
{
    return QColor::fromRgb(DividerLook::of(divider).rgb);
}

QString HtmlWriter::agentColor(const QString &agentId)
{
    // The palette of the chat (MessageListModel::colorForAgent), so an agent has the same colour in the file.
    if (agentId.isEmpty())
        return css(ExportPalette::text());
    return css(QColor::fromRgb(AgentPalette::rgb(agentId)));
}

QString HtmlWriter::dividerIcon(Message::Divider divider)
{
    auto it = m_icons.constFind(int(divider));
    if (it != m_icons.cend())
        return *it;
    QFile file(u":/export/icons/"_s + DividerLook::of(divider).iconFile);
    QString svg = file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()).trimmed() : QString();
    svg.replace(u"width=\"24\" height=\"24\""_s, u"width=\"18\" height=\"18\""_s);
    svg.replace(u"<svg "_s, u"<svg aria-hidden=\"true\" style=\"flex:none\" "_s);
    return *m_icons.insert(int(divider), svg);
}

void HtmlWriter::writeHeader()
{
    put(u"<!DOCTYPE html>\n<html lang=\"%1\">\n<head>\n<meta charset=\"utf-8\">\n"
        u"<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n"
        u"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        u"<meta name=\"generator\" content=\"Tandem\">\n<title>%2</title>\n</head>\n"
        u"<body style=\"margin:0;background:%3;color:%4;font-family:system-ui,-apple-system,'Segoe UI',Roboto,"
        u"'Noto Sans','DejaVu Sans',sans-serif;font-size:15px;line-height:1.45\">\n"
        u"<main style=\"max-width:860px;margin:0 auto;padding:24px 16px\">\n"_s.arg(
            ExportText::tr("en", "the language code of exported HTML"), escaped(ExportText::tr("Tandem export")),
            css(ExportPalette::base()), css(ExportPalette::text())));
}

void HtmlWriter::beginConversation(const ConversationArchive &archive, const QList<Agent> &agents)
{
    m_context = ExportText::context(archive, agents);
    const Conversation &c = archive.conversation;
    QString subtitle = ExportText::modeLabel(c.mode) + u" · "_s
        + ExportText::tr("started %1").arg(ExportText::timestamp(c.createdAt));
    if (!c.model.isEmpty())
        subtitle += u" · "_s + ExportText::tr("model %1").arg(c.model);
    if (const QString note = ExportText::branchNote(archive); !note.isEmpty())
        subtitle += u" · "_s + note;
    put(u"<section style=\"margin-bottom:40px\">\n<h1 style=\"font-size:22px;margin:0 0 4px\">%1</h1>\n"
        u"<p style=\"margin:0 0 16px;color:%2;font-size:13px\">%3</p>\n"_s.arg(
            escaped(ExportText::title(c)), css(ExportPalette::muted()), escaped(subtitle)));
}

void HtmlWriter::writeMessages(const QList<Message> &messages)
{
    QString &s = m_out;
    for (const Message &m : messages) {
        s.clear();
        const QString author = ExportText::author(m_context, m);
        switch (m.kind) {
        case Message::Kind::Divider: {
            const QColor color = dividerColor(m.divider);
            const QString line = u"<span style=\"flex:1;height:0;border-top:1px solid %1\"></span>"_s.arg(
                css(ExportPalette::mix(ExportPalette::base(), color, 0.45)));
            s += u"<div role=\"separator\" style=\"display:flex;align-items:center;gap:8px;margin:14px 0\">"_s + line
                + u"<span style=\"display:inline-flex;align-items:center;gap:6px;padding:4px 12px;border-radius:14px;"
                  u"background:%1;color:%2;font-size:13px\">%3<b>%4</b><span>%5</span></span>"_s.arg(
                      css(ExportPalette::mix(ExportPalette::base(), color, 0.09)),
                      css(ExportPalette::mix(color, ExportPalette::text(), 0.35)), dividerIcon(m.divider),
                      escaped(ExportText::dividerMeaning(m.divider) + u":"_s),
                      escaped(ExportText::dividerText(m_context, m)))
                + line + u"</div>\n"_s;
            break;
        }
        case Message::Kind::Error:
            s += bubble(false, ExportPalette::mix(ExportPalette::base(), ExportPalette::error(), 0.08),
                ExportPalette::mix(ExportPalette::base(), ExportPalette::error(), 0.3),
                meta(m, ExportText::tr("Error"), css(ExportPalette::error()))
                    + u"<div style=\"white-space:pre-wrap\">"_s + escaped(m.content.trimmed()) + u"</div>"_s);
            break;
        case Message::Kind::ToolCall: {
            QString extra = ExportText::tr("called %1").arg(m.toolName);
            const QString approval = ExportText::approvalNote(m_context, m);
            if (!approval.isEmpty())
                extra += u" ("_s + approval + u')';
            const QColor tint = QColor::fromString(agentColor(m.agentId));
            QString inner = meta(m, author, agentColor(m.agentId), extra) + preformatted(m.content);
            const QString edited = ExportText::editedArguments(m_context, m);
            if (!edited.isEmpty())
                inner += u"<div style=\"font-size:12px;color:%1;margin:6px 0 4px\">%2</div>"_s.arg(
                             css(ExportPalette::muted()), escaped(ExportText::tr("Run with the arguments as edited:")))
                    + preformatted(edited);
            s += bubble(false, ExportPalette::mix(ExportPalette::base(), tint, 0.05),
                ExportPalette::mix(ExportPalette::base(), tint, 0.2), inner);
            break;
        }
        case Message::Kind::ToolResult:
            s += bubble(false, ExportPalette::mix(ExportPalette::base(), ExportPalette::text(), 0.03),
                ExportPalette::mix(ExportPalette::base(), ExportPalette::text(), 0.12),
                meta(m, author, css(ExportPalette::muted()),
                    m.toolName.isEmpty() ? QString() : ExportText::tr("of %1").arg(m.toolName))
                    + preformatted(ExportText::visibleText(m)));
            break;
        case Message::Kind::Text:
            // The person's Markdown is rendered as the app renders it (raw HTML in it stays text).
            if (m.role == Message::Role::User) {
                const QColor fill = ExportPalette::mix(ExportPalette::base(), ExportPalette::highlight(), 0.16);
                m_document.setSafeMarkdown(ExportText::visibleText(m));
                s += bubble(true, fill, fill,
                    meta(m, author, css(ExportPalette::text())) + u"<div>"_s + tintedCode(m_document.bodyHtml())
                        + u"</div>"_s);
            } else {
                const QColor tint = QColor::fromString(agentColor(m.agentId));
                m_document.setSafeMarkdown(ExportText::visibleText(m));
                s += bubble(false, ExportPalette::mix(ExportPalette::base(), tint, 0.07),
                    ExportPalette::mix(ExportPalette::base(), tint, 0.07),
                    meta(m, author, agentColor(m.agentId)) + u"<div>"_s + tintedCode(m_document.bodyHtml())
                        + u"</div>"_s);
            }
            break;
        }
        put(s);
    }
}

void HtmlWriter::endConversation()
{
    QString s;
    if (m_context.pending) {
        const QColor color = dividerColor(Message::Divider::ApprovalNeeded);
        s += u"<div role=\"note\" style=\"margin:14px 0;padding:6px 12px;border-radius:14px;background:%1;color:%2;"
             u"font-size:13px\"><b>%3</b> %4</div>\n"_s.arg(css(ExportPalette::mix(ExportPalette::base(), color, 0.09)),
                 css(ExportPalette::mix(color, ExportPalette::text(), 0.35)),
                 escaped(ExportText::pendingLabel() + u":"_s), escaped(m_context.pending->summary.trimmed()));
    }
    if (!m_context.tasks.isEmpty()) {
        s += u"<h2 style=\"font-size:17px;margin:24px 0 8px\">%1</h2>\n<ul style=\"margin:0;padding-left:0;"
             u"list-style:none\">\n"_s.arg(escaped(ExportText::tasksHeading()));
        for (const Task &task : std::as_const(m_context.tasks)) {
            s += u"<li style=\"margin:4px 0\">"_s + (task.isOpen() ? u"☐ "_s : u"☑ "_s);
            s += task.isOpen() ? escaped(task.title.trimmed()) : u"<s>"_s + escaped(task.title.trimmed()) + u"</s>"_s;
            const QString note = ExportText::taskNote(task);
            if (!note.isEmpty())
                s += u" <span style=\"color:%1;font-size:13px\">· %2</span>"_s.arg(
                    css(ExportPalette::muted()), escaped(note));
            const QString notes = task.notes.trimmed();
            if (!notes.isEmpty())
                s += u"<div style=\"color:%1;font-size:13px;white-space:pre-wrap;margin-left:1.4em\">%2</div>"_s.arg(
                    css(ExportPalette::muted()), escaped(notes));
            s += u"</li>\n"_s;
        }
        s += u"</ul>\n"_s;
    }
    s += u"</section>\n"_s;
    put(s);
}

void HtmlWriter::writeFooter()
{
    put(u"<footer style=\"color:%1;font-size:12px;text-align:center\">%2</footer>\n</main>\n</body>\n</html>\n"_s.arg(
        css(ExportPalette::muted()),
        escaped(ExportText::tr("Exported from Tandem on %1").arg(ExportText::timestamp(exportedAt())))));
}

} // namespace Tandem
