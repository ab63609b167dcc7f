#include "TeamBoardProbe.h"

#include "storage/BoardUrl.h"
#include "storage/PostgresBoardStore.h"
#include "storage/PostgresStoryList.h"

#include <QPointer>
#include <QThread>

#include <memory>

using namespace Qt::StringLiterals;

namespace Tandem {

TeamBoardProbe::Problem TeamBoardProbe::classify(const QString &error)
{
    // libpq's messages (in the C locale the tests and most servers use); anything else is shown as it came.
    const QString e = error.toLower();
    if (e.contains(u"password authentication failed") || e.contains(u"no password supplied")
        || e.contains(u"fe_sendauth"))
        return Problem::WrongPassword;
    // A server that takes this host only over TLS answers a plain connection with "no encryption".
    if (e.contains(u"ssl") || (e.contains(u"pg_hba.conf") && e.contains(u"no encryption")))
        return Problem::SslRefused;
    if ((e.contains(u"database") || e.contains(u"role")) && e.contains(u"does not exist"))
        return Problem::NoDatabase;
    if (e.contains(u"could not connect") || e.contains(u"connection refused") || e.contains(u"could not translate")
        || e.contains(u"no such file or directory") || e.contains(u"timeout expired") || e.contains(u"no route to host")
        || e.contains(u"connection to server"))
        return Problem::Unreachable;
    return Problem::Other;
}

TeamBoardProbe::Result TeamBoardProbe::probe(const QString &url, const QString &password)
{
    Result result;
    QString error;
    const std::optional<BoardUrl> board = BoardUrl::parse(url, &error);
    if (!board) {
        result.problem = Problem::BadUrl;
        result.detail = error;
        return result;
    }
    const std::unique_ptr<PostgresBoardStore> store = PostgresBoardStore::open(*board, password, &error);
    if (!store) {
        result.problem = classify(error);
        result.detail = error;
        return result;
    }
    result.stories = PostgresStoryList::count(*store, &error);
    result.problem = error.isEmpty() ? Problem::None : classify(error);
    result.detail = error;
    return result;
}

void TeamBoardProbe::run(
    const QString &url, const QString &password, QObject *context, std::function<void(Result)> done)
{
    auto result = std::make_shared<Result>();
    QThread *thread = QThread::create([result, url, password] { *result = probe(url, password); });
    QPointer<QObject> receiver(context);
    QObject::connect(thread, &QThread::finished, context, [receiver, result, done = std::move(done)] {
        if (receiver)
            done(*result);
    });
    QObject::connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    thread->start();
}

} // namespace Tandem
