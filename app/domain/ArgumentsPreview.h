#pragma once

#include <QCoreApplication>
#include <QString>

namespace Tandem {

/// @brief A bounded preview of a tool call's arguments that hides no field: every top-level key of a JSON object is
/// shown, each value cut on its own, so a short field (a path) after a long one (a file's content) is always seen.
class ArgumentsPreview final
{
    Q_DECLARE_TR_FUNCTIONS(ArgumentsPreview)

public:
    /// @brief One `key: value` line per top-level key of @p arguments (in the object's order), each value cut to
    /// @p valueLimit characters with its length said, the lines joined by @p separator. Arguments that are not a JSON
    /// object are cut as text. At most @p maxKeys keys are listed, the others counted.
    static QString text(const QString &arguments, qsizetype valueLimit, const QString &separator, int maxKeys = 50);
};

} // namespace Tandem
