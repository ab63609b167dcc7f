#include "ToolRowText.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
/// @p text as a Markdown code span: the name a model gave may hold anything, backticks included.
QString codeSpan(const QString &text)
{
    QString plain = text.left(4 * ToolRowText::kMaxName).simplified();
    plain.remove(u'`');
    if (plain.size() > ToolRowText::kMaxName)
        plain = plain.left(ToolRowText::kMaxName - 1) + u'…';
    return plain.isEmpty() ? u"?"_s : u'`' + plain + u'`';
}

/// JSON indented (objects and arrays); any other text as it is.
QString readable(const QString &content)
{
    if (content.size() > ToolRowText::kMaxIndented)
        return content;
    const QJsonDocument json = QJsonDocument::fromJson(content.toUtf8());
    if (json.isNull() || (json.isObject() && json.object().isEmpty()) || (json.isArray() && json.array().isEmpty()))
        return content;
    return QString::fromUtf8(json.toJson(QJsonDocument::Indented)).trimmed();
}

/// A fence longer than any run of backticks in @p text, so the block cannot be closed from inside.
QString fenceFor(const QString &text)
{
    qsizetype longest = 0;
    qsizetype run = 0;
    for (const QChar c : text) {
        run = c == u'`' ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    return QString(std::max<qsizetype>(3, longest + 1), u'`');
}
} // namespace

QString ToolRowText::markdown(Message::Kind kind, const QString &toolName, const QString &content)
{
    const QString heading = kind == Message::Kind::ToolCall ? tr("Calls %1").arg(codeSpan(toolName))
                                                            : tr("%1 answered").arg(codeSpan(toolName));
    QString body = readable(content);
    if (body.size() > kMaxShown)
        body = body.left(kMaxShown) + u"\n"_s
            + tr("… (%n characters more; Copy takes all of it)", nullptr, int(body.size() - kMaxShown));
    if (body.trimmed().isEmpty() || body == u"{}"_s)
        return heading + u"\n\n"_s + (kind == Message::Kind::ToolCall ? tr("(no arguments)") : tr("(nothing)"));
    const QString fence = fenceFor(body);
    return heading + u"\n\n"_s + fence + u'\n' + body + u'\n' + fence;
}

QString ToolRowText::progress(double progress, double total, const QString &message)
{
    QString text = total > 0 ? tr("Running… %1%").arg(qBound(0, qRound(100.0 * progress / total), 100))
                             : tr("Running… step %1").arg(progress);
    const QString shown = message.simplified().left(kMaxName);
    if (!shown.isEmpty())
        text += u": "_s + shown;
    return text;
}

} // namespace Tandem
