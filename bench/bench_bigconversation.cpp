// A 100,000-message conversation in the real window (offscreen): the resident memory of the whole process with it
// open, and the event loop while scrolling through it end to end, a page at a time: from the newest message up to
// the first one, then down to the newest again. Each step moves the view's scroll bar by one page from a zero-time
// timer; the time between two steps is one pass of the event loop (scrolling, paging rows in, laying out and painting).
// Budgets (docs/architecture.md): resident memory <= 80 MB; the event loop never stalls more than 16 ms at p99.

#include "BenchSupport.h"
#include "ChatView.h"
#include "MainWindow.h"
#include "presentation/ChatViewModel.h"
#include "presentation/MessageListModel.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QScrollBar>
#include <QTimer>

#include <cstdio>
#include <ctime>

using namespace Tandem;

namespace {

constexpr int kMessages = 100000;

/// CPU time of the calling thread (the GUI thread) in microseconds: a pass's own work, without the time the
/// scheduler gave other processes of a busy machine.
qint64 threadCpuMicros()
{
    timespec ts {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return qint64(ts.tv_sec) * 1000000 + ts.tv_nsec / 1000;
}

void printStalls(const char *what, const QList<qint64> &stepsUs)
{
    std::printf("%s: %lld steps, event-loop pass p50 %.2f ms, p99 %.2f ms, max %.1f ms (budget p99 16 ms)\n", what,
        static_cast<long long>(stepsUs.size()), double(Bench::percentile(stepsUs, 0.5)) / 1000.0,
        double(Bench::percentile(stepsUs, 0.99)) / 1000.0, double(Bench::percentile(stepsUs, 1.0)) / 1000.0);
}

} // namespace

int main(int argc, char *argv[])
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    Bench::ChatFixture fixture(kMessages);
    // The fixture appends its rows in one transaction to a new file: their ids follow each other.
    const qint64 firstId
        = fixture.database.work().messages().page(fixture.conversationId, 0, 1).constFirst().id - (kMessages - 1);
    const qint64 fixtureKiB = Bench::residentKiB();
    MainWindow window(fixture.repository.get());
    window.resize(1100, 760);
    window.show();
    QCoreApplication::processEvents();

    QElapsedTimer opening;
    opening.start();
    window.viewModel()->openConversation(fixture.conversationId);
    while (opening.elapsed() < 300)
        QCoreApplication::processEvents();
    ChatView *view = window.chatView();
    auto *model = qobject_cast<MessageListModel *>(window.viewModel()->messages());
    const qint64 openKiB = Bench::residentKiB();
    std::printf("opened: %d rows loaded, newest shown: %s; resident memory %.1f MB (the process before the window: "
                "%.1f MB; budget 80 MB)\n",
        model->rowCount(),
        model->messageAt(model->rowCount() - 1).content.contains(QString::number(kMessages - 1)) ? "yes" : "no",
        double(openKiB) / 1024.0, double(fixtureKiB) / 1024.0);
    std::fflush(stdout);

    QScrollBar *bar = view->verticalScrollBar();
    QList<qint64> upUs;
    QList<qint64> downUs;
    QList<qint64> pagingUs; // the steps in which rows paged in
    QList<qint64> cpuUs; // the GUI thread's CPU time of each step
    qint64 cpuMark = threadCpuMicros();
    qint64 firstLoaded = 0;
    qint64 peakKiB = openKiB;
    bool up = true;
    int idle = 0;
    QElapsedTimer step;
    QElapsedTimer total;
    step.start();
    total.start();
    QTimer ticker;
    ticker.setInterval(0);
    QObject::connect(&ticker, &QTimer::timeout, [&] {
        const qint64 passUs = step.nsecsElapsed() / 1000;
        const qint64 cpuNow = threadCpuMicros();
        cpuUs << cpuNow - cpuMark;
        cpuMark = cpuNow;
        (up ? upUs : downUs) << passUs;
        step.restart();
        if (model->messageAt(0).id != firstLoaded) {
            pagingUs << passUs;
            firstLoaded = model->messageAt(0).id;
        }
        if ((upUs.size() + downUs.size()) % 200 == 0)
            peakKiB = qMax(peakKiB, Bench::residentKiB());
        const int before = bar->value();
        if (up) {
            bar->setValue(before - bar->pageStep());
            const bool atFirst = model->rowCount() > 0 && model->messageAt(0).id == firstId && bar->value() == 0;
            if (atFirst) {
                peakKiB = qMax(peakKiB, Bench::residentKiB());
                std::printf("reached the first message after %.1f s; %d rows loaded; resident memory %.1f MB\n",
                    double(total.elapsed()) / 1000.0, model->rowCount(), double(Bench::residentKiB()) / 1024.0);
                up = false;
                total.restart();
            }
        } else {
            bar->setValue(before + bar->pageStep());
            const bool atNewest = bar->value() == bar->maximum()
                && model->messageAt(model->rowCount() - 1).content.contains(QString::number(kMessages - 1));
            idle = bar->value() == before ? idle + 1 : 0;
            if (atNewest || idle > 1000) {
                peakKiB = qMax(peakKiB, Bench::residentKiB());
                std::printf("reached the newest message again after %.1f s (%s); %d rows loaded\n",
                    double(total.elapsed()) / 1000.0, atNewest ? "yes" : "STUCK", model->rowCount());
                ticker.stop();
                QCoreApplication::quit();
            }
        }
        if (total.elapsed() > 600000) {
            std::printf("gave up after 600 s, %s; %d rows loaded; resident memory %.1f MB\n",
                up ? "scrolling up" : "scrolling down", model->rowCount(), double(Bench::residentKiB()) / 1024.0);
            ticker.stop();
            QCoreApplication::quit();
        }
    });
    ticker.start();
    app.exec();

    printStalls("scrolling up to the first message", upUs);
    printStalls("scrolling down to the newest", downUs);
    printStalls("end to end, both ways", upUs + downUs);
    printStalls("  of which the passes that paged rows in", pagingUs);
    printStalls("the GUI thread's CPU time per pass, both ways", cpuUs);
    std::printf("resident memory: %.1f MB after opening, at most %.1f MB sampled while scrolling (budget 80 MB)\n",
        double(openKiB) / 1024.0, double(peakKiB) / 1024.0);
    return 0;
}
