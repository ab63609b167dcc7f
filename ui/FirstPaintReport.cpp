#include "FirstPaintReport.h"

#include <QCoreApplication>
#include <QEvent>
#include <QTimer>
#include <QWidget>

#include <cstdio>
#include <ctime>

namespace Tandem {

FirstPaintReport::FirstPaintReport(QWidget *window)
    : QObject(window)
    , m_window(window)
{
    QCoreApplication::instance()->installEventFilter(this);
}

void FirstPaintReport::watch(QWidget *window)
{
    if (window && qEnvironmentVariableIsSet(kEnvironmentVariable))
        new FirstPaintReport(window);
}

bool FirstPaintReport::eventFilter(QObject *watched, QEvent *event)
{
    if (!m_seen && event->type() == QEvent::Paint && watched->isWidgetType()
        && static_cast<QWidget *>(watched)->window() == m_window) {
        m_seen = true;
        QCoreApplication::instance()->removeEventFilter(this);
        // The first paint event of the frame: the rest of the frame is painted and flushed in the same pass, so the
        // report waits until control is back in the event loop.
        QTimer::singleShot(0, this, &FirstPaintReport::report);
    }
    return false;
}

void FirstPaintReport::report()
{
    timespec now {};
    clock_gettime(CLOCK_MONOTONIC, &now);
    std::printf("first-paint %lld\n", static_cast<long long>(now.tv_sec) * 1000000000LL + now.tv_nsec);
    std::fflush(stdout);
    QCoreApplication::quit();
}

} // namespace Tandem
