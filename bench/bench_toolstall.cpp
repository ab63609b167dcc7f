// The event loop while a tool takes 5 s: an agent calls slow_job (the tests' SlowTool, a job that ends after 5 s)
// through the fake LLM server over loopback; a 10 ms timer ticks meanwhile, and the longest gap between two ticks is
// the stall the window would show. Before tools were jobs, the tool ran inside the step that stored its result, on this
// thread: the stall was the tool's whole duration, with the database's write lock held.
// Budget (docs/architecture.md): the longest gap under 50 ms while the tool runs.

#include "BenchSupport.h"
#include "FakeLlmServer.h"
#include "SlowTool.h"
#include "storage/AgentStore.h"
#include "storage/ProviderStore.h"
#include "tools/ToolRegistry.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTimer>

#include <cstdio>

using namespace Tandem;
using namespace Qt::StringLiterals;

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    qputenv("QT_LOGGING_RULES", "tandem.*=false");
    constexpr int ToolMs = 5000;

    Test::FakeLlmServer server;
    server.enqueue(Test::ScriptedReply::calling({ ToolCall { {}, Test::SlowTool::kName.toString(), u"{}"_s, {} } }));
    server.enqueue(Test::ScriptedReply::text({ u"Done."_s }));
    QTemporaryDir dir;
    Database database;
    if (!server.isListening() || !database.open(dir.filePath(u"bench.sqlite"_s))) {
        std::fprintf(stderr, "no server or no database\n");
        return 1;
    }
    ProviderProfile profile;
    profile.id = u"fake"_s;
    profile.name = u"Fake"_s;
    profile.protocol = ProviderProfile::Protocol::ChatCompletions;
    profile.baseUrl = server.baseUrl();
    profile.defaultModel = u"fake-model"_s;
    database.work().providers().save(profile);
    auto state = std::make_shared<Test::SlowTool::State>();
    state->durationMs = ToolMs;
    ToolRegistry tools;
    tools.registerTool(std::make_unique<Test::SlowTool>(state));
    QNetworkAccessManager network;
    EngineConfig config;
    config.defaultProviderId = profile.id;
    LocalChatRepository repository(database.work(), &network, nullptr, &tools, config);
    repository.setApiKey(profile.id, u"sk-bench"_s);
    Agent assistant = database.work().agents().get(u"assistant"_s).value_or(Agent {});
    assistant.id = u"assistant"_s;
    assistant.name = u"Assistant"_s;
    assistant.allowedTools = { Test::SlowTool::kName.toString() };
    database.work().agents().save(assistant);

    QElapsedTimer clock;
    qint64 last = -1;
    qint64 longest = 0;
    int ticks = 0;
    QTimer ticker;
    ticker.setTimerType(Qt::PreciseTimer);
    QObject::connect(&ticker, &QTimer::timeout, &app, [&] {
        const qint64 now = clock.elapsed();
        if (state->started > 0 && last >= 0)
            longest = std::max(longest, now - last);
        last = now;
        ++ticks;
    });
    bool done = false;
    RunOutcome outcome = RunOutcome::Failed;
    QObject::connect(
        &repository, &ChatRepository::runFinished, &app, [&](qint64, qint64, RunOutcome o, const QString &) {
            done = true;
            outcome = o;
        });
    const qint64 id = repository.createConversation(Conversation::Mode::Single);
    clock.start();
    ticker.start(10);
    repository.send(id, u"Do the long job"_s);
    while (!done)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    if (outcome != RunOutcome::Completed || state->started != 1) {
        std::fprintf(stderr, "the run did not complete with one tool call\n");
        return 1;
    }
    std::printf("tool of %d ms: %d ticks of 10 ms, longest gap between two %lld ms (budget < 50 ms), run %lld ms\n",
        ToolMs, ticks, static_cast<long long>(longest), static_cast<long long>(clock.elapsed()));
    return longest < 50 ? 0 : 2;
}
