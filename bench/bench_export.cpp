// Exporting a 100,000-message conversation to Markdown and to JSON, and importing that JSON back.
// Budgets (DESIGN.md): export <= 1 s, import <= 2 s. Prints the median of several runs with the spread, the CPU time,
// and how much the resident memory grew during an export (the messages are read page by page, never all at once).

#include "BenchSupport.h"
#include "exchange/Exporter.h"
#include "exchange/JsonImporter.h"
#include "storage/ExchangeStore.h"
#include "storage/Transaction.h"
#include "storage/UnitOfWork.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>

#include <cstdio>

using namespace Tandem;

namespace {

constexpr int kMessages = 100000;
constexpr int kRuns = 5;

struct Sample
{
    qint64 wallUs = 0;
    qint64 cpuUs = 0;
};

/// A database with one dual-agent conversation of kMessages rows: user messages, agent replies with Markdown and
/// code, and every twentieth turn a handoff with its two dividers.
qint64 fill(Database &database)
{
    Conversation conversation;
    conversation.title = QStringLiteral("Benchmark");
    conversation.mode = Conversation::Mode::Dual;
    UnitOfWork &work = database.work();
    work.conversations().create(conversation);
    Transaction transaction(work);
    MessageStore &store = work.messages();
    HandoffStore &handoffs = work.handoffs();
    const QDateTime t0 = QDateTime::currentDateTimeUtc();
    for (int i = 0; i < kMessages; ++i) {
        Message m;
        m.conversationId = conversation.id;
        m.createdAt = m.updatedAt = t0.addMSecs(i);
        if (i % 40 == 2 || i % 40 == 3) {
            Handoff handoff;
            if (i % 40 == 2) {
                handoff.conversationId = conversation.id;
                handoff.fromAgent = QStringLiteral("agent1");
                handoff.toAgent = QStringLiteral("agent2");
                handoff.payload = QJsonObject { { QStringLiteral("text"), QStringLiteral("The brief %1").arg(i) } };
                handoffs.create(handoff);
            }
            m.role = Message::Role::System;
            m.kind = Message::Kind::Divider;
            m.divider = i % 40 == 2 ? Message::Divider::HandingOver : Message::Divider::Accepted;
            m.agentId = i % 40 == 2 ? QStringLiteral("agent1") : QStringLiteral("agent2");
            m.handoffId = handoff.id;
            m.content = i % 40 == 2 ? QStringLiteral("Handing the message to agent 2")
                                    : QStringLiteral("Message accepted by agent 2");
        } else if (i % 2 == 0) {
            m.role = Message::Role::User;
            m.content = QStringLiteral("Question %1: how does this work, and why?").arg(i);
        } else {
            m.role = Message::Role::Assistant;
            m.agentId = i % 4 == 1 ? QStringLiteral("agent1") : QStringLiteral("agent2");
            m.content = QStringLiteral("Here is **answer %1** with `code`, a [link](https://example.com) and:\n\n"
                                       "```cpp\nint x = %1;\n```\n\n- one\n- two")
                            .arg(i);
            m.usage = { 120, 45, 0, 0 };
        }
        store.append(m);
    }
    transaction.commit();
    return conversation.id;
}

Sample exportOnce(ExchangeStore &store, qint64 id, ExportFormat format, const QString &path, qint64 *rssGrowthKiB)
{
    ExportRequest request;
    request.conversationIds = { id };
    request.format = format;
    request.path = path;
    const qint64 rss0 = Bench::residentKiB();
    QElapsedTimer wall;
    const qint64 cpu0 = Bench::cpuMicros();
    wall.start();
    Exporter exporter(&store, request);
    if (!exporter.run())
        std::fprintf(stderr, "export failed: %s\n", qPrintable(exporter.errorString()));
    Sample s { wall.nsecsElapsed() / 1000, Bench::cpuMicros() - cpu0 };
    *rssGrowthKiB = qMax(*rssGrowthKiB, Bench::residentKiB() - rss0);
    return s;
}

void report(const char *what, const QList<Sample> &samples, double budgetMs)
{
    QList<qint64> wall;
    QList<qint64> cpu;
    for (const Sample &s : samples) {
        wall << s.wallUs;
        cpu << s.cpuUs;
    }
    std::printf("%-28s median %7.1f ms wall (min %.1f, max %.1f), %7.1f ms CPU; budget %.0f ms\n", what,
        double(Bench::percentile(wall, 0.5)) / 1000.0, double(Bench::percentile(wall, 0.0)) / 1000.0,
        double(Bench::percentile(wall, 1.0)) / 1000.0, double(Bench::percentile(cpu, 0.5)) / 1000.0, budgetMs);
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QTemporaryDir dir;
    Database database;
    if (!database.open(dir.filePath(QStringLiteral("bench.sqlite"))))
        return 1;
    QElapsedTimer setup;
    setup.start();
    const qint64 id = fill(database);
    std::printf(
        "fixture: %d messages in one conversation, written in %.1f s\n", kMessages, double(setup.elapsed()) / 1000.0);

    ExchangeStore store(database.work());
    const QString markdown = dir.filePath(QStringLiteral("export.md"));
    const QString json = dir.filePath(QStringLiteral("export.json"));
    QList<Sample> md;
    QList<Sample> js;
    qint64 growthKiB = 0;
    for (int run = 0; run < kRuns; ++run) {
        md << exportOnce(store, id, ExportFormat::Markdown, markdown, &growthKiB);
        js << exportOnce(store, id, ExportFormat::Json, json, &growthKiB);
    }
    report("export to Markdown", md, 1000);
    report("export to JSON", js, 1000);
    std::printf("files: Markdown %.1f MB, JSON %.1f MB; resident memory grew by at most %.1f MB during an export\n",
        double(QFileInfo(markdown).size()) / 1048576.0, double(QFileInfo(json).size()) / 1048576.0,
        double(growthKiB) / 1024.0);

    QList<Sample> imports;
    for (int run = 0; run < kRuns; ++run) {
        QTemporaryDir target;
        Database fresh;
        if (!fresh.open(target.filePath(QStringLiteral("import.sqlite"))))
            return 1;
        ExchangeStore freshStore(fresh.work());
        JsonImporter importer(&freshStore);
        QElapsedTimer wall;
        const qint64 cpu0 = Bench::cpuMicros();
        wall.start();
        if (!importer.importFile(json))
            std::fprintf(stderr, "import failed: %s\n", qPrintable(importer.errorString()));
        imports << Sample { wall.nsecsElapsed() / 1000, Bench::cpuMicros() - cpu0 };
        if (importer.messageCount() != kMessages)
            std::fprintf(stderr, "imported %lld messages\n", importer.messageCount());
    }
    report("import the JSON", imports, 2000);
    return 0;
}
