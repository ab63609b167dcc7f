#pragma once

#include <QColor>
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

    /// @brief The background of words a rewrite dropped / wrote (side-by-side view), for a dark or light base.
    static QColor diffRemovedColor(bool dark);
    static QColor diffAddedColor(bool dark);
    /// @brief The pipeline panel's agent states: active (the accent), done, rejected, pending, timed out.
    static QColor activeColor();
    static QColor doneColor();
    static QColor rejectedColor();
    static QColor pendingColor();
    static QColor timedOutColor();
    /// @brief The colour of an error line.
    static QColor errorColor();
};

} // namespace Tandem
