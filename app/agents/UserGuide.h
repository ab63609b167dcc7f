#pragma once

#include <QLocale>
#include <QString>

namespace Tandem {

/// @brief Tandem's own user guide (the README's usage sections and the shortcuts, for people), shipped as
/// `:/guide/user-guide.<language>.md`: the Q&A agent's knowledge, given to its prompt as `$USER_GUIDE`.
class UserGuide
{
public:
    /// @brief The guide in @p locale's language (Russian or English; English for any other).
    static QString text(const QLocale &locale = QLocale());
};

} // namespace Tandem
