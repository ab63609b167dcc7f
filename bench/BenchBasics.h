#pragma once

// What the benchmarks share that needs Qt alone, nothing of Tandem, so that bench_qtfloor (which links no Tandem code)
// measures the same way as the others: CPU clocks, and the fake LLM server with a script of dual turns.
// TANDEM_HELPER_FAKELLM_PATH is the fake server's path (bench/CMakeLists.txt).

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QProcess>
#include <QString>
#include <QTemporaryFile>

#include <cstdio>
#include <ctime>
#include <utility>

namespace Tandem::Bench {

/// @brief CPU time of this process in microseconds.
inline qint64 cpuMicros()
{
    timespec ts {};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return qint64(ts.tv_sec) * 1000000 + ts.tv_nsec / 1000;
}

/// @brief CPU time of the calling thread in microseconds.
inline qint64 thisThreadCpuMicros()
{
    timespec ts {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return qint64(ts.tv_sec) * 1000000 + ts.tv_nsec / 1000;
}

#ifdef TANDEM_QTFLOOR_PATH
/// @brief The floor measured now (bench_qtfloor --rounds @p rounds, a process of its own): its CPU per turn, whole
/// process and main thread, in ms; {0, 0} if it failed. A benchmark runs it between its own rounds, so that its ratio
/// to the floor compares figures of the same moment of a shared machine.
inline std::pair<double, double> floorNow(int rounds)
{
    QProcess floor;
    floor.start(QStringLiteral(TANDEM_QTFLOOR_PATH), { QStringLiteral("--rounds"), QString::number(rounds) });
    if (!floor.waitForFinished(120000) || floor.exitCode() != 0)
        return { 0.0, 0.0 };
    const QList<QByteArray> fields = floor.readAllStandardOutput().trimmed().split(' ');
    if (fields.size() != 3 || fields.at(0) != "floor")
        return { 0.0, 0.0 };
    return { fields.at(1).toDouble(), fields.at(2).toDouble() };
}
#endif

/// @brief CPU time in microseconds of each of this process's threads, summed by thread name
/// (/proc/self/task/<tid>/schedstat, nanoseconds), so that a figure can say which part is Qt's own HTTP thread.
inline QMap<QString, qint64> threadCpuMicros()
{
    QMap<QString, qint64> byName;
    const QDir tasks(QStringLiteral("/proc/self/task"));
    for (const QString &tid : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile comm(tasks.filePath(tid + QStringLiteral("/comm")));
        QFile schedstat(tasks.filePath(tid + QStringLiteral("/schedstat")));
        if (!comm.open(QIODevice::ReadOnly) || !schedstat.open(QIODevice::ReadOnly))
            continue;
        const QString name = QString::fromUtf8(comm.readAll().trimmed());
        byName[name] += schedstat.readAll().split(' ').constFirst().toLongLong() / 1000;
    }
    return byName;
}

/// @brief Prints the CPU per turn of each thread between @p before and @p after (threadCpuMicros()), @p turns turns.
inline void printThreadCpu(const QMap<QString, qint64> &before, const QMap<QString, qint64> &after, double turns)
{
    std::printf("  by thread, mean per turn:");
    for (auto it = after.cbegin(); it != after.cend(); ++it) {
        const double ms = double(it.value() - before.value(it.key())) / turns / 1000.0;
        if (ms >= 0.001)
            std::printf(" %s %.3f ms;", qPrintable(it.key()), ms);
    }
    std::printf("\n");
}

#ifdef TANDEM_HELPER_FAKELLM_PATH
/// @brief Starts the fake LLM server in @p server with a script of @p turns dual turns written to @p script (agent 1
/// hands over, agent 2 answers in three deltas); its base URL, or an empty string if it did not start.
inline QString startDualTurnServer(QProcess &server, QTemporaryFile &script, int turns)
{
    QJsonArray replies;
    for (int i = 0; i < turns; ++i) {
        replies.append(
            QJsonObject { { QStringLiteral("text"), QStringLiteral("HANDOFF_AGENT2\nWrite a haiku about rain.") } });
        replies.append(QJsonObject { { QStringLiteral("text"),
            QJsonArray { QStringLiteral("Rain on the roof, "), QStringLiteral("a kettle sings, "),
                QStringLiteral("the cat sleeps on.") } } });
    }
    if (!script.open())
        return {};
    script.write(QJsonDocument(replies).toJson(QJsonDocument::Compact));
    script.flush();
    server.start(QStringLiteral(TANDEM_HELPER_FAKELLM_PATH), { QStringLiteral("--script"), script.fileName() });
    if (!server.waitForReadyRead(10000)) {
        std::fprintf(stderr, "the fake LLM server did not start\n");
        return {};
    }
    return QString::fromUtf8(server.readLine()).trimmed().section(QLatin1Char(' '), -1);
}
#endif

} // namespace Tandem::Bench
