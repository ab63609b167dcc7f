#include "DueDateResolver.h"

#include <QRegularExpression>
#include <QStringList>

#include <span>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
struct Weekday
{
    int day; ///< 1 = Monday
    QStringView stem; ///< matched at the start of a word, so inflected Russian forms match too
};

constexpr Weekday kWeekdays[] = {
    { 1, u"monday" },
    { 1, u"mon" },
    { 2, u"tuesday" },
    { 2, u"tue" },
    { 3, u"wednesday" },
    { 3, u"wed" },
    { 4, u"thursday" },
    { 4, u"thu" },
    { 5, u"friday" },
    { 5, u"fri" },
    { 6, u"saturday" },
    { 6, u"sat" },
    { 7, u"sunday" },
    { 7, u"sun" },
    // Russian: понедельник, вторник(а), среду/среды/среда, четверг(а), пятницу/пятницы/пятнице, субботу, воскресенье
    { 1, u"понедельн" },
    { 2, u"вторник" },
    { 3, u"сред" },
    { 4, u"четверг" },
    { 5, u"пятниц" },
    { 6, u"суббот" },
    { 7, u"воскресен" },
};

std::optional<int> weekdayOf(const QString &word)
{
    for (const Weekday &entry : std::span(kWeekdays)) {
        const bool shortForm = entry.stem.size() == 3;
        if (shortForm ? word == entry.stem : word.startsWith(entry.stem))
            return entry.day;
    }
    return std::nullopt;
}

bool dayFirst(const QLocale &locale)
{
    const QString format = locale.dateFormat(QLocale::ShortFormat);
    return format.indexOf(u'd') < format.indexOf(u'M');
}
} // namespace

std::optional<QDate> DueDateResolver::resolve(const QString &text, const QDate &today, const QLocale &locale)
{
    const QString lower = text.toLower().trimmed();
    if (lower.isEmpty() || !today.isValid())
        return std::nullopt;

    static const QRegularExpression iso(u"(\\d{4})-(\\d{1,2})-(\\d{1,2})"_s);
    if (const QRegularExpressionMatch m = iso.match(lower); m.hasMatch()) {
        const QDate date(m.captured(1).toInt(), m.captured(2).toInt(), m.captured(3).toInt());
        return date.isValid() ? std::optional(date) : std::nullopt;
    }
    static const QRegularExpression numeric(u"\\b(\\d{1,2})[./](\\d{1,2})(?:[./](\\d{2,4}))?\\b"_s);
    if (const QRegularExpressionMatch m = numeric.match(lower); m.hasMatch()) {
        const int first = m.captured(1).toInt();
        const int second = m.captured(2).toInt();
        const bool dotted = lower.at(m.capturedStart(2) - 1) == u'.';
        // Dots are day.month everywhere; a slash follows the locale (11/27 in the US, 27/11 in Britain).
        const bool dayMonth = dotted || dayFirst(locale);
        const int day = dayMonth ? first : second;
        const int month = dayMonth ? second : first;
        int year = today.year();
        if (!m.captured(3).isEmpty()) {
            year = m.captured(3).toInt();
            if (year < 100)
                year += 2000;
        }
        QDate date(year, month, day);
        if (date.isValid() && m.captured(3).isEmpty() && date < today)
            date = date.addYears(1);
        return date.isValid() ? std::optional(date) : std::nullopt;
    }

    static const QRegularExpression separators(u"[^\\w]+"_s, QRegularExpression::UseUnicodePropertiesOption);
    const QStringList words = lower.split(separators, Qt::SkipEmptyParts);
    static const QRegularExpression inDays(
        u"(?:\\bin|через)\\s+(\\d+)\\s+(day|days|week|weeks|дн|день|дня|дней|недел)"_s,
        QRegularExpression::UseUnicodePropertiesOption);
    if (const QRegularExpressionMatch m = inDays.match(lower); m.hasMatch()) {
        const int count = m.captured(1).toInt();
        const bool weeks = m.captured(2).startsWith(u"week") || m.captured(2).startsWith(u"недел");
        return today.addDays(qint64(count) * (weeks ? 7 : 1));
    }
    if (lower.contains(u"day after tomorrow") || words.contains(u"послезавтра"))
        return today.addDays(2);
    if (words.contains(u"today") || words.contains(u"tonight") || words.contains(u"сегодня"))
        return today;
    if (words.contains(u"tomorrow") || words.contains(u"завтра"))
        return today.addDays(1);
    const bool next = words.contains(u"next") || words.contains(u"следующей") || words.contains(u"следующий")
        || words.contains(u"следующую") || words.contains(u"следующая");
    if (next && (words.contains(u"week") || words.contains(u"неделе") || words.contains(u"неделю")))
        return today.addDays(8 - today.dayOfWeek()); // next Monday
    if (lower.contains(u"end of the week") || lower.contains(u"end of week") || lower.contains(u"конца недели")
        || lower.contains(u"конец недели"))
        return today.addDays(5 - today.dayOfWeek() >= 0 ? 5 - today.dayOfWeek() : 12 - today.dayOfWeek());
    for (const QString &word : words) {
        if (const std::optional<int> day = weekdayOf(word)) {
            if (next) // that day of next week
                return today.addDays(8 - today.dayOfWeek() + (*day - 1));
            return today.addDays((*day - today.dayOfWeek() + 7) % 7);
        }
    }
    return std::nullopt;
}

} // namespace Tandem
