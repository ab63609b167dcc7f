#include "TerminalText.h"

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

constexpr char32_t kBlackFlag = 0x1F3F4; // starts an emoji tag sequence (the flags of England, Scotland, Wales)
constexpr char32_t kCancelTag = 0xE007F; // ends one

bool isTag(char32_t c)
{
    return c >= 0xE0000 && c <= 0xE007F;
}

/// Characters shown as <U+XXXX>: they reorder or hide text (Trojan Source, ASCII smuggling in tag characters).
bool isHidden(char32_t c)
{
    switch (c) {
    case 0x061C: // Arabic letter mark
    case 0x180E: // Mongolian vowel separator
    case 0x200B: // zero-width space
    case 0x200E: // left-to-right mark
    case 0x200F: // right-to-left mark
    case 0x2028: // line separator
    case 0x2029: // paragraph separator
    case 0xFEFF: // zero-width no-break space
        return true;
    default:
        break;
    }
    return (c >= 0x202A && c <= 0x202E) // embeddings and overrides
        || (c >= 0x2060 && c <= 0x2064) // word joiner, invisible operators
        || (c >= 0x2066 && c <= 0x2069) // isolates
        || (c >= 0xFFF9 && c <= 0xFFFB) // interlinear annotation
        || isTag(c);
}

bool needsChange(char32_t c)
{
    if (c < 0x20)
        return c != u'\n' && c != u'\t';
    if (c < 0x7F)
        return false;
    return c <= 0x9F || isHidden(c);
}

/// Whether the tag characters from @p from on are an emoji flag's tail (a run after U+1F3F4 that ends in U+E007F).
qsizetype emojiTagRun(QStringView text, qsizetype from)
{
    qsizetype i = from;
    while (i < text.size()) {
        const char32_t c = QChar::surrogateToUcs4(text.at(i), i + 1 < text.size() ? text.at(i + 1) : QChar());
        if (!QChar::requiresSurrogates(c) || !isTag(c))
            return 0;
        i += 2;
        if (c == kCancelTag)
            return i - from;
    }
    return 0;
}

void appendVisible(QString &out, char32_t c)
{
    if (c < 0x20) {
        out += u'^';
        out += QChar(char16_t(c + 0x40));
    } else if (c == 0x7F) {
        out += u"^?"_s;
    } else if (c <= 0x9F) {
        out += u"\\x"_s + QString::number(uint(c), 16).rightJustified(2, u'0');
    } else {
        out += u"<U+"_s + QString::number(uint(c), 16).toUpper().rightJustified(4, u'0') + u'>';
    }
}

} // namespace

bool TerminalText::isPlain(QStringView text)
{
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar ch = text.at(i);
        if (ch.isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate()) {
            const char32_t c = QChar::surrogateToUcs4(ch, text.at(i + 1));
            if (isTag(c))
                return false;
            ++i;
            if (c == kBlackFlag)
                i += emojiTagRun(text, i + 1);
            continue;
        }
        if (needsChange(ch.unicode()))
            return false;
    }
    return true;
}

QString TerminalText::visible(QStringView text)
{
    if (isPlain(text))
        return text.toString();
    QString out;
    out.reserve(text.size() + 16);
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar ch = text.at(i);
        if (ch.isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate()) {
            const char32_t c = QChar::surrogateToUcs4(ch, text.at(i + 1));
            if (c == kBlackFlag) {
                out += text.mid(i, 2);
                i += 1;
                const qsizetype run = emojiTagRun(text, i + 1);
                out += text.mid(i + 1, run);
                i += run;
            } else if (isTag(c)) {
                appendVisible(out, c);
                ++i;
            } else {
                out += text.mid(i, 2);
                ++i;
            }
            continue;
        }
        const char16_t c = ch.unicode();
        if (c == u'\r' && i + 1 < text.size() && text.at(i + 1) == u'\n')
            continue; // CR LF is a line end, nothing to hide
        if (needsChange(c))
            appendVisible(out, c);
        else
            out += ch;
    }
    return out;
}

} // namespace Tandem
