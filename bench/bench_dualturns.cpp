// The engine's own cost of a dual-agent turn: agent 1 answers with a handoff, agent 2 answers the person, every row
// stored, against the fake LLM server in a process of its own that answers at once over loopback HTTP. CPU time of
// this process per turn (the server's CPU is its own, not counted), several rounds, each the median over its turns.
// Budget (docs/architecture.md, issue #29): at most 1.5 times the floor's turn (bench_qtfloor: the same requests and
// rows with no Tandem code), measured in the same run: a round of the floor runs after each round here, and the
// ratio is of the medians, so that a loaded machine weighs on both sides alike.

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
    QMap<QString, qint64> threadPause;
    QList<double> medians;
    QList<double> means;
    QList<double> engineMeans; // this (the engine's) thread, per turn
    QList<double> floors;
    QList<double> floorMains;
    for (int r = 0; r < Rounds && !failed; ++r) {
        const qint64 engine0 = Bench::thisThreadCpuMicros();
        const QList<qint64> perTurn = round();
        engineMeans << double(Bench::thisThreadCpuMicros() - engine0) / double(perTurn.size()) / 1000.0;
        qint64 sum = 0;
        for (qint64 us : perTurn)
            sum += us;
        medians << double(Bench::percentile(perTurn, 0.5)) / 1000.0;
        means << double(sum) / double(perTurn.size()) / 1000.0;
        const QMap<QString, qint64> paused = Bench::threadCpuMicros();
        const auto [floor, floorMain] = Bench::floorNow(1);
        // The floor's process is not this one; only its wait is, and that is taken out of the threads' figures.
        const QMap<QString, qint64> resumed = Bench::threadCpuMicros();
        for (auto it = paused.cbegin(); it != paused.cend(); ++it)
            threadPause[it.key()] += resumed.value(it.key()) - it.value();
        floors << floor;
        floorMains << floorMain;
    }
    const QMap<QString, qint64> threads1 = Bench::threadCpuMicros();
    server.kill();
    server.waitForFinished();
    if (failed)
        return 1;
    const auto median = [](QList<double> values) {
        std::sort(values.begin(), values.end());
        return values.at(values.size() / 2);
    };
    std::sort(medians.begin(), medians.end());
    std::sort(means.begin(), means.end());
    std::printf("one dual-agent turn (handoff + answer, stored), the fake server in its own process: %.3f ms CPU "
                "median of %d rounds (%.3f–%.3f) of %d turns in %d conversations each; mean per turn %.3f ms "
                "(%.3f–%.3f)\n",
        medians.at(medians.size() / 2), Rounds, medians.first(), medians.last(), Turns, Conversations,
        means.at(means.size() / 2), means.first(), means.last());
    // Where the CPU goes, by thread over all measured rounds: the engine's (this) thread, and Qt's own HTTP thread,
    // which QNetworkAccessManager starts and which reads a plain-HTTP response one read() per header byte.
    QMap<QString, qint64> threadsMeasured = threads1;
    for (auto it = threadPause.cbegin(); it != threadPause.cend(); ++it)
        threadsMeasured[it.key()] -= it.value();
    Bench::printThreadCpu(threads0, threadsMeasured, double(Rounds) * Turns);
    const double floor = median(floors);
    if (floor <= 0.0) {
        std::printf("the floor (bench_qtfloor --rounds 1) did not run: no ratio\n");
        return 1;
    }
    const double ratio = medians.at(medians.size() / 2) / floor;
    std::printf("the floor in the same run (bench_qtfloor, a round after each round here): %.3f ms per turn "
                "(%.3f–%.3f), its main thread %.3f ms; ratio of a dual turn to it %.2f× (budget 1.5×: %s); the "
                "engine's thread to the floor's main thread %.2f× (%.3f ms per turn)\n",
        floor, *std::min_element(floors.cbegin(), floors.cend()), *std::max_element(floors.cbegin(), floors.cend()),
        median(floorMains), ratio, ratio <= 1.5 ? "met" : "NOT MET", median(engineMeans) / median(floorMains),
        median(engineMeans));
    return 0;
}
