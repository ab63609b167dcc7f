#include "SearchSnippet.h"

#include <QList>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
struct Word
{
    qsizetype start = 0;
    qsizetype length = 0;
};

// The words of @p text, as unicode61 splits them: runs of letters and digits (a surrogate pair inside a run stays
// with it).
QList<Word> words(QStringView text)
{
    QList<Word> result;
    qsizetype i = 0;
    const qsizetype n = text.size();
    while (i < n) {
        while (i < n && !text.at(i).isLetterOrNumber())
            ++i;
        const qsizetype start = i;
        while (i < n && text.at(i).isLetterOrNumber())
            ++i;
        if (i > start)
            result.append({ start, i - start });
    }
    return result;
}
} // namespace

QString SearchSnippet::fold(QStringView word)
{
    QString folded;
    folded.reserve(word.size());
    for (const QChar c : word) {
        // SQLite's remove_diacritics folds Latin letters only (é to e, but not й to и).
        if (c.unicode() >= 0xC0 && c.unicode() < 0x250) {
            const QString decomposed = c.decomposition();
            if (!decomposed.isEmpty() && decomposed.at(0).unicode() < 0x80) {
                folded.append(decomposed.at(0));
                continue;
            }
        }
        folded.append(c);
    }
    return folded.toCaseFolded();
}

QStringList SearchSnippet::terms(const QString &query)
{
    QStringList result;
    const QList<Word> found = words(query);
    for (const Word &w : found)
        result.append(fold(QStringView(query).mid(w.start, w.length)));
    return result;
}

HighlightedText SearchSnippet::mark(const QString &text, const QStringList &terms, bool lastIsPrefix, int maxWords)
{
    const QList<Word> all = words(text);
    const auto matches = [&](const Word &w) {
        const QString folded = fold(QStringView(text).mid(w.start, w.length));
        for (qsizetype t = 0; t < terms.size(); ++t)
            if (folded == terms.at(t) || (lastIsPrefix && t == terms.size() - 1 && folded.startsWith(terms.at(t))))
                return true;
        return false;
    };
    qsizetype from = 0;
    qsizetype to = all.size(); // one past the last word shown
    if (maxWords > 0) {
        qsizetype first = 0;
        while (first < all.size() && !matches(all.at(first)))
            ++first;
        if (first == all.size())
            first = 0;
        from = std::max<qsizetype>(0, first - maxWords / 3);
        to = std::min<qsizetype>(all.size(), from + maxWords);
        from = std::max<qsizetype>(0, std::min(from, to - maxWords));
    }
    HighlightedText result;
    if (all.isEmpty() || maxWords <= 0) {
        result.text = text;
    } else {
        const qsizetype start = from == 0 ? 0 : all.at(from).start;
        const qsizetype end = to == all.size() ? text.size() : all.at(to - 1).start + all.at(to - 1).length;
        result.text
            = (from > 0 ? u"…"_s : QString()) + text.mid(start, end - start) + (to < all.size() ? u"…"_s : QString());
    }
    const qsizetype shift
        = maxWords > 0 && !all.isEmpty() ? (from > 0 ? 1 : 0) - (from == 0 ? 0 : all.at(from).start) : 0;
    for (qsizetype i = from; i < to; ++i)
        if (matches(all.at(i)))
            result.spans.append({ all.at(i).start + shift, all.at(i).length });
    for (QChar &c : result.text)
        if (c == u'\n' || c == u'\r' || c == u'\t')
            c = u' ';
    return result;
}

} // namespace Tandem
