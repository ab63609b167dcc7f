#pragma once

#include <QIcon>
#include <QPalette>
#include <QString>

namespace Tandem {

/// @brief The bundled action icons (resources/icons/action-*.svg), tinted with the palette's text colour.
class Icons
{
public:
    /// @brief The icon `action-<name>.svg`, drawn in @p palette's window text colour (greyed when disabled).
    static QIcon action(const QString &name, const QPalette &palette);
};

} // namespace Tandem
