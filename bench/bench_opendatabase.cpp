// The page check (`PRAGMA quick_check`) on a database of the budgets' size: 1,000 conversations with 100,000 messages.
// Prints Database::open() (which leaves the check out for a file this large) and the check alone, with the file in
// the page cache as the app meets it on a second start.

#include "BenchSupport.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QSqlQuery>

#include <cstdio>

using namespace Tandem;

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("tandem.sqlite"));
    constexpr int Conversations = 1000;
    constexpr int PerConversation = 100;
    {
        Database database;
        if (!database.open(path)) {
            std::fprintf(stderr, "%s\n", qPrintable(database.errorString()));
            return 1;
        }
        Transaction transaction(database.work());
        ConversationStore &conversations = database.work().conversations();
        MessageStore &messages = database.work().messages();
        for (int c = 0; c < Conversations; ++c) {
            Conversation conversation;
            conversation.title = QStringLiteral("Conversation %1").arg(c);
            conversations.create(conversation);
            for (int i = 0; i < PerConversation; ++i) {
                Message m;
                m.conversationId = conversation.id;
                m.role = i % 2 ? Message::Role::Assistant : Message::Role::User;
                m.agentId = i % 2 ? QStringLiteral("agent1") : QString();
                m.content = i % 2
                    ? QStringLiteral("Here is **answer %1** with `code` and a [link](https://example.com)."
                                     "\n\n- one\n- two\n\nAnd a longer paragraph that explains the answer in some "
                                     "detail, as replies of a language model usually do.")
                          .arg(i)
                    : QStringLiteral("Question %1: how does this work?").arg(i);
                m.createdAt = m.updatedAt = QDateTime::currentDateTimeUtc();
                messages.append(m);
            }
        }
        transaction.commit();
    }
    std::printf("database: %lld MiB\n", QFileInfo(path).size() / (1024 * 1024));

    QList<qint64> openUs;
    QList<qint64> checkUs;
    for (int run = 0; run < 15; ++run) {
        Database database;
        QElapsedTimer timer;
        timer.start();
        if (!database.open(path)) {
            std::fprintf(stderr, "%s\n", qPrintable(database.errorString()));
            return 1;
        }
        openUs << timer.nsecsElapsed() / 1000;
        QSqlQuery query(database.connection());
        timer.restart();
        query.exec(QStringLiteral("PRAGMA quick_check"));
        while (query.next()) { }
        checkUs << timer.nsecsElapsed() / 1000;
    }
    std::printf("Database::open (the check left out above 8 MiB): median %.1f ms (%.1f-%.1f ms)\n",
        double(Bench::percentile(openUs, 0.5)) / 1000.0, double(Bench::percentile(openUs, 0.0)) / 1000.0,
        double(Bench::percentile(openUs, 1.0)) / 1000.0);
    std::printf("PRAGMA quick_check alone: median %.1f ms (%.1f-%.1f ms)\n",
        double(Bench::percentile(checkUs, 0.5)) / 1000.0, double(Bench::percentile(checkUs, 0.0)) / 1000.0,
        double(Bench::percentile(checkUs, 1.0)) / 1000.0);
    return 0;
}
