// A child process for the tool-job tests: an agent calls slow_job (SlowTool, a job that never ends on its own) through
// the fake LLM server the test owns; once the call's row says it runs, the helper prints "running" and waits until the
// test kills it with SIGKILL.
#include "SlowTool.h"
#include "agents/EngineConfig.h"
#include "chat/LocalChatRepository.h"
#include "llm/NetworkAccess.h"
#include "storage/AgentStore.h"
#include "storage/Database.h"
#include "storage/ProviderStore.h"
#include "storage/UnitOfWork.h"
#include "tools/ToolRegistry.h"

#include <QCoreApplication>
#include <QNetworkAccessManager>
#include <QUrl>

#include <cstdio>

using namespace Qt::StringLiterals;

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    if (args.size() < 3) {
        std::fprintf(stderr, "usage: helper_slowtool <database file> <base url>\n");
        return 2;
    }
    Tandem::Database database;
    if (!database.open(args.at(1))) {
        std::fprintf(stderr, "%s\n", qPrintable(database.errorString()));
        return 1;
    }
    Tandem::ProviderProfile profile;
    profile.id = u"fake"_s;
    profile.name = u"Fake"_s;
    profile.baseUrl = QUrl(args.at(2));
    profile.protocol = Tandem::ProviderProfile::Protocol::ChatCompletions;
    profile.defaultModel = u"fake-model"_s;
    database.work().providers().save(profile);

    Tandem::ToolRegistry tools;
    tools.registerTool(std::make_unique<Tandem::Test::SlowTool>(std::make_shared<Tandem::Test::SlowTool::State>()));
    QNetworkAccessManager network;
    Tandem::NetworkAccess::configure(&network);
    Tandem::EngineConfig config;
    config.defaultProviderId = profile.id;
    config.retryPolicy.maxRetries = 0;
    Tandem::LocalChatRepository repository(database.work(), &network, nullptr, &tools, config);
    repository.setApiKey(profile.id, u"sk-test"_s);
    Tandem::Agent assistant = database.work().agents().get(u"assistant"_s).value_or(Tandem::Agent {});
    assistant.id = u"assistant"_s;
    assistant.name = u"Assistant"_s;
    assistant.allowedTools = { Tandem::Test::SlowTool::kName.toString() };
    if (!database.work().agents().save(assistant))
        return 1;
    const qint64 conversationId = repository.createConversation(Tandem::Conversation::Mode::Single);

    QObject::connect(&repository, &Tandem::ChatRepository::messageUpdated, &app, [](const Tandem::Message &row) {
        if (row.kind == Tandem::Message::Kind::ToolCall && row.status == Tandem::Message::Status::Streaming) {
            std::printf("running\n");
            std::fflush(stdout);
        }
    });
    repository.send(conversationId, u"do the long job"_s);
    return app.exec();
}
