#include "CommandWords.h"

#include <algorithm>
#include <utility>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

bool isPlain(const QString &word)
{
    return !word.isEmpty() && std::all_of(word.cbegin(), word.cend(), [](QChar c) {
        return c.isLetterOrNumber() || QStringView(u"-_./=:,+@%").contains(c);
    });
}

} // namespace

QString CommandWords::join(const QStringList &words)
{
    QStringList shown;
    for (const QString &word : words)
        shown << (isPlain(word) ? word : u'\'' + QString(word).replace(u"'"_s, u"'\\''"_s) + u'\'');
    return shown.join(u' ');
}

std::optional<QStringList> CommandWords::split(const QString &line, QString *problem)
{
    QStringList words;
    QString word;
    bool inWord = false;
    QChar quote; // the quote we are inside, or null
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line.at(i);
        if (quote == u'\'') {
            if (c == u'\'')
                quote = QChar();
            else
                word += c;
        } else if (quote == u'"') {
            // Inside double quotes a backslash escapes only what a shell lets it escape there.
            if (c == u'"') {
                quote = QChar();
            } else if (c == u'\\' && i + 1 < line.size() && QStringView(u"\"\\$`").contains(line.at(i + 1))) {
                word += line.at(++i);
            } else {
                word += c;
            }
        } else if (c == u' ' || c == u'\t' || c == u'\n') {
            if (inWord)
                words << std::exchange(word, QString());
            inWord = false;
        } else if (c == u'\'' || c == u'"') {
            quote = c;
            inWord = true;
        } else if (c == u'\\') {
            if (i + 1 >= line.size()) {
                if (problem)
                    *problem = tr("The command line ends with a backslash.");
                return std::nullopt;
            }
            word += line.at(++i);
            inWord = true;
        } else {
            word += c;
            inWord = true;
        }
    }
    if (!quote.isNull()) {
        if (problem)
            *problem = tr("A quote (%1) is not closed.").arg(quote);
        return std::nullopt;
    }
    if (inWord)
        words << word;
    return words;
}

} // namespace Tandem
