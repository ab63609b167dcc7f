// A scanner, not a parser: it follows only strings, objects, arrays, ':' and ',', which is all it takes to know which
// strings are keys and which object they belong to.
#include "JsonDuplicateKeys.h"

#include <QList>
#include <QSet>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

struct Frame
{
    bool isObject = false;
    bool expectsKey = false;
    QSet<QString> keys;
};

/// Reads the string starting at the quote at @p at; @p at ends past its closing quote.
QString readString(QStringView json, qsizetype &at)
{
    QString text;
    ++at;
    while (at < json.size()) {
        const QChar c = json.at(at++);
        if (c == u'"')
            return text;
        if (c != u'\\') {
            text += c;
            continue;
        }
        if (at >= json.size())
            break;
        const QChar escaped = json.at(at++);
        switch (escaped.unicode()) {
        case u'b':
            text += u'\b';
            break;
        case u'f':
            text += u'\f';
            break;
        case u'n':
            text += u'\n';
            break;
        case u'r':
            text += u'\r';
            break;
        case u't':
            text += u'\t';
            break;
        case u'u': {
            bool ok = false;
            const ushort code = json.mid(at, 4).toUShort(&ok, 16);
            if (ok) {
                text += QChar(code);
                at += 4;
            }
            break;
        }
        default:
            text += escaped; // '"', '\\', '/'
        }
    }
    return text;
}

} // namespace

std::optional<QString> JsonDuplicateKeys::firstDuplicate(QStringView json)
{
    QList<Frame> frames;
    qsizetype at = 0;
    while (at < json.size()) {
        const QChar c = json.at(at);
        if (c == u'"') {
            const QString text = readString(json, at);
            if (!frames.isEmpty() && frames.last().isObject && frames.last().expectsKey) {
                Frame &object = frames.last();
                object.expectsKey = false;
                if (object.keys.contains(text))
                    return text;
                object.keys.insert(text);
            }
            continue;
        }
        if (c == u'{' || c == u'[')
            frames.append(Frame { c == u'{', c == u'{', {} });
        else if ((c == u'}' || c == u']') && !frames.isEmpty())
            frames.removeLast();
        else if (c == u',' && !frames.isEmpty() && frames.last().isObject)
            frames.last().expectsKey = true;
        ++at;
    }
    return std::nullopt;
}

} // namespace Tandem
