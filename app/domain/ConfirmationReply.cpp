#include "ConfirmationReply.h"

#include "DueDateResolver.h"

#include <QRegularExpression>
#include <QSet>
#include <QStringList>

#include <optional>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
// Words that only soften an answer ("yes please", "да, конечно"); they decide nothing alone.
const QSet<QString> &fillers()
{
    static const QSet<QString> words { u"please"_s, u"thanks"_s, u"thank"_s, u"you"_s, u"it"_s, u"that"_s, u"this"_s,
        u"is"_s, u"correct"_s, u"right"_s, u"пожалуйста"_s, u"спасибо"_s, u"это"_s, u"верно"_s, u"правильно"_s,
        u"так"_s };
    return words;
}
const QSet<QString> &yesWords()
{
    static const QSet<QString> words { u"yes"_s, u"y"_s, u"yeah"_s, u"yep"_s, u"yup"_s, u"sure"_s, u"ok"_s, u"okay"_s,
        u"k"_s, u"confirm"_s, u"confirmed"_s, u"go"_s, u"ahead"_s, u"do"_s, u"proceed"_s, u"absolutely"_s,
        u"definitely"_s, u"да"_s, u"ага"_s, u"угу"_s, u"ок"_s, u"окей"_s, u"конечно"_s, u"давай"_s, u"подтверждаю"_s,
        u"хорошо"_s, u"ладно"_s, u"верно"_s, u"точно"_s, u"д"_s };
    return words;
}
const QSet<QString> &noWords()
{
    static const QSet<QString> words { u"no"_s, u"n"_s, u"nope"_s, u"nah"_s, u"cancel"_s, u"stop"_s, u"don't"_s,
        u"dont"_s, u"not"_s, u"never"_s, u"abort"_s, u"нет"_s, u"не"_s, u"надо"_s, u"отмена"_s, u"отмени"_s,
        u"отменить"_s, u"неа"_s, u"стоп"_s, u"н"_s };
    return words;
}
// Words that only carry a changed detail ("due Friday", "make it Monday", "к пятнице", "next week").
const QSet<QString> &detailWords()
{
    static const QSet<QString> words { u"due"_s, u"by"_s, u"on"_s, u"for"_s, u"make"_s, u"it"_s, u"set"_s, u"change"_s,
        u"move"_s, u"to"_s, u"the"_s, u"and"_s, u"but"_s, u"with"_s, u"instead"_s, u"next"_s, u"this"_s, u"week"_s,
        u"in"_s, u"days"_s, u"day"_s, u"weeks"_s, u"до"_s, u"к"_s, u"ко"_s, u"на"_s, u"в"_s, u"во"_s, u"и"_s, u"но"_s,
        u"с"_s, u"со"_s, u"срок"_s, u"сделай"_s, u"поставь"_s, u"перенеси"_s, u"лучше"_s, u"через"_s, u"следующей"_s,
        u"следующий"_s, u"следующую"_s, u"неделе"_s, u"неделю"_s, u"дня"_s, u"дней"_s, u"день"_s };
    return words;
}

QStringList wordsOf(const QString &text)
{
    // Dates keep their dots, dashes and slashes ("2026-12-04", "4.12"); a word's own trailing dot goes.
    static const QRegularExpression separators(u"[^\\w'’./-]+"_s, QRegularExpression::UseUnicodePropertiesOption);
    QStringList words;
    const QStringList pieces = text.toLower().replace(u'’', u'\'').split(separators, Qt::SkipEmptyParts);
    for (QString piece : pieces) {
        while (!piece.isEmpty() && (piece.back() == u'.' || piece.back() == u'-' || piece.back() == u'/'))
            piece.chop(1);
        while (!piece.isEmpty() && (piece.front() == u'.' || piece.front() == u'-' || piece.front() == u'/'))
            piece.remove(0, 1);
        if (!piece.isEmpty())
            words << piece;
    }
    return words;
}

// A priority as said: "high priority", "priority: low", "urgent", "высокий приоритет", "с низким приоритетом".
struct PriorityPhrase
{
    QString name;
    QString rest; ///< the text without the phrase
};

std::optional<PriorityPhrase> priorityIn(const QString &lower)
{
    static const QList<std::pair<QString, QRegularExpression>> phrases = [] {
        const auto rx = [](const QString &pattern) {
            return QRegularExpression(pattern, QRegularExpression::UseUnicodePropertiesOption);
        };
        return QList<std::pair<QString, QRegularExpression>> {
            { u"high"_s,
                rx(u"(?<!\\w)(?:high|top|urgent|important)(?:\\s+priority)?(?!\\w)|(?<!\\w)priority\\s*:?\\s*high(?!\\w)"_s) },
            { u"low"_s, rx(u"(?<!\\w)low(?:\\s+priority)?(?!\\w)|(?<!\\w)priority\\s*:?\\s*low(?!\\w)"_s) },
            { u"normal"_s,
                rx(u"(?<!\\w)(?:normal|medium)(?:\\s+priority)?(?!\\w)|(?<!\\w)priority\\s*:?\\s*(?:normal|medium)(?!\\w)"_s) },
            { u"high"_s,
                rx(u"(?<!\\w)(?:высок\\w*|срочн\\w*|важн\\w*)(?:\\s+приоритет\\w*)?(?!\\w)|(?<!\\w)приоритет\\w*\\s*:?\\s*высок\\w*"_s) },
            { u"low"_s,
                rx(u"(?<!\\w)низк\\w*(?:\\s+приоритет\\w*)?(?!\\w)|(?<!\\w)приоритет\\w*\\s*:?\\s*низк\\w*"_s) },
            { u"normal"_s,
                rx(u"(?<!\\w)(?:обычн\\w*|средн\\w*|нормальн\\w*)(?:\\s+приоритет\\w*)?(?!\\w)|(?<!\\w)приоритет\\w*\\s*:?\\s*(?:обычн|средн|нормальн)\\w*"_s) },
        };
    }();
    for (const auto &[name, phrase] : phrases)
        if (const QRegularExpressionMatch m = phrase.match(lower); m.hasMatch())
            return PriorityPhrase { name, lower.first(m.capturedStart()) + u' ' + lower.sliced(m.capturedEnd()) };
    return std::nullopt;
}
} // namespace

ConfirmationReply::Reading ConfirmationReply::read(const QString &text, const QDate &today, const QLocale &locale)
{
    Reading reading;
    reading.kind = classify(text);
    if (reading.kind != Kind::Other)
        return reading;
    // The answer first ("yes", "no", "да", "нет"), then the details; a detail without an answer is a new request.
    const QStringList words = wordsOf(text);
    qsizetype answerWords = 0;
    int yes = 0;
    int no = 0;
    for (; answerWords < words.size(); ++answerWords) {
        const QString &word = words.at(answerWords);
        if (noWords().contains(word))
            ++no;
        else if (yesWords().contains(word))
            ++yes;
        else if (!fillers().contains(word))
            break;
    }
    constexpr qsizetype kMostDetailWords = 10;
    if ((yes == 0 && no == 0) || answerWords == words.size() || words.size() - answerWords > kMostDetailWords)
        return reading;
    QString rest = words.sliced(answerWords).join(u' ');
    if (const std::optional<PriorityPhrase> priority = priorityIn(rest)) {
        reading.changes.insert(u"priority"_s, priority->name);
        rest = priority->rest;
    }
    // Every word left is a date's or one of the words around a date; the date is then read from them all ("next
    // week", "in 3 days"). Words around no date ("с низким приоритетом") change nothing.
    bool dateWords = false;
    bool datedWord = false;
    for (const QString &word : wordsOf(rest)) {
        if (fillers().contains(word))
            continue;
        bool number = false;
        word.toInt(&number);
        const bool dated = number || DueDateResolver::resolve(word, today, locale).has_value();
        if (!dated && !detailWords().contains(word))
            return Reading {}; // a word we cannot read: the reply may change something we would miss
        dateWords = true;
        datedWord = datedWord || dated;
    }
    if (dateWords) {
        if (const std::optional<QDate> due = DueDateResolver::resolve(rest, today, locale))
            reading.changes.insert(u"due"_s, due->toString(Qt::ISODate));
        else if (datedWord)
            return Reading {};
    }
    if (reading.changes.isEmpty())
        return Reading {};
    reading.kind = no > 0 ? Kind::No : Kind::Yes;
    return reading;
}

ConfirmationReply::Kind ConfirmationReply::classify(const QString &text)
{
    static const QRegularExpression separators(u"[^\\w'’]+"_s, QRegularExpression::UseUnicodePropertiesOption);
    QStringList words = text.toLower().replace(u'’', u'\'').split(separators, Qt::SkipEmptyParts);
    if (words.isEmpty() || words.size() > 6)
        return Kind::Other;
    int yes = 0;
    int no = 0;
    for (const QString &word : std::as_const(words)) {
        // "не надо" is a refusal although "надо" alone is not a word of either kind.
        if (noWords().contains(word))
            ++no;
        else if (yesWords().contains(word))
            ++yes;
        else if (!fillers().contains(word))
            return Kind::Other;
    }
    if (no > 0)
        return Kind::No;
    return yes > 0 ? Kind::Yes : Kind::Other;
}

} // namespace Tandem
