#include "TextWriter.h"

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
QString heading(const QString &author, const Message &message, const QString &extra = {})
{
    QString line = author;
    if (!extra.isEmpty())
        line += u' ' + extra;
    QStringList notes;
    const QString time = ExportText::timestamp(message.createdAt);
    if (!time.isEmpty())
        notes << time;
    const QString status = ExportText::statusNote(message);
    if (!status.isEmpty())
        notes << status;
    const QString usage = ExportText::usageNote(message.usage);
    if (!usage.isEmpty())
        notes << usage;
    if (!notes.isEmpty())
        line += u" ("_s + notes.join(u" · "_s) + u')';
    return line + u":\n"_s;
}
} // namespace

void TextWriter::beginConversation(const ConversationArchive &archive, const QList<Agent> &agents)
{
    m_context = ExportText::context(archive, agents);
    const Conversation &c = archive.conversation;
    const QString title = ExportText::title(c);
    QString head;
    if (m_conversations++ > 0)
        head += u"\n\n"_s;
    head += title + u'\n' + QString(title.size(), u'=') + u'\n';
    head += ExportText::modeLabel(c.mode) + u", "_s
        + ExportText::tr("started %1").arg(ExportText::timestamp(c.createdAt));
    if (!c.model.isEmpty())
        head += u", "_s + ExportText::tr("model %1").arg(c.model);
    if (const QString note = ExportText::branchNote(archive); !note.isEmpty())
        head += u", "_s + note;
    head += u'\n';
    put(head);
}

void TextWriter::writeMessages(const QList<Message> &messages)
{
    QString &s = m_out;
    for (const Message &m : messages) {
        s.clear();
        s += u'\n';
        switch (m.kind) {
        case Message::Kind::Divider:
            s += u"-- "_s + ExportText::dividerSymbol(m.divider) + u' ' + ExportText::dividerMeaning(m.divider)
                + u": "_s + ExportText::dividerText(m_context, m) + u" --\n"_s;
            break;
        case Message::Kind::Error:
            s += u"!! "_s + ExportText::tr("Error") + u": "_s + m.content.trimmed() + u'\n';
            break;
        case Message::Kind::ToolCall: {
            QString extra = ExportText::tr("called %1").arg(m.toolName);
            const QString approval = ExportText::approvalNote(m_context, m);
            if (!approval.isEmpty())
                extra += u", "_s + approval;
            s += heading(ExportText::author(m_context, m), m, extra) + ExportText::visibleText(m) + u'\n';
            const QString edited = ExportText::editedArguments(m_context, m);
            if (!edited.isEmpty())
                s += ExportText::tr("Run with the arguments as edited:") + u'\n' + edited + u'\n';
            break;
        }
        case Message::Kind::ToolResult:
            s += heading(ExportText::author(m_context, m), m,
                     m.toolName.isEmpty() ? QString() : ExportText::tr("of %1").arg(m.toolName))
                + ExportText::visibleText(m) + u'\n';
            break;
        case Message::Kind::Text:
            s += heading(ExportText::author(m_context, m), m) + ExportText::visibleText(m) + u'\n';
            break;
        }
        put(s);
    }
}

void TextWriter::endConversation()
{
    QString s;
    if (m_context.pending)
        s += u"\n-- ? "_s + ExportText::pendingLabel() + u": "_s + m_context.pending->summary.trimmed() + u" --\n"_s;
    if (!m_context.tasks.isEmpty()) {
        const QString heading = ExportText::tasksHeading();
        s += u'\n' + heading + u'\n' + QString(heading.size(), u'-') + u'\n';
        for (const Task &task : std::as_const(m_context.tasks)) {
            s += (task.isOpen() ? u"[ ] "_s : u"[x] "_s) + task.title.trimmed();
            const QString note = ExportText::taskNote(task);
            if (!note.isEmpty())
                s += u" ("_s + note + u')';
            s += u'\n';
            const QString notes = task.notes.trimmed();
            if (!notes.isEmpty())
                s += u"    "_s + QString(notes).replace(u'\n', u"\n    "_s) + u'\n';
        }
    }
    if (!s.isEmpty())
        put(s);
}

} // namespace Tandem
