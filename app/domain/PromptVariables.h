#pragma once

#include <QHash>
#include <QString>
#include <QStringList>
#include <QStringView>

namespace Tandem {

/// @brief The variables of an agent's prompt, substituted as a shell would: `$NAME` and `${NAME}`, NAME in
/// capitals, digits and underscores, starting with a capital (STORY_ID, DASHBOARD_URL, BRANCH), take the value the
/// conversation sets for NAME.
///
/// `$$` writes one `$`. A `$` before anything else stays as it is: `$x`, `$1`, `${x}` and `$` alone are left for
/// the code examples of a prompt. `$NAME` takes the longest run of capitals, digits and underscores after the `$`.
class PromptVariables
{
public:
    /// @brief What substitute() made of a text.
    struct Result
    {
        QString text; ///< the text with every known variable replaced; an unknown one is left as written
        QStringList unknown; ///< the names the text uses that @p values lacks, each once, in the order first used
    };

    /// @brief @p text with its variables replaced by @p values (name → value; the values are not substituted again).
    static Result substitute(QStringView text, const QHash<QString, QString> &values);
    /// @brief The variable names @p text uses, each once, in the order first used.
    static QStringList used(QStringView text);
    /// @brief True if @p name can be a prompt variable: A-Z first, then A-Z, 0-9 or '_'.
    static bool isName(QStringView name);
};

} // namespace Tandem
