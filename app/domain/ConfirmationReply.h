#pragma once

#include <QDate>
#include <QJsonObject>
#include <QLocale>
#include <QString>

namespace Tandem {

/// @brief Reads the person's answer to a pending confirmation: a yes, a no, or something else (a change
/// of subject), in English or Russian.
class ConfirmationReply
{
public:
    enum class Kind { Yes, No, Other };

    /// @brief Yes or No when every word of @p text (at most six) is a word of agreement or refusal ("yes", "y",
    /// "ok", "sure, go ahead", "да", "ок", "давай"; "no", "n", "cancel", "нет", "не надо"); else Other.
    static Kind classify(const QString &text);

    /// @brief An answer as a person says it: a yes or a no, and the details it changes.
    struct Reading
    {
        Kind kind = Kind::Other;
        QJsonObject changes; ///< create_task's arguments it sets: "priority" (low, normal, high), "due" (ISO date)
    };
    /// @brief Reads @p text as classify() does, and also a yes or a no followed by the details of a task: a priority
    /// ("high priority", "высокий приоритет", "urgent") and a due date ("due Friday", "make it Monday", "к пятнице"),
    /// resolved against @p today. A reply with any other word is Other, so nothing is changed on a guess.
    static Reading read(const QString &text, const QDate &today, const QLocale &locale = QLocale());
};

} // namespace Tandem
