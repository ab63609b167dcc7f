// A child process for the crash test: commits a known number of rows, then writes forever inside one open
// transaction until it is killed. The test kills it with SIGKILL and checks what survives.
#include "domain/Conversation.h"
#include "domain/Message.h"
#include "storage/ConversationStore.h"
#include "storage/Database.h"
#include "storage/MessageStore.h"
#include "storage/Transaction.h"
#include "storage/UnitOfWork.h"

#include <QCoreApplication>

#include <cstdio>

using namespace Qt::StringLiterals;

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    if (args.size() < 3) {
        std::fprintf(stderr, "usage: helper_dbwriter <database file> <committed rows>\n");
        return 2;
    }
    Tandem::Database database;
    if (!database.open(args.at(1))) {
        std::fprintf(stderr, "%s\n", qPrintable(database.errorString()));
        return 1;
    }
    Tandem::ConversationStore &conversations = database.work().conversations();
    Tandem::MessageStore &messages = database.work().messages();
    Tandem::Conversation conversation;
    conversation.title = u"crash test"_s;
    if (!conversations.create(conversation))
        return 1;

    const int committed = args.at(2).toInt();
    {
        Tandem::Transaction transaction(database.work());
        for (int i = 0; i < committed; ++i) {
            Tandem::Message message;
            message.conversationId = conversation.id;
            message.content = u"committed %1"_s.arg(i);
            if (!messages.append(message))
                return 1;
        }
        if (!transaction.commit())
            return 1;
    }

    Tandem::Transaction transaction(database.work());
    for (qint64 i = 0;; ++i) {
        Tandem::Message message;
        message.conversationId = conversation.id;
        message.role = Tandem::Message::Role::Assistant;
        message.content = u"uncommitted %1 "_s.arg(i).repeated(50);
        if (!messages.append(message))
            return 1;
        if (i == 200) {
            std::printf("writing\n");
            std::fflush(stdout);
        }
    }
}
