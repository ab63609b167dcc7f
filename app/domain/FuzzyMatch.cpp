#include "FuzzyMatch.h"

#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <vector>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
const QSet<QString> &smallWords()
{
    static const QSet<QString> words { u"a"_s, u"an"_s, u"the"_s, u"for"_s, u"to"_s, u"of"_s, u"and"_s, u"in"_s,
        u"on"_s, u"with"_s, u"my"_s, u"at"_s, u"by"_s, u"task"_s, u"и"_s, u"в"_s, u"на"_s, u"для"_s, u"по"_s, u"с"_s,
        u"к"_s, u"о"_s, u"у"_s, u"задачу"_s, u"задача"_s };
    return words;
}

int editDistance(const QString &a, const QString &b)
{
    // Optimal string alignment: insertions, deletions, substitutions, and a swap of two neighbours ("reveiw").
    const auto rows = size_t(a.size()) + 1;
    const auto columns = size_t(b.size()) + 1;
    std::vector<int> d(rows * columns);
    auto at = [&d, columns](size_t i, size_t j) -> int & {
        return d[i * columns + j];
    };
    for (size_t i = 0; i < rows; ++i)
        at(i, 0) = int(i);
    for (size_t j = 0; j < columns; ++j)
        at(0, j) = int(j);
    for (size_t i = 1; i < rows; ++i) {
        for (size_t j = 1; j < columns; ++j) {
            const bool same = a.at(qsizetype(i - 1)) == b.at(qsizetype(j - 1));
            at(i, j) = std::min({ at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + (same ? 0 : 1) });
            if (i > 1 && j > 1 && a.at(qsizetype(i - 1)) == b.at(qsizetype(j - 2))
                && a.at(qsizetype(i - 2)) == b.at(qsizetype(j - 1)))
                at(i, j) = std::min(at(i, j), at(i - 2, j - 2) + 1);
        }
    }
    return at(rows - 1, columns - 1);
}

// The share of @p from's words that have a counterpart in @p in, each weighted by its similarity.
double coverage(const QStringList &from, const QStringList &in)
{
    if (from.isEmpty())
        return 0.0;
    double sum = 0.0;
    for (const QString &word : from) {
        double best = 0.0;
        for (const QString &other : in)
            best = std::max(best, FuzzyMatch::wordSimilarity(word, other));
        sum += best;
    }
    return sum / double(from.size());
}
} // namespace

QStringList FuzzyMatch::words(const QString &text)
{
    static const QRegularExpression separators(u"[^\\w]+"_s, QRegularExpression::UseUnicodePropertiesOption);
    QStringList result;
    const QStringList all = text.toLower().split(separators, Qt::SkipEmptyParts);
    for (const QString &word : all)
        if (!smallWords().contains(word))
            result << word;
    return result;
}

double FuzzyMatch::wordSimilarity(const QString &a, const QString &b)
{
    if (a == b)
        return 1.0;
    const qsizetype shorter = std::min(a.size(), b.size());
    if (shorter >= 4 && (a.startsWith(b) || b.startsWith(a)))
        return 0.9; // "review" and "reviews", "задач" and "задачи"
    const qsizetype longer = std::max(a.size(), b.size());
    if (longer < 4)
        return 0.0;
    const double similarity = 1.0 - double(editDistance(a, b)) / double(longer);
    return similarity >= 0.75 ? similarity : 0.0; // one typo in a word of four or more letters
}

int FuzzyMatch::score(const QString &query, const QString &title)
{
    const QStringList q = words(query);
    const QStringList t = words(title);
    if (q.isEmpty() || t.isEmpty())
        return 0;
    const double value = 0.5 * coverage(q, t) + 0.5 * coverage(t, q);
    return int(std::lround(100.0 * value));
}

bool FuzzyMatch::isAmbiguous(const QList<int> &sortedScores)
{
    return sortedScores.size() >= 2 && sortedScores.at(1) >= kMinimumScore
        && sortedScores.at(0) - sortedScores.at(1) < kAmbiguityMargin;
}

} // namespace Tandem
