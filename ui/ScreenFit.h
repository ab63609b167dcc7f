#pragma once

#include <QSize>

class QWidget;

namespace Tandem::ScreenFit {

/// @brief The room @p window's screen leaves for its contents: the screen's free area (no panels) less the window's
/// frame.
QSize room(const QWidget *window);
/// @brief Shrinks @p window to its screen's free area and moves it back inside: a layout saved on a larger screen, or
/// docks opened on a small one, must not push the composer off the screen.
void keepOnScreen(QWidget *window);

} // namespace Tandem::ScreenFit
