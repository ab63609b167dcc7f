// Opening a 10,000-message conversation to its first paint (offscreen), and the resident memory with it open.
// Budgets (docs/architecture.md): first paint <= 50 ms; resident memory <= 80 MB.

#include "BenchSupport.h"
#include "ChatView.h"
#include "MainWindow.h"
#include "presentation/ChatViewModel.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QPainter>
#include <QPixmap>

#include <cstdio>

using namespace Tandem;

namespace {

class PaintProbe final : public QObject
{
public:
    bool painted = false;
    bool eventFilter(QObject *, QEvent *event) override
    {
        if (event->type() == QEvent::Paint)
            painted = true;
        return false;
    }
};

} // namespace

int main(int argc, char *argv[])
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const qint64 baseKiB = Bench::residentKiB();
    Bench::ChatFixture fixture(10000);
    MainWindow window(fixture.repository.get());
    window.resize(1100, 760);
    window.show();
    QCoreApplication::processEvents();

    PaintProbe probe;
    window.chatView()->viewport()->installEventFilter(&probe);
    QElapsedTimer wall;
    const qint64 cpu0 = Bench::cpuMicros();
    wall.start();
    window.viewModel()->openConversation(fixture.conversationId);
    // First paint: the view lays out and paints its viewport.
    QPixmap target(window.chatView()->viewport()->size());
    window.chatView()->viewport()->render(&target);
    const qint64 firstPaintUs = wall.nsecsElapsed() / 1000;
    const qint64 cpuUs = Bench::cpuMicros() - cpu0;
    while (!probe.painted && wall.elapsed() < 2000)
        QCoreApplication::processEvents();
    const qint64 rssKiB = Bench::residentKiB();

    std::printf("open 10,000-message conversation to first paint: %.1f ms wall, %.1f ms CPU (budget 50 ms)\n",
        double(firstPaintUs) / 1000.0, double(cpuUs) / 1000.0);
    std::printf("rows loaded at open: %d (the rest pages in on scroll)\n", window.chatView()->model()->rowCount());
    std::printf("resident memory with it open: %.1f MB (process before the fixture: %.1f MB; budget 80 MB)\n",
        double(rssKiB) / 1024.0, double(baseKiB) / 1024.0);

    // Everything paged in (the worst case: the person scrolled to the very top).
    QElapsedTimer all;
    all.start();
    while (window.chatView()->model()->rowCount() < 10000) {
        window.chatView()->scrollToTop();
        QCoreApplication::processEvents();
        if (all.elapsed() > 20000)
            break;
    }
    std::printf("all 10,000 rows paged in after %.0f ms; resident memory %.1f MB\n", double(all.elapsed()),
        double(Bench::residentKiB()) / 1024.0);
    return 0;
}
