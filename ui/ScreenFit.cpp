#include "ScreenFit.h"

#include <QScreen>
#include <QWidget>

#include <algorithm>

namespace Tandem::ScreenFit {

QSize room(const QWidget *window)
{
    const QScreen *screen = window->screen();
    if (!screen)
        return QSize(QWIDGETSIZE_MAX, QWIDGETSIZE_MAX);
    // The frame (title bar, borders) is known once shown; before, leave room for a usual title bar.
    const QSize frame = window->isVisible() ? window->frameGeometry().size() - window->geometry().size() : QSize(0, 32);
    return screen->availableGeometry().size() - frame;
}

void keepOnScreen(QWidget *window)
{
    if (window->isMaximized() || window->isFullScreen() || !window->screen())
        return;
    const QSize fit = room(window);
    if (window->width() > fit.width() || window->height() > fit.height())
        window->resize(window->size().boundedTo(fit));
    const QRect available = window->screen()->availableGeometry();
    const QRect frame = window->frameGeometry();
    if (!window->isVisible() || available.contains(frame))
        return;
    window->move(
        std::clamp(frame.left(), available.left(), std::max(available.left(), available.right() + 1 - frame.width())),
        std::clamp(frame.top(), available.top(), std::max(available.top(), available.bottom() + 1 - frame.height())));
}

} // namespace Tandem::ScreenFit
