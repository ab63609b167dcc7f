#pragma once

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
};

} // namespace Tandem
