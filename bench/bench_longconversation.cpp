// A person's long conversation: 400 dual-agent turns (agent 1 hands over, agent 2 answers) in one conversation, on
// each protocol, against the fake LLM server in a process of its own that answers at once over loopback HTTP. On the
// Responses API the server holds each agent's thread, so a request carries only what is new; on Chat Completions the
// whole thread is sent again each time. Prints this process's CPU per turn over turns 1–10, 191–200 and 391–400, the
// request bytes sent per turn over the same ranges, the resident memory at the end, and the ratio of turns 391–400 to
// turns 1–10.
// Budgets (README, docs/architecture.md): Responses, turns 391–400 within 1.2× turns 1–10; Chat Completions, the
// growth per turn only the cost of writing the longer body (stated per message below).

#include "BenchSupport.h"
#include "agents/DefaultAgents.h"
#include "agents/ThreadCache.h"
#include "agents/ThreadHistory.h"
#include "llm/ChatCompletionsClient.h"
#include "llm/ChatMessagesCache.h"
#include "storage/AgentThreadStore.h"
#include "storage/ProviderStore.h"

#include <QCoreApplication>
#include <QIODevice>
#include <QJsonDocument>
#include <QNetworkRequest>
#include <QProcess>

#include <cstdio>

using namespace Tandem;
using namespace Qt::StringLiterals;

namespace {

/// Counts the bytes of the request bodies that leave through it.
class CountingNetworkManager final : public QNetworkAccessManager
{
public:
    qint64 sent = 0;

protected:
    QNetworkReply *createRequest(Operation op, const QNetworkRequest &request, QIODevice *outgoingData) override
    {
        if (outgoingData)
            sent += outgoingData->size();
        return QNetworkAccessManager::createRequest(op, request, outgoingData);
    }
};

struct Range
{
    int first; ///< 1-based, inclusive
    int last;
};

constexpr int Turns = 400;
constexpr Range Ranges[] = { { 1, 10 }, { 191, 200 }, { 391, 400 } };

double meanOf(const QList<qint64> &values, const Range &range)
{
    qint64 sum = 0;
    for (int i = range.first; i <= range.last; ++i)
        sum += values.at(i - 1);
    return double(sum) / double(range.last - range.first + 1);
}

/// What the profile showed growing: agent 2's whole thread read from SQLite for each model call. Here, after the
/// 400 turns, the reader without a cache against the engine's cache, which reads only what is new.
void compareReaders(UnitOfWork &work, qint64 conversationId)
{
    constexpr int Reads = 20;
    const QString agent = DefaultAgents::kAgent2.toString();
    const qint64 from = work.threads().get(conversationId, agent).historyFrom;
    qint64 rows0 = qint64(work.rowsRead());
    qint64 cpu0 = Bench::cpuMicros();
    qsizetype items = 0;
    for (int i = 0; i < Reads; ++i)
        items = ThreadHistory::build(work, conversationId, agent, from).size();
    const double fresh = double(Bench::cpuMicros() - cpu0) / Reads;
    const double freshRows = double(qint64(work.rowsRead()) - rows0) / Reads;
    ThreadCache cache(work);
    cache.items(conversationId, agent, from);
    rows0 = qint64(work.rowsRead());
    cpu0 = Bench::cpuMicros();
    for (int i = 0; i < Reads; ++i)
        cache.items(conversationId, agent, from);
    const double cached = double(Bench::cpuMicros() - cpu0) / Reads;
    const double cachedRows = double(qint64(work.rowsRead()) - rows0) / Reads;
    // What writing the Chat Completions body of that thread costs by itself, per message it carries.
    LlmRequest request;
    request.model = u"fake-model"_s;
    request.input = cache.items(conversationId, agent, from);
    qint64 bytes = 0;
    cpu0 = Bench::cpuMicros();
    for (int i = 0; i < Reads; ++i)
        bytes = QJsonDocument(ChatCompletionsClient::buildRequestBody(request)).toJson(QJsonDocument::Compact).size();
    const double body = double(Bench::cpuMicros() - cpu0) / Reads;
    // The same body as the client writes it, from the messages it kept of the thread's previous request
    // (llm/ChatMessagesCache): the thread read again, compared with what is kept, and the kept text copied.
    ChatMessagesCache kept;
    kept.body(request, ChatCompletionsClient::Dialect::Compatible);
    cpu0 = Bench::cpuMicros();
    for (int i = 0; i < Reads; ++i)
        bytes = kept.body(request, ChatCompletionsClient::Dialect::Compatible).size();
    const double keptBody = double(Bench::cpuMicros() - cpu0) / Reads;
    std::printf("  agent 2's thread of %lld items: read whole %.3f ms CPU (%.0f rows read), from the cache %.3f ms "
                "(%.0f rows read); its body written whole (%lld bytes) %.3f ms, %.2f µs per message; from the kept "
                "messages (ChatMessagesCache, as the client writes it) %.3f ms, %.2f µs per message\n",
        static_cast<long long>(items), fresh / 1000.0, freshRows, cached / 1000.0, cachedRows,
        static_cast<long long>(bytes), body / 1000.0, body / double(qMax<qsizetype>(1, items)), keptBody / 1000.0,
        keptBody / double(qMax<qsizetype>(1, items)));
}

bool measure(ProviderProfile::Protocol protocol, const char *label)
{
    QProcess server;
    server.start(QStringLiteral(TANDEM_HELPER_FAKELLM_PATH), { u"--dual"_s });
    if (!server.waitForReadyRead(10000)) {
        std::fprintf(stderr, "the fake LLM server did not start\n");
        return false;
    }
    const QString url = QString::fromUtf8(server.readLine()).trimmed().section(QLatin1Char(' '), -1);

    QTemporaryDir dir;
    Database database;
    if (!database.open(dir.filePath(u"bench.sqlite"_s))) {
        std::fprintf(stderr, "%s\n", qPrintable(database.errorString()));
        return false;
    }
    ProviderProfile profile;
    profile.id = u"fake"_s;
    profile.name = u"Fake"_s;
    profile.protocol = protocol;
    profile.baseUrl = QUrl(url);
    profile.defaultModel = u"fake-model"_s;
    database.work().providers().save(profile);
    CountingNetworkManager network;
    LocalChatRepository repository(database.work(), &network, nullptr, nullptr);

    bool done = false;
    bool failed = false;
    QObject::connect(&repository, &ChatRepository::runFinished, &repository,
        [&](qint64, qint64, RunOutcome outcome, const QString &message) {
            done = true;
            if (outcome != RunOutcome::Completed) {
                failed = true;
                std::fprintf(stderr, "a turn did not complete: %s\n", qPrintable(message));
            }
        });
    const qint64 id = repository.createConversation(Conversation::Mode::Dual);
    repository.setProvider(id, profile.id, profile.defaultModel);
    QList<qint64> cpu;
    QList<qint64> bytes;
    for (int t = 1; t <= Turns && !failed; ++t) {
        done = false;
        const qint64 sent0 = network.sent;
        const qint64 cpu0 = Bench::cpuMicros();
        // The fake server's --dual answers "Q…" with agent 1's handoff and the payload with agent 2's answer.
        repository.send(id, u"Q%1: a haiku about rain, please, with a word about the season."_s.arg(t));
        while (!done)
            QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
        cpu << Bench::cpuMicros() - cpu0;
        bytes << network.sent - sent0;
    }
    server.kill();
    server.waitForFinished();
    if (failed)
        return false;

    std::printf("%s: %d dual turns in one conversation, the fake server in its own process\n", label, Turns);
    for (const Range &range : Ranges)
        std::printf("  turns %3d–%3d: %.3f ms CPU per turn, %.0f bytes sent per turn\n", range.first, range.last,
            meanOf(cpu, range) / 1000.0, meanOf(bytes, range));
    const double first = meanOf(cpu, Ranges[0]);
    const double last = meanOf(cpu, Ranges[2]);
    const double grownBytes = meanOf(bytes, Ranges[2]) - meanOf(bytes, Ranges[0]);
    // Each turn adds four messages to what Chat Completions sends (the person's, agent 1's payload to agent 2,
    // agent 2's answer in both threads): the growth of CPU per message carried is the cost of that longer body.
    const double turnsApart = double(Ranges[2].first - Ranges[0].first);
    std::printf("  ratio turns 391–400 / turns 1–10: %.2f; growth %.2f µs CPU and %.0f bytes per turn of history\n",
        last / first, (last - first) / turnsApart, grownBytes / turnsApart);
    std::printf("  resident memory at the end: %.1f MiB\n", double(Bench::residentKiB()) / 1024.0);
    compareReaders(database.work(), id);
    return true;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    qputenv("QT_LOGGING_RULES", "tandem.*=false");
    if (!measure(ProviderProfile::Protocol::Responses, "Responses API (the server holds the thread)"))
        return 1;
    if (!measure(ProviderProfile::Protocol::ChatCompletions, "Chat Completions (the whole thread sent)"))
        return 1;
    return 0;
}
