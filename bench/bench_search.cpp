// The sidebar's text search at the budgets' size: 1,000 conversations with 100,000 messages (about 20 words each,
// one in ten in Russian) in a real SQLite file, indexed as the app writes them. Prints the first page (50
// conversations with their snippets, SearchStore::search) of several kinds of query: a word in nearly every message,
// one in about 2 %, one in about 150 messages, two words, the first letters of a word as one types, a Russian word;
// each measured 21 times, median and min-max. Then the same words through the search the index replaced (LIKE over
// every message) for comparison. Budget (docs/architecture.md): first page <= 30 ms.

#include "BenchSupport.h"
#include "storage/SearchStore.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QRandomGenerator>

#include <cstdio>

using namespace Tandem;

namespace {

// Made-up words from syllables, so that how often each occurs is known: word i of the list is drawn with a
// probability falling as 1/(i+1) (Zipf), the way words of real text are.
QStringList vocabulary(const QStringList &syllables, int count)
{
    QStringList words;
    for (int i = 0; words.size() < count; ++i) {
        const qsizetype n = syllables.size();
        words << syllables.at(i % n) + syllables.at((i / n) % n) + syllables.at((i / (n * n)) % n);
    }
    return words;
}

struct Query
{
    const char *what;
    QString text;
};

void print(const char *what, const QString &text, QList<qint64> us, int hits, bool more)
{
    std::printf("  %-34s %-18s median %6.2f ms (%.2f-%.2f), %d conversations%s\n", what, qPrintable(u'"' + text + u'"'),
        double(Bench::percentile(us, 0.5)) / 1000.0, double(Bench::percentile(us, 0.0)) / 1000.0,
        double(Bench::percentile(us, 1.0)) / 1000.0, hits, more ? " and more" : "");
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    qputenv("QT_LOGGING_RULES", "tandem.*=false");
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("tandem.sqlite"));
    constexpr int Conversations = 1000;
    constexpr int PerConversation = 100;
    constexpr int WordsPerMessage = 20;
    const QStringList latin
        = vocabulary({ QStringLiteral("ka"), QStringLiteral("lo"), QStringLiteral("mi"), QStringLiteral("ne"),
                         QStringLiteral("su"), QStringLiteral("ra"), QStringLiteral("ti"), QStringLiteral("po"),
                         QStringLiteral("ve"), QStringLiteral("do"), QStringLiteral("ba"), QStringLiteral("ze") },
            1700);
    const QStringList cyrillic
        = vocabulary({ QStringLiteral("ка"), QStringLiteral("ло"), QStringLiteral("ми"), QStringLiteral("не"),
                         QStringLiteral("су"), QStringLiteral("ра"), QStringLiteral("ти"), QStringLiteral("по"),
                         QStringLiteral("ве"), QStringLiteral("до") },
            1000);
    // Zipf: the cumulative weights of 1/(i+1).
    const auto cumulative = [](qsizetype n) {
        QList<double> sums;
        double sum = 0;
        for (qsizetype i = 0; i < n; ++i)
            sums << (sum += 1.0 / double(i + 1));
        return sums;
    };
    const QList<double> latinSums = cumulative(latin.size());
    const QList<double> cyrillicSums = cumulative(cyrillic.size());
    QRandomGenerator random(18);
    const auto draw = [&random](const QStringList &words, const QList<double> &sums) {
        const double x = random.generateDouble() * sums.constLast();
        return words.at(std::lower_bound(sums.cbegin(), sums.cend(), x) - sums.cbegin());
    };

    QElapsedTimer timer;
    timer.start();
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
            conversation.title = QStringLiteral("Conversation %1 about %2").arg(c).arg(draw(latin, latinSums));
            conversations.create(conversation);
            for (int i = 0; i < PerConversation; ++i) {
                const bool russian = (c * PerConversation + i) % 10 == 0;
                QStringList words;
                for (int w = 0; w < WordsPerMessage; ++w)
                    words << (russian ? draw(cyrillic, cyrillicSums) : draw(latin, latinSums));
                Message m;
                m.conversationId = conversation.id;
                m.role = i % 2 ? Message::Role::Assistant : Message::Role::User;
                m.agentId = i % 2 ? QStringLiteral("agent1") : QString();
                m.content = words.join(QLatin1Char(' ')) + QLatin1Char('.');
                m.createdAt = m.updatedAt = QDateTime::currentDateTimeUtc();
                messages.append(m);
            }
        }
        transaction.commit();
    }
    std::printf("database: %d conversations, %d messages, %lld MiB, written and indexed in %.1f s\n", Conversations,
        Conversations * PerConversation, QFileInfo(path).size() / (1024 * 1024), double(timer.elapsed()) / 1000.0);

    Database database;
    if (!database.open(path) || !database.work().search().isIndexed()) {
        std::fprintf(stderr, "no index: %s\n", qPrintable(database.errorString()));
        return 1;
    }
    SearchStore &search = database.work().search();
    // latin[0] is in nearly every message; latin[99] in about 2 % of them; latin[1500] in about 150.
    const QList<Query> queries {
        { "a word in nearly every message", latin.at(0) },
        { "a word in about 2 % of them", latin.at(99) },
        { "a word in about 150 messages", latin.at(1500) },
        { "two words", latin.at(2) + QLatin1Char(' ') + latin.at(40) },
        { "the first two letters, typing", latin.at(99).left(2) },
        { "the first four letters, typing", latin.at(99).left(4) },
        { "a Russian word", cyrillic.at(20) },
        { "a title word", QStringLiteral("conversation") },
    };
    std::printf("first page (%d conversations with their snippets), 21 runs each:\n", 50);
    for (const Query &query : queries) {
        QList<qint64> us;
        SearchPage page;
        for (int run = 0; run < 21; ++run) {
            timer.restart();
            page = search.search(query.text, 0, 50);
            us << timer.nsecsElapsed() / 1000;
        }
        print(query.what, query.text, us, int(page.hits.size()), page.hasMore);
    }
    std::printf("for comparison, the search the index replaced (LIKE over every message, all matches), 5 runs:\n");
    for (const Query &query : { queries.at(1), queries.at(2) }) {
        QList<qint64> us;
        int hits = 0;
        for (int run = 0; run < 5; ++run) {
            timer.restart();
            hits = int(database.work().conversations().search(query.text).size());
            us << timer.nsecsElapsed() / 1000;
        }
        print(query.what, query.text, us, hits, false);
    }
    return 0;
}
