#include "CommandSuggestion.h"

#include <QList>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
struct Synonym
{
    QStringView word;
    QStringView command;
};

// Words for our commands in other command-line tools; tried after spelling, so `runs` still means `run`.
constexpr Synonym kSynonyms[] = {
    { u"list", u"conversations" },
    { u"ls", u"conversations" },
    { u"history", u"conversations" },
    { u"chats", u"conversations" },
    { u"send", u"run" },
    { u"ask", u"run" },
    { u"chat", u"run" },
    { u"message", u"run" },
    { u"prompt", u"run" },
    { u"print", u"show" },
    { u"view", u"show" },
    { u"open", u"show" },
    { u"cat", u"show" },
    { u"read", u"show" },
};
} // namespace

int CommandSuggestion::distance(QStringView a, QStringView b)
{
    // Damerau-Levenshtein (optimal string alignment), three rows.
    const qsizetype n = b.size();
    QList<int> before(n + 1), previous(n + 1), current(n + 1);
    for (qsizetype j = 0; j <= n; ++j)
        previous[j] = int(j);
    for (qsizetype i = 1; i <= a.size(); ++i) {
        current[0] = int(i);
        for (qsizetype j = 1; j <= n; ++j) {
            const int cost = a.at(i - 1) == b.at(j - 1) ? 0 : 1;
            current[j] = std::min({ previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost });
            if (i > 1 && j > 1 && a.at(i - 1) == b.at(j - 2) && a.at(i - 2) == b.at(j - 1))
                current[j] = std::min(current[j], before[j - 2] + 1);
        }
        std::swap(before, previous);
        std::swap(previous, current);
    }
    return previous[n];
}

QString CommandSuggestion::closest(QStringView typed, const QStringList &commands)
{
    const QString word = typed.trimmed().toString().toLower();
    if (word.isEmpty())
        return {};
    QString best;
    int bestDistance = 0;
    for (const QString &command : commands) {
        const int d = distance(word, command);
        if (best.isEmpty() || d < bestDistance) {
            best = command;
            bestDistance = d;
        }
    }
    // Close enough: a third of the command's letters wrong at most (one for a short one), or a shortened form.
    if (!best.isEmpty() && (bestDistance <= std::max<qsizetype>(1, best.size() / 3)))
        return best;
    for (const QString &command : commands)
        if (word.size() >= 3 && command.startsWith(word))
            return command;
    for (const Synonym &synonym : kSynonyms)
        if (word == synonym.word && commands.contains(synonym.command.toString()))
            return synonym.command.toString();
    return {};
}

} // namespace Tandem
