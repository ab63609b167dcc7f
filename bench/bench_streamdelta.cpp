// Streaming cost. (1) One delta end to end: a 5,000-chunk reply from the fake LLM server in a process of its own
// (loopback HTTP, SSE parsing, storing, the model's coalesced update, the view's repaint), CPU per delta of this
// process. (2) The event-loop stall while 5,000 deltas per second reach an open chat view: the gaps of a 1 ms timer,
// p50/p99/max.
// Budgets (docs/architecture.md): one delta <= 20 us of CPU; stall p99 <= 16 ms.

#include "BenchSupport.h"
#include "ChatView.h"
#include "MainWindow.h"
#include "presentation/ChatViewModel.h"
#include "presentation/MessageListModel.h"
#include "storage/ProviderStore.h"
#include "storage/UnitOfWork.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryFile>
#include <QTimer>

#include <cstdio>

using namespace Tandem;

int main(int argc, char *argv[])
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    qputenv("QT_LOGGING_RULES", "tandem.*=false");
    QApplication app(argc, argv);

    // (1) End to end. The fake LLM server runs as its own process (tandem_helper_fakellm), so this process's CPU is
    // Tandem's alone: the socket, SSE parsing, storing, the model's coalesced update and the view's repaint. Run twice:
    // the whole reply as one 25 KB paragraph (the worst case for the Markdown view, which parses the unfinished
    // paragraph again on each update), and as paragraphs of 40 words, as models write.
    const auto endToEnd = [&app](bool paragraphs) {
        Bench::ChatFixture fixture(200);
        const int chunks = 5000;
        QJsonArray text;
        for (int i = 0; i < chunks; ++i)
            text.append(paragraphs && i % 40 == 39 ? QStringLiteral("w%1\n\n").arg(i) : QStringLiteral("w%1 ").arg(i));
        QTemporaryFile script;
        script.open();
        script.write(QJsonDocument(QJsonArray { QJsonObject { { QStringLiteral("text"), text } } }).toJson());
        script.flush();
        QProcess server;
        server.start(QStringLiteral(TANDEM_HELPER_FAKELLM_PATH), { QStringLiteral("--script"), script.fileName() });
        if (!server.waitForReadyRead(10000)) {
            std::fprintf(stderr, "the fake LLM server did not start\n");
            return false;
        }
        const QString listening = QString::fromUtf8(server.readLine()).trimmed();
        ProviderProfile profile;
        profile.id = QStringLiteral("fake");
        profile.name = QStringLiteral("Fake");
        profile.protocol = ProviderProfile::Protocol::ChatCompletions;
        profile.baseUrl = QUrl(listening.section(QLatin1Char(' '), -1));
        profile.defaultModel = QStringLiteral("fake-model");
        fixture.database.work().providers().save(profile);
        fixture.repository->setProvider(fixture.conversationId, profile.id, profile.defaultModel);
        fixture.repository->setMode(fixture.conversationId, Conversation::Mode::Single);
        MainWindow window(fixture.repository.get());
        window.resize(1100, 760);
        window.show();
        window.viewModel()->openConversation(fixture.conversationId);
        QCoreApplication::processEvents();
        // A real event loop that sleeps between events: processEvents() with a time limit drops WaitForMoreEvents,
        // so a loop around it spins and its own polling would be counted as the cost of the deltas.
        QEventLoop loop;
        QObject::connect(fixture.repository.get(), &ChatRepository::runFinished, &loop, &QEventLoop::quit);
        QTimer::singleShot(60000, &loop, &QEventLoop::quit);
        const qint64 cpu0 = Bench::cpuMicros();
        QElapsedTimer wall;
        wall.start();
        fixture.repository->send(fixture.conversationId, QStringLiteral("go"));
        loop.exec();
        const qint64 cpu = Bench::cpuMicros() - cpu0;
        server.kill();
        server.waitForFinished();
        std::printf("one streamed delta end to end, %s (the fake server in its own process): %.1f us CPU "
                    "(%d deltas in %.0f ms wall; budget 20 us)\n",
            paragraphs ? "paragraphs of 40 words" : "one 25 KB paragraph", double(cpu) / chunks, chunks,
            double(wall.elapsed()));
        return true;
    };
    if (!endToEnd(false) || !endToEnd(true))
        return 1;

    // (2) Event-loop stall at 5,000 deltas/s into an open view. (The CPU figure per delta belongs to (1): here the two
    // 1 ms timers keep the event loop busy on their own.)
    {
        Bench::ChatFixture fixture(2000);
        Message reply;
        reply.conversationId = fixture.conversationId;
        reply.role = Message::Role::Assistant;
        reply.agentId = QStringLiteral("agent1");
        reply.status = Message::Status::Streaming;
        reply.createdAt = reply.updatedAt = QDateTime::currentDateTimeUtc();
        fixture.database.work().messages().append(reply);
        MainWindow window(fixture.repository.get());
        window.resize(1100, 760);
        window.show();
        window.viewModel()->openConversation(fixture.conversationId);
        QCoreApplication::processEvents();

        ChatRepository *repository = fixture.repository.get();
        int sent = 0;
        QTimer producer;
        producer.setTimerType(Qt::PreciseTimer);
        producer.setInterval(1);
        QElapsedTimer clock;
        clock.start();
        QObject::connect(&producer, &QTimer::timeout, &app, [&] {
            // Catch up to 5 deltas per elapsed millisecond, like a fast local server would deliver them.
            const qint64 due = clock.elapsed() * 5;
            while (sent < due) {
                Q_EMIT repository->messageDelta(fixture.conversationId, reply.id,
                    sent % 40 == 39 ? QStringLiteral("word\n\n") : QStringLiteral("word "));
                ++sent;
            }
        });
        QList<qint64> gaps;
        QElapsedTimer tick;
        QTimer monitor;
        monitor.setTimerType(Qt::PreciseTimer);
        monitor.setInterval(1);
        QObject::connect(&monitor, &QTimer::timeout, &app, [&] {
            if (tick.isValid())
                gaps << qMax<qint64>(0, tick.nsecsElapsed() / 1000 - 1000);
            tick.start();
        });
        producer.start();
        monitor.start();
        QEventLoop loop;
        QTimer::singleShot(3000, &loop, &QEventLoop::quit);
        loop.exec();
        producer.stop();
        monitor.stop();
        std::printf("event-loop stall at 5,000 deltas/s for 3 s (%d deltas): p50 %.2f ms, p99 %.2f ms, max %.2f ms "
                    "(budget p99 16 ms)\n",
            sent, double(Bench::percentile(gaps, 0.5)) / 1000.0, double(Bench::percentile(gaps, 0.99)) / 1000.0,
            double(Bench::percentile(gaps, 1.0)) / 1000.0);
    }
    return 0;
}
