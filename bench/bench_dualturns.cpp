// The engine's own cost of a dual-agent turn: agent 1 answers with a handoff, agent 2 answers the person, every row
// stored, against the fake LLM server in a process of its own that answers at once over loopback HTTP. CPU time of
// this process per turn (the server's CPU is its own, not counted), several rounds, each the median over its turns.
// Budget (docs/architecture.md): <= 0.4 ms of CPU per dual turn, storage included.

#include "BenchSupport.h"
#include "storage/ProviderStore.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryFile>

#include <cstdio>

using namespace Tandem;
using namespace Qt::StringLiterals;

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    qputenv("QT_LOGGING_RULES", "tandem.*=false");
    constexpr int Rounds = 7;
    constexpr int Conversations = 10;
    constexpr int TurnsPerConversation = 10;
    constexpr int Turns = Conversations * TurnsPerConversation;

    QTemporaryFile script;
    QProcess server;
    const QString url = Bench::startDualTurnServer(server, script, (Rounds + 1) * Turns);
    if (url.isEmpty())
        return 1;

    QTemporaryDir dir;
    Database database;
    if (!database.open(dir.filePath(u"bench.sqlite"_s))) {
        std::fprintf(stderr, "%s\n", qPrintable(database.errorString()));
        return 1;
    }
    ProviderProfile profile;
    profile.id = u"fake"_s;
    profile.name = u"Fake"_s;
    profile.protocol = ProviderProfile::Protocol::ChatCompletions;
    profile.baseUrl = QUrl(url);
    profile.defaultModel = u"fake-model"_s;
    database.work().providers().save(profile);
    QNetworkAccessManager network;
    LocalChatRepository repository(database.work(), &network, nullptr, nullptr);

    bool done = false;
    bool failed = false;
    QObject::connect(&repository, &ChatRepository::runFinished, &app,
        [&](qint64, qint64, RunOutcome outcome, const QString &message) {
            done = true;
            if (outcome != RunOutcome::Completed) {
                failed = true;
                std::fprintf(stderr, "a turn did not complete: %s\n", qPrintable(message));
            }
        });
    const auto turn = [&](qint64 conversationId, int i) {
        done = false;
        repository.send(conversationId, u"A haiku about rain, please (%1)"_s.arg(i));
        while (!done)
            QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    };
    const auto round = [&] {
        QList<qint64> perTurn;
        for (int c = 0; c < Conversations && !failed; ++c) {
            const qint64 id = repository.createConversation(Conversation::Mode::Dual);
            repository.setProvider(id, profile.id, profile.defaultModel);
            for (int t = 0; t < TurnsPerConversation && !failed; ++t) {
                const qint64 cpu0 = Bench::cpuMicros();
                turn(id, t);
                perTurn << Bench::cpuMicros() - cpu0;
            }
        }
        return perTurn;
    };
    round(); // warm-up: caches, prepared statements, the connection to the server
    const QMap<QString, qint64> threads0 = Bench::threadCpuMicros();
    QList<double> medians;
    QList<double> means;
    for (int r = 0; r < Rounds && !failed; ++r) {
        const QList<qint64> perTurn = round();
        qint64 sum = 0;
        for (qint64 us : perTurn)
            sum += us;
        medians << double(Bench::percentile(perTurn, 0.5)) / 1000.0;
        means << double(sum) / double(perTurn.size()) / 1000.0;
    }
    const QMap<QString, qint64> threads1 = Bench::threadCpuMicros();
    server.kill();
    server.waitForFinished();
    if (failed)
        return 1;
    std::sort(medians.begin(), medians.end());
    std::sort(means.begin(), means.end());
    std::printf("one dual-agent turn (handoff + answer, stored), the fake server in its own process: %.3f ms CPU "
                "median of %d rounds (%.3f–%.3f) of %d turns in %d conversations each; mean per turn %.3f ms "
                "(%.3f–%.3f) (budget 0.4 ms)\n",
        medians.at(medians.size() / 2), Rounds, medians.first(), medians.last(), Turns, Conversations,
        means.at(means.size() / 2), means.first(), means.last());
    // Where the CPU goes, by thread over all measured rounds: the engine's (this) thread, and Qt's own HTTP thread,
    // which QNetworkAccessManager starts and which reads a plain-HTTP response one read() per header byte.
    Bench::printThreadCpu(threads0, threads1, double(Rounds) * Turns);
    return 0;
}
