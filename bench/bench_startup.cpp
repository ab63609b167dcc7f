// Start to first paint of the window as a whole process: the real `tandem` binary on the offscreen platform, with
// 1,000 conversations and 100,000 messages in its database. Budget (docs/architecture.md): <= 300 ms.
//
// How it is measured: the bench reads CLOCK_MONOTONIC, starts `tandem --data-dir <folder>` with the environment
// variable TANDEM_REPORT_FIRST_PAINT set, and the window (ui/FirstPaintReport) prints "first-paint <CLOCK_MONOTONIC
// ns>" once its first frame is painted and flushed, then quits. The figure is the difference: process creation,
// loading the libraries, opening the database, building the window and its first frame. Each run gets the same
// prepared database (its file in the page cache, as on a second start) and a private HOME and XDG folders, so
// nothing of this machine's settings is read; there is no keychain (no D-Bus session), which the window copes with.
// One run first as a warm-up, not counted; then the median of kRuns with the smallest and largest.

#include "BenchSupport.h"
#include "storage/ProviderStore.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>

#include <cstdio>
#include <ctime>

using namespace Tandem;

namespace {

constexpr int kRuns = 11;
constexpr int kConversations = 1000;
constexpr int kPerConversation = 100;

qint64 monotonicNs()
{
    timespec now {};
    clock_gettime(CLOCK_MONOTONIC, &now);
    return qint64(now.tv_sec) * 1000000000LL + now.tv_nsec;
}

bool prepare(const QString &dataDir)
{
    Database database;
    if (!database.open(dataDir + QStringLiteral("/tandem.sqlite"))) {
        std::fprintf(stderr, "%s\n", qPrintable(database.errorString()));
        return false;
    }
    // A configured provider, so the window opens as it does for someone who has used it (no first-run dialog).
    ProviderProfile provider;
    provider.id = QStringLiteral("local");
    provider.name = QStringLiteral("Local server");
    provider.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:9/v1"));
    provider.defaultModel = QStringLiteral("model");
    database.work().providers().save(provider);
    Transaction transaction(database.work());
    ConversationStore &conversations = database.work().conversations();
    MessageStore &messages = database.work().messages();
    const QDateTime start = QDateTime::currentDateTimeUtc().addDays(-60);
    for (int c = 0; c < kConversations; ++c) {
        Conversation conversation;
        conversation.title = QStringLiteral("Conversation %1").arg(c);
        conversation.mode = c % 3 ? Conversation::Mode::Dual : Conversation::Mode::Single;
        conversation.createdAt = conversation.updatedAt = start.addSecs(qint64(c) * 5000); // spread over 60 days
        conversations.create(conversation);
        for (int i = 0; i < kPerConversation; ++i) {
            Message m;
            m.conversationId = conversation.id;
            m.role = i % 2 ? Message::Role::Assistant : Message::Role::User;
            m.agentId = i % 2 ? QStringLiteral("agent1") : QString();
            m.content = i % 2 ? QStringLiteral("Here is **answer %1** with `code` and a [link](https://example.com)."
                                               "\n\n- one\n- two\n\nAnd a longer paragraph that explains the answer.")
                                    .arg(i)
                              : QStringLiteral("Question %1: how does this work?").arg(i);
            m.createdAt = m.updatedAt = conversation.updatedAt;
            messages.append(m);
        }
    }
    return transaction.commit().ok();
}

/// One start; the milliseconds from starting the process to its first painted frame, -1 on failure.
double startOnce(const QString &program, const QString &dataDir, const QProcessEnvironment &environment)
{
    QProcess process;
    process.setProcessEnvironment(environment);
    process.setProcessChannelMode(QProcess::SeparateChannels);
    const qint64 started = monotonicNs();
    process.start(program, { QStringLiteral("--data-dir"), dataDir });
    qint64 painted = -1;
    QElapsedTimer limit;
    limit.start();
    QByteArray out;
    while (painted < 0 && limit.elapsed() < 20000 && process.waitForReadyRead(20000)) {
        out += process.readAllStandardOutput();
        for (const QByteArray &line : out.split('\n'))
            if (line.startsWith("first-paint "))
                painted = line.mid(12).trimmed().toLongLong();
    }
    if (!process.waitForFinished(5000)) {
        process.kill();
        process.waitForFinished(2000);
    }
    if (painted < 0) {
        std::fprintf(stderr, "no first paint reported; stderr:\n%s\n", process.readAllStandardError().constData());
        return -1;
    }
    return double(painted - started) / 1e6;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QTemporaryDir root;
    const QString dataDir = root.filePath(QStringLiteral("data"));
    QDir().mkpath(dataDir);
    QElapsedTimer preparing;
    preparing.start();
    if (!prepare(dataDir))
        return 1;
    std::printf("database: %d conversations, %d messages, %.1f MiB (prepared in %.1f s)\n", kConversations,
        kConversations * kPerConversation,
        double(QFileInfo(dataDir + QStringLiteral("/tandem.sqlite")).size()) / (1024.0 * 1024.0),
        double(preparing.elapsed()) / 1000.0);

    QProcessEnvironment environment; // empty: nothing of this machine's session
    for (const char *folder : { "home", "config", "data", "cache", "state", "runtime" }) {
        const QString path = root.filePath(QString::fromLatin1(folder));
        QDir().mkpath(path);
        QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    }
    environment.insert(QStringLiteral("PATH"), QStringLiteral("/usr/bin:/bin"));
    environment.insert(QStringLiteral("LANG"), QStringLiteral("C.UTF-8"));
    environment.insert(QStringLiteral("HOME"), root.filePath(QStringLiteral("home")));
    environment.insert(QStringLiteral("XDG_CONFIG_HOME"), root.filePath(QStringLiteral("config")));
    environment.insert(QStringLiteral("XDG_DATA_HOME"), root.filePath(QStringLiteral("data")));
    environment.insert(QStringLiteral("XDG_CACHE_HOME"), root.filePath(QStringLiteral("cache")));
    environment.insert(QStringLiteral("XDG_STATE_HOME"), root.filePath(QStringLiteral("state")));
    environment.insert(QStringLiteral("XDG_RUNTIME_DIR"), root.filePath(QStringLiteral("runtime")));
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    environment.insert(QStringLiteral("TANDEM_REPORT_FIRST_PAINT"), QStringLiteral("1"));

    const QString program = QStringLiteral(TANDEM_PATH);
    if (startOnce(program, dataDir, environment) < 0) // warm-up: libraries and the file in the page cache
        return 1;
    QList<qint64> runsUs;
    for (int run = 0; run < kRuns; ++run) {
        const double ms = startOnce(program, dataDir, environment);
        if (ms < 0)
            return 1;
        runsUs << qint64(ms * 1000.0);
        std::printf("  run %2d: %.1f ms\n", run + 1, ms);
        std::fflush(stdout);
    }
    std::printf("start to first paint, whole process, offscreen: median %.1f ms (%.1f–%.1f ms) of %d runs "
                "(budget 300 ms)\n",
        double(Bench::percentile(runsUs, 0.5)) / 1000.0, double(Bench::percentile(runsUs, 0.0)) / 1000.0,
        double(Bench::percentile(runsUs, 1.0)) / 1000.0, kRuns);
    return 0;
}
