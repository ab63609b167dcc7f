#pragma once

#include <QPalette>
#include <QString>

namespace Tandem {

/// @brief Applies the theme the person chose: "system" (the platform's palette), "light" or "dark".
///
/// The overrides use the Fusion style, whose colours follow the palette completely, so a dark theme is dark on every
/// desktop; "system" restores the platform's own style and palette.
class Theme
{
public:
    /// @brief The palette of @p theme ("light" or "dark"); for anything else the platform's palette.
    static QPalette palette(const QString &theme);
    /// @brief Applies @p theme to the whole application.
    static void apply(const QString &theme);
};

} // namespace Tandem
