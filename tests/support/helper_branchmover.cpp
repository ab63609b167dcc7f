// A child process for the branch crash test (issue #30): moves a conversation's current branch through the real
// façade until it is killed.
//   tandem_helper_branchmover <database> <conversation> switch <message> <message>
//     switches between the branches of the two messages forever, printing "switched" after each switch;
//   tandem_helper_branchmover <database> <conversation> edit <message> <base url>
//     edits the person's message and runs the turn against the server at the base URL (chat completions), printing
//     "sent <id>" once the edit is stored; it never quits, so the test kills it during the run.
#include "chat/LocalChatRepository.h"
#include "storage/Database.h"
#include "storage/UnitOfWork.h"

#include <QCoreApplication>
#include <QNetworkAccessManager>
#include <QTimer>

#include <cstdio>

using namespace Qt::StringLiterals;
using namespace Tandem;

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    if (args.size() < 6) {
        std::fprintf(stderr, "usage: helper_branchmover <database> <conversation> switch|edit <message> <other>\n");
        return 2;
    }
    Database database;
    if (!database.open(args.at(1))) {
        std::fprintf(stderr, "%s\n", qPrintable(database.errorString()));
        return 1;
    }
    QNetworkAccessManager network;
    LocalChatRepository repository(database.work(), &network, nullptr, nullptr);
    const qint64 conversationId = args.at(2).toLongLong();
    const qint64 messageId = args.at(4).toLongLong();
    if (args.at(3) == u"switch"_s) {
        const qint64 other = args.at(5).toLongLong();
        for (quint64 i = 0;; ++i) {
            if (!repository.switchToSibling(conversationId, i % 2 == 0 ? messageId : other).switched) {
                std::fprintf(stderr, "switch %llu failed\n", static_cast<unsigned long long>(i));
                return 1;
            }
            std::printf("switched\n");
            std::fflush(stdout);
        }
    }
    const QString providerId = database.work().conversations().get(conversationId)->providerId;
    repository.setApiKey(providerId, u"sk-crash"_s);
    const SendResult sent = repository.editAndResend(conversationId, messageId, u"edited version"_s);
    if (!sent.accepted()) {
        std::fprintf(stderr, "the edit was refused\n");
        return 1;
    }
    std::printf("sent %lld\n", static_cast<long long>(sent.messageId));
    std::fflush(stdout);
    return app.exec();
}
