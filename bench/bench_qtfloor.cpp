// The floor under the engine's budgets: the least any Qt program can spend on a dual-agent turn, with no Tandem code
// at all. It links QtCore, QtNetwork and QtSql only, and per turn makes what a dual turn cannot do without: two
// streamed requests through one QNetworkAccessManager to the fake LLM server (in a process of its own), each reply read
// to its end, and the turn's rows written to a SQLite file in WAL mode (the person's message before the first request,
// agent 1's reply and the two dividers in one transaction, agent 2's reply). No parsing, no history, no agents.
//   bench_qtfloor                 N turns in this process: CPU per turn, and by thread (compare bench_dualturns)
//   bench_qtfloor --once URL DB   one turn, then exit (bench_cliprocess measures it as a whole process)
//   bench_qtfloor --rounds N      N rounds, then one line `floor <ms per turn> <main thread's ms per turn>` (medians),
//                                 for bench_dualturns, which runs it between its own rounds to print its ratio

#include "BenchBasics.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <memory>

using namespace Qt::StringLiterals;
using Tandem::Bench::cpuMicros;
using Tandem::Bench::threadCpuMicros;

namespace {

/// One dual turn's unavoidable work against the server at @p base, rows into @p db; @p done gets false on an error.
class FloorTurn
{
public:
    FloorTurn(QNetworkAccessManager &network, QSqlDatabase &db, const QUrl &base)
        : m_network(network)
        , m_db(db)
        , m_url(base.toString() + u"/chat/completions"_s)
    { }

    void run(std::function<void(bool)> done)
    {
        m_done = std::move(done);
        QSqlQuery insert(m_db);
        if (!insert.exec(u"INSERT INTO messages (conversation_id, role, content) VALUES (1, 'user', 'A haiku')"_s))
            return m_done(false);
        request([this](const QByteArray &reply1) {
            if (!m_db.transaction())
                return m_done(false);
            QSqlQuery q(m_db);
            q.prepare(u"INSERT INTO messages (conversation_id, role, content) VALUES (1, ?, ?)"_s);
            const std::pair<QString, QString> rows[] { { u"agent1"_s, QString::fromUtf8(reply1) },
                { u"divider"_s, u"handing over"_s }, { u"divider"_s, u"accepted"_s } };
            for (const auto &[role, content] : rows) {
                q.addBindValue(role);
                q.addBindValue(content);
                if (!q.exec())
                    return m_done(false);
            }
            if (!m_db.commit())
                return m_done(false);
            request([this](const QByteArray &reply2) {
                QSqlQuery last(m_db);
                last.prepare(u"INSERT INTO messages (conversation_id, role, content) VALUES (1, 'agent2', ?)"_s);
                last.addBindValue(QString::fromUtf8(reply2));
                m_done(last.exec());
            });
        });
    }

private:
    void request(std::function<void(const QByteArray &)> then)
    {
        QNetworkRequest request(m_url);
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArray("application/json"));
        const QJsonObject body { { u"model"_s, u"fake-model"_s }, { u"stream"_s, true },
            { u"messages"_s,
                QJsonArray { QJsonObject { { u"role"_s, u"user"_s }, { u"content"_s, u"A haiku"_s } } } } };
        QNetworkReply *reply = m_network.post(request, QJsonDocument(body).toJson(QJsonDocument::Compact));
        const auto received = std::make_shared<QByteArray>();
        QObject::connect(
            reply, &QNetworkReply::readyRead, reply, [reply, received] { received->append(reply->readAll()); });
        QObject::connect(reply, &QNetworkReply::finished, reply, [this, reply, received, then = std::move(then)] {
            reply->deleteLater();
            if (reply->error() != QNetworkReply::NoError)
                return m_done(false);
            then(*received);
        });
    }

    QNetworkAccessManager &m_network;
    QSqlDatabase &m_db;
    QUrl m_url;
    std::function<void(bool)> m_done;
};

bool openDatabase(QSqlDatabase &db, const QString &path)
{
    db = QSqlDatabase::addDatabase(u"QSQLITE"_s);
    db.setDatabaseName(path);
    if (!db.open())
        return false;
    QSqlQuery q(db);
    return q.exec(u"PRAGMA journal_mode = WAL"_s) && q.exec(u"PRAGMA synchronous = NORMAL"_s)
        && q.exec(u"CREATE TABLE IF NOT EXISTS messages (id INTEGER PRIMARY KEY, conversation_id INTEGER NOT NULL, "
                  "role TEXT NOT NULL, content TEXT NOT NULL)"_s);
}

bool runTurns(FloorTurn &turn, int count)
{
    bool ok = true;
    for (int i = 0; i < count && ok; ++i) {
        bool finished = false;
        turn.run([&](bool success) {
            ok = success;
            finished = true;
        });
        while (!finished)
            QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    }
    return ok;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    QSqlDatabase db;
    QNetworkAccessManager network;
    if (args.size() == 4 && args.at(1) == u"--once") {
        if (!openDatabase(db, args.at(3)))
            return 1;
        FloorTurn turn(network, db, QUrl(args.at(2)));
        return runTurns(turn, 1) ? 0 : 1;
    }

    const bool terse = args.size() == 3 && args.at(1) == u"--rounds";
    const int Rounds = terse ? std::max(1, args.at(2).toInt()) : 7;
    constexpr int Turns = 100;
    QTemporaryFile script;
    QProcess server;
    const QString url = Tandem::Bench::startDualTurnServer(server, script, (Rounds + 1) * Turns);
    if (url.isEmpty())
        return 1;
    QTemporaryDir dir;
    if (!openDatabase(db, dir.filePath(u"floor.sqlite"_s))) {
        std::fprintf(stderr, "cannot open the database\n");
        return 1;
    }
    FloorTurn turn(network, db, QUrl(url));
    if (!runTurns(turn, Turns)) { // warm-up: the connection, the statements
        std::fprintf(stderr, "a turn failed\n");
        return 1;
    }
    QList<double> perTurn;
    QList<double> mainPerTurn; // this (the main) thread alone, as bench_dualturns' engine thread
    const QMap<QString, qint64> threads0 = threadCpuMicros();
    for (int r = 0; r < Rounds; ++r) {
        const qint64 cpu0 = cpuMicros();
        const qint64 main0 = Tandem::Bench::thisThreadCpuMicros();
        if (!runTurns(turn, Turns))
            return 1;
        perTurn << double(cpuMicros() - cpu0) / Turns / 1000.0;
        mainPerTurn << double(Tandem::Bench::thisThreadCpuMicros() - main0) / Turns / 1000.0;
    }
    const QMap<QString, qint64> threads1 = threadCpuMicros();
    server.kill();
    server.waitForFinished();
    std::sort(perTurn.begin(), perTurn.end());
    std::sort(mainPerTurn.begin(), mainPerTurn.end());
    if (terse) {
        std::printf("floor %.4f %.4f\n", perTurn.at(perTurn.size() / 2), mainPerTurn.at(mainPerTurn.size() / 2));
        return 0;
    }
    std::printf("the floor of a dual turn (two streamed requests through QNetworkAccessManager, five SQLite rows, no "
                "Tandem code): %.3f ms CPU, median of %d rounds of %d turns (%.3f–%.3f)\n",
        perTurn.at(perTurn.size() / 2), Rounds, Turns, perTurn.first(), perTurn.last());
    Tandem::Bench::printThreadCpu(threads0, threads1, double(Rounds) * Turns);
    return 0;
}
