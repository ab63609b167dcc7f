// The values of an agent file's front matter: quoted and plain scalars and flow lists, in the small YAML subset
// AgentFile documents. A refusal is a sentence for the person; AgentFile's parser adds the file and the line.
#include "FrontMatterScalars.h"

#include "AgentFile.h"
#include "FrontMatterLines.h"

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

bool refuse(QString *problem, const QString &sentence)
{
    *problem = sentence;
    return false;
}

} // namespace

bool FrontMatterScalars::read(QStringView raw, Place place, Scalar *out, QString *problem)
{
    raw = raw.trimmed();
    out->text.clear();
    out->quoted = false;
    if (raw.startsWith(u'"') || raw.startsWith(u'\'')) {
        const QChar quote = raw.front();
        qsizetype i = 1;
        bool closed = false;
        for (; i < raw.size(); ++i) {
            const QChar c = raw.at(i);
            if (quote == u'"' && c == u'\\') {
                if (++i >= raw.size())
                    break;
                const QChar escaped = raw.at(i);
                if (escaped == u'"' || escaped == u'\\' || escaped == u'/')
                    out->text += escaped;
                else if (escaped == u'n')
                    out->text += u'\n';
                else if (escaped == u't')
                    out->text += u'\t';
                else
                    return refuse(problem,
                        AgentFile::tr("Unknown escape “\\%1” in quoted text: use \\\", \\\\, \\n or \\t.")
                            .arg(escaped));
            } else if (c == quote) {
                if (quote == u'\'' && i + 1 < raw.size() && raw.at(i + 1) == u'\'') {
                    out->text += quote;
                    ++i;
                    continue;
                }
                closed = true;
                break;
            } else {
                out->text += c;
            }
        }
        if (!closed)
            return refuse(problem, AgentFile::tr("The quoted text is not closed."));
        const QStringView after = raw.sliced(i + 1).trimmed();
        if (!after.isEmpty() && (place == Place::FlowItem || !after.startsWith(u'#')))
            return refuse(problem, AgentFile::tr("Unexpected text after the closing quote."));
        out->quoted = true;
        return true;
    }
    if (place != Place::FlowItem) {
        // A comment starts at a '#' that opens the value or follows a space.
        for (qsizetype i = 0; i < raw.size(); ++i) {
            if (raw.at(i) == u'#' && (i == 0 || raw.at(i - 1) == u' ' || raw.at(i - 1) == u'\t')) {
                raw = raw.first(i).trimmed();
                break;
            }
        }
    }
    if (raw.startsWith(u'|') || raw.startsWith(u'>'))
        return refuse(problem,
            AgentFile::tr("Block text (| or >) is not supported: write the value on one line, in quotes if needed."));
    if (raw.startsWith(u'{'))
        return refuse(
            problem, AgentFile::tr("Maps in braces ({…}) are not supported: write each key on its own line."));
    if (raw.startsWith(u'['))
        return refuse(problem,
            place == Place::Value ? AgentFile::tr("This key takes a single value, not a list.")
                                  : AgentFile::tr("A list item cannot be a list or a map."));
    out->text = raw.toString();
    return true;
}

bool FrontMatterScalars::readFlowList(QStringView raw, QList<Scalar> *items, QString *problem)
{
    // raw starts with '['; the items are split at the commas outside quotes.
    QList<QStringView> pieces;
    qsizetype start = 1;
    QChar quote;
    qsizetype end = -1;
    for (qsizetype i = 1; i < raw.size() && end < 0; ++i) {
        const QChar c = raw.at(i);
        if (!quote.isNull()) {
            if (quote == u'"' && c == u'\\')
                ++i;
            else if (c == quote)
                quote = QChar();
            continue;
        }
        if (c == u'"' || c == u'\'') {
            quote = c;
        } else if (c == u',') {
            pieces << raw.sliced(start, i - start);
            start = i + 1;
        } else if (c == u']') {
            pieces << raw.sliced(start, i - start);
            end = i;
        } else if (c == u'[' || c == u'{') {
            return refuse(problem, AgentFile::tr("A list item cannot be a list or a map."));
        }
    }
    if (end < 0)
        return refuse(problem, AgentFile::tr("The list is not closed: end it with “]”."));
    if (!FrontMatterLines::isBlankValue(raw.sliced(end + 1).trimmed()))
        return refuse(problem, AgentFile::tr("Unexpected text after the end of the list."));
    if (pieces.size() == 1 && pieces.constFirst().trimmed().isEmpty())
        return true; // []
    for (const QStringView piece : std::as_const(pieces)) {
        if (piece.trimmed().isEmpty())
            return refuse(problem, AgentFile::tr("The list has an empty item: remove the extra comma."));
        Scalar item;
        if (!read(piece, Place::FlowItem, &item, problem))
            return false;
        items->append(item);
    }
    return true;
}

} // namespace Tandem
