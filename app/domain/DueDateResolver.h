#pragma once

#include <QDate>
#include <QLocale>
#include <QString>

#include <optional>

namespace Tandem {

/// @brief Resolves what a person says about a date ("by Friday", "tomorrow", "in 3 days", "к пятнице", "через 2
/// дня", "2026-11-27", "27.11") against today's date and the person's locale.
///
/// A weekday is its next occurrence (today if today is that day; "next Friday" the one after); a numeric day and month
/// without a year is read in the locale's order (27.11 or 11/27) and is this year's, or next year's once passed.
class DueDateResolver
{
public:
    /// @brief The date @p text names relative to @p today, read in @p locale's order for numeric dates; nothing if
    /// it names none.
    static std::optional<QDate> resolve(const QString &text, const QDate &today, const QLocale &locale = QLocale());
};

} // namespace Tandem
