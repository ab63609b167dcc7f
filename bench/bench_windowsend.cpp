// The window with a long conversation: the real main window (offscreen) opened on a 10-message and on a
// 10,000-message dual-agent conversation, and a message sent in each the way a person does (typed into the composer,
// Send clicked) against the fake LLM server in a process of its own that answers at once over loopback HTTP (agent 1
// hands over, agent 2 answers). For each send, the GUI thread's CPU from the click to the reply stored and painted:
// until the run has finished and the event loop has then been idle for 300 ms (timers, queued deltas and the paints
// after the last row included; an idle loop costs no CPU). The engine runs on the GUI thread as it does in the
// window, so the same sends are measured again without a window, through the façade alone: what the window itself
// adds is the difference. Prints the first send after opening and the median of the next ones, for both sizes, and
// the ratio of the long conversation to the short one.
// Goal (issue #29): sending in the 10,000-message conversation adds no more CPU on the GUI thread than in the
// 10-message one.

#include "BenchSupport.h"
#include "ChatView.h"
#include "Composer.h"
#include "MainWindow.h"
#include "presentation/ChatViewModel.h"
#include "presentation/MessageListModel.h"
#include "storage/ProviderStore.h"

#include <QApplication>
#include <QEventLoop>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QTimer>

#include <cstdio>
#include <ctime>
#include <functional>

using namespace Tandem;
using namespace Qt::StringLiterals;

namespace {

constexpr int kSends = 6; ///< the first after opening, then kSends - 1 more
constexpr qint64 kIdleMs = 300;

qint64 threadCpuMicros()
{
    timespec ts {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return qint64(ts.tv_sec) * 1000000 + ts.tv_nsec / 1000;
}

/// Counts the paints of a widget.
class PaintCounter final : public QObject
{
public:
    int paints = 0;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Paint)
            ++paints;
        return QObject::eventFilter(watched, event);
    }
};

struct Sends
{
    QList<qint64> cpuUs;
    int failed = 0;

    double firstMs() const { return cpuUs.isEmpty() ? 0 : double(cpuUs.constFirst()) / 1000.0; }
    double laterMs() const { return cpuUs.size() < 2 ? 0 : double(Bench::percentile(cpuUs.mid(1), 0.5)) / 1000.0; }
};

/// Runs the event loop until @p repository's run in @p conversationId has finished and the loop has then been idle
/// for kIdleMs; false if the run failed or took more than 60 s.
bool awaitReply(LocalChatRepository &repository, qint64 conversationId)
{
    bool completed = false;
    QEventLoop loop;
    QTimer idle;
    idle.setSingleShot(true);
    QObject::connect(&idle, &QTimer::timeout, &loop, &QEventLoop::quit);
    QObject::connect(&repository, &ChatRepository::runFinished, &loop,
        [&](qint64 conversation, qint64, RunOutcome outcome, const QString &) {
            if (conversation != conversationId)
                return;
            completed = outcome == RunOutcome::Completed;
            idle.start(kIdleMs);
        });
    QTimer::singleShot(60000, &loop, &QEventLoop::quit);
    loop.exec();
    return completed;
}

/// Runs the event loop for @p ms.
void wait(int ms)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

QString message(int send)
{
    return u"Q%1: a haiku about rain, please, with a word about the season."_s.arg(send);
}

/// kSends messages sent through the window's composer; the GUI thread's CPU of each.
Sends sendThroughWindow(Bench::ChatFixture &fixture, int *paints)
{
    Sends sends;
    MainWindow window(fixture.repository.get());
    window.resize(1100, 760);
    window.show();
    window.viewModel()->openConversation(fixture.conversationId);
    wait(500);
    auto *editor = window.composer()->findChild<QPlainTextEdit *>();
    auto *send = window.composer()->findChild<QPushButton *>(u"SendButton"_s);
    ChatView *view = window.chatView();
    PaintCounter counter;
    if (view)
        view->viewport()->installEventFilter(&counter);
    for (int i = 1; i <= kSends; ++i) {
        editor->setPlainText(message(i));
        const qint64 cpu0 = threadCpuMicros();
        send->click();
        if (!awaitReply(*fixture.repository, fixture.conversationId))
            ++sends.failed;
        sends.cpuUs << threadCpuMicros() - cpu0;
    }
    *paints = counter.paints;
    return sends;
}

/// The same sends through the façade alone, without a window: the engine's share of the GUI thread.
Sends sendThroughFacade(Bench::ChatFixture &fixture)
{
    Sends sends;
    for (int i = 1; i <= kSends; ++i) {
        const qint64 cpu0 = threadCpuMicros();
        fixture.repository->send(fixture.conversationId, message(i));
        if (!awaitReply(*fixture.repository, fixture.conversationId))
            ++sends.failed;
        sends.cpuUs << threadCpuMicros() - cpu0;
    }
    return sends;
}

/// A conversation of @p count messages whose provider is the fake server at @p url.
std::unique_ptr<Bench::ChatFixture> conversation(int count, const QString &url)
{
    auto fixture = std::make_unique<Bench::ChatFixture>(count);
    ProviderProfile profile;
    profile.id = u"fake"_s;
    profile.name = u"Fake"_s;
    profile.protocol = ProviderProfile::Protocol::ChatCompletions;
    profile.baseUrl = QUrl(url);
    profile.defaultModel = u"fake-model"_s;
    fixture->database.work().providers().save(profile);
    fixture->repository->setProvider(fixture->conversationId, profile.id, profile.defaultModel);
    return fixture;
}

void print(const char *what, int count, const Sends &sends)
{
    std::printf("  %s, %6d messages: first send %.1f ms, then median %.1f ms of GUI-thread CPU%s\n", what, count,
        sends.firstMs(), sends.laterMs(), sends.failed ? " — SOME SENDS FAILED" : "");
}

void printLoad(const char *when)
{
    double load[3] = {};
    if (::getloadavg(load, 3) == 3)
        std::printf("load average %s: %.2f %.2f %.2f\n", when, load[0], load[1], load[2]);
    std::fflush(stdout);
}

} // namespace

int main(int argc, char *argv[])
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    qputenv("QT_LOGGING_RULES", "tandem.*=false");
    QApplication app(argc, argv);
    QProcess server;
    server.start(QStringLiteral(TANDEM_HELPER_FAKELLM_PATH), { u"--dual"_s });
    if (!server.waitForReadyRead(10000)) {
        std::fprintf(stderr, "the fake LLM server did not start\n");
        return 1;
    }
    const QString url = QString::fromUtf8(server.readLine()).trimmed().section(QLatin1Char(' '), -1);
    std::printf("sending a dual-agent message in the window, Chat Completions, the fake server in its own process; %d "
                "sends each\n",
        kSends);
    printLoad("before");
    constexpr int kSizes[] = { 10, 10000 };
    Sends window[2];
    Sends facade[2];
    int paints[2] = {};
    for (int i = 0; i < 2; ++i) {
        auto fixture = conversation(kSizes[i], url);
        window[i] = sendThroughWindow(*fixture, &paints[i]);
    }
    for (int i = 0; i < 2; ++i) {
        auto fixture = conversation(kSizes[i], url);
        facade[i] = sendThroughFacade(*fixture);
    }
    std::printf("the window (offscreen), from the click to the reply stored and painted:\n");
    for (int i = 0; i < 2; ++i)
        print("window", kSizes[i], window[i]);
    std::printf("the façade alone (the engine's share), no window:\n");
    for (int i = 0; i < 2; ++i)
        print("façade", kSizes[i], facade[i]);
    const auto ratio = [](double a, double b) {
        return b > 0 ? a / b : 0.0;
    };
    std::printf("ratio 10,000 / 10 messages: window first %.2f, then %.2f; façade first %.2f, then %.2f\n",
        ratio(window[1].firstMs(), window[0].firstMs()), ratio(window[1].laterMs(), window[0].laterMs()),
        ratio(facade[1].firstMs(), facade[0].firstMs()), ratio(facade[1].laterMs(), facade[0].laterMs()));
    std::printf("what the window adds (window − façade, medians): %.1f ms with 10, %.1f ms with 10,000; chat view "
                "paints: %d and %d\n",
        window[0].laterMs() - facade[0].laterMs(), window[1].laterMs() - facade[1].laterMs(), paints[0], paints[1]);
    printLoad("after");
    server.kill();
    server.waitForFinished();
    return window[0].failed || window[1].failed || facade[0].failed || facade[1].failed ? 1 : 0;
}
