// A child process for the crash test of the runner: streams a reply from the fake LLM server the test owns, waits
// until the partial reply is in SQLite (written by the runner's throttled persistence, not by this helper), prints
// "persisted <text>" and keeps running until the test kills it with SIGKILL.
#include "agents/EngineConfig.h"
#include "chat/LocalChatRepository.h"
#include "llm/NetworkAccess.h"
#include "storage/Database.h"
#include "storage/MessageStore.h"
#include "storage/ProviderStore.h"
#include "storage/UnitOfWork.h"

#include <QCoreApplication>
#include <QNetworkAccessManager>
#include <QTimer>
#include <QUrl>

#include <cstdio>

using namespace Qt::StringLiterals;

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    if (args.size() < 4) {
        std::fprintf(stderr, "usage: helper_streamer <database file> <base url> <responses|chat>\n");
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
    profile.protocol = args.at(3) == u"responses" ? Tandem::ProviderProfile::Protocol::Responses
                                                  : Tandem::ProviderProfile::Protocol::ChatCompletions;
    profile.defaultModel = u"fake-model"_s;
    database.work().providers().save(profile);

    QNetworkAccessManager network;
    Tandem::NetworkAccess::configure(&network);
    Tandem::EngineConfig config;
    config.defaultProviderId = profile.id;
    config.retryPolicy.maxRetries = 0;
    config.persistIntervalMs = 50;
    config.persistChars = 1'000'000; // only the timer writes, as for a slow trickle of deltas
    Tandem::LocalChatRepository repository(database.work(), &network, nullptr, nullptr, config);
    repository.setApiKey(profile.id, u"sk-test"_s);
    const qint64 conversationId = repository.createConversation(Tandem::Conversation::Mode::Single);

    QString streamed;
    qint64 replyId = 0;
    QObject::connect(
        &repository, &Tandem::ChatRepository::messageDelta, &app, [&](qint64, qint64 messageId, const QString &delta) {
            replyId = messageId;
            streamed += delta;
        });
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &app, [&] {
        if (replyId == 0)
            return;
        const std::optional<Tandem::Message> row = database.work().messages().get(replyId);
        if (row && row->content == streamed && !streamed.isEmpty()) {
            std::printf("persisted %s\n", qPrintable(row->content));
            std::fflush(stdout);
            poll.stop();
        }
    });
    poll.start(20);
    repository.send(conversationId, u"tell me a story"_s);
    return app.exec();
}
