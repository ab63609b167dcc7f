#include "MarkdownWriter.h"

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
QString byline(const QString &author, const Message &message, const QString &extra = {})
{
    QString line = u"**"_s + author + u"**"_s;
    if (!extra.isEmpty())
        line += u' ' + extra;
    const QString time = ExportText::timestamp(message.createdAt);
    if (!time.isEmpty())
        line += u" · "_s + time;
    const QString status = ExportText::statusNote(message);
    if (!status.isEmpty())
        line += u" · _"_s + status + u'_';
    const QString usage = ExportText::usageNote(message.usage);
    if (!usage.isEmpty())
        line += u" · "_s + usage;
    return line;
}
} // namespace

QString MarkdownWriter::fenced(const QString &text, const QString &language)
{
    int longest = 0;
    int run = 0;
    for (const QChar c : text) {
        run = c == u'`' ? run + 1 : 0;
        longest = qMax(longest, run);
    }
    const QString fence(qMax(3, longest + 1), u'`');
    QString body = text;
    if (!body.endsWith(u'\n'))
        body += u'\n';
    return fence + language + u'\n' + body + fence;
}

QString MarkdownWriter::quoted(const QString &text)
{
    QStringList lines = text.split(u'\n');
    for (QString &line : lines)
        line = line.isEmpty() ? u">"_s : u"> "_s + line;
    return lines.join(u'\n');
}

void MarkdownWriter::beginConversation(const ConversationArchive &archive, const QList<Agent> &agents)
{
    m_context = ExportText::context(archive, agents);
    const Conversation &c = archive.conversation;
    QString head;
    if (m_conversations++ > 0)
        head += u"\n---\n\n"_s;
    head += u"# "_s + ExportText::title(c) + u"\n\n"_s;
    head += u"*"_s + ExportText::modeLabel(c.mode) + u" · "_s
        + ExportText::tr("started %1").arg(ExportText::timestamp(c.createdAt));
    if (!c.model.isEmpty())
        head += u" · "_s + ExportText::tr("model %1").arg(c.model);
    if (const QString note = ExportText::branchNote(archive); !note.isEmpty())
        head += u" · "_s + note;
    head += u"*\n"_s;
    put(head);
}

void MarkdownWriter::writeMessages(const QList<Message> &messages)
{
    QString &s = m_out;
    for (const Message &m : messages) {
        s.clear();
        s += u'\n';
        switch (m.kind) {
        case Message::Kind::Divider:
            s += quoted(ExportText::dividerSymbol(m.divider) + u" **"_s + ExportText::dividerMeaning(m.divider)
                + u"** · "_s + ExportText::dividerText(m_context, m));
            s += u'\n';
            break;
        case Message::Kind::Error:
            s += quoted(u"⚠ **"_s + ExportText::tr("Error") + u"** · "_s + m.content.trimmed());
            s += u'\n';
            break;
        case Message::Kind::ToolCall: {
            QString extra = ExportText::tr("called `%1`").arg(m.toolName);
            const QString approval = ExportText::approvalNote(m_context, m);
            if (!approval.isEmpty())
                extra += u" (" + approval + u')';
            s += byline(ExportText::author(m_context, m), m, extra) + u"\n\n"_s + fenced(m.content, u"json"_s) + u'\n';
            const QString edited = ExportText::editedArguments(m_context, m);
            if (!edited.isEmpty())
                s += u'\n' + ExportText::tr("Run with the arguments as edited:") + u"\n\n"_s + fenced(edited, u"json"_s)
                    + u'\n';
            break;
        }
        case Message::Kind::ToolResult:
            s += byline(ExportText::author(m_context, m), m,
                     m.toolName.isEmpty() ? QString() : ExportText::tr("of `%1`").arg(m.toolName))
                + u"\n\n"_s + fenced(m.content) + u'\n';
            break;
        case Message::Kind::Text:
            s += byline(ExportText::author(m_context, m), m) + u"\n\n"_s + ExportText::visibleText(m) + u'\n';
            break;
        }
        put(s);
    }
}

void MarkdownWriter::endConversation()
{
    QString s;
    if (m_context.pending)
        s += u'\n' + quoted(u"? **"_s + ExportText::pendingLabel() + u"** · "_s + m_context.pending->summary.trimmed())
            + u'\n';
    if (!m_context.tasks.isEmpty()) {
        s += u"\n## "_s + ExportText::tasksHeading() + u"\n\n"_s;
        for (const Task &task : std::as_const(m_context.tasks)) {
            s += (task.isOpen() ? u"- [ ] "_s : u"- [x] "_s) + task.title.trimmed();
            const QString note = ExportText::taskNote(task);
            if (!note.isEmpty())
                s += u" · _"_s + note + u'_';
            s += u'\n';
            // The notes under their task, indented so they stay part of its list item.
            const QString notes = task.notes.trimmed();
            if (!notes.isEmpty())
                s += u"  "_s + QString(notes).replace(u'\n', u"\n  "_s) + u'\n';
        }
    }
    if (!s.isEmpty())
        put(s);
}

} // namespace Tandem
