#include "TeamBoardWorker.h"

#include "domain/Logging.h"
#include "storage/BoardUrl.h"
#include "storage/PostgresBoardStore.h"
#include "storage/PostgresChangeLogFeed.h"
#include "storage/PostgresStoryList.h"

#include <QTimer>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
// The window lists this many stories; a board with more shows the newest.
constexpr int kStoriesShown = 1000;
} // namespace

TeamBoardWorker::TeamBoardWorker(int pollMs)
    : m_pollMs(pollMs)
{ }

TeamBoardWorker::~TeamBoardWorker() = default;

void TeamBoardWorker::start(const QString &url, const QString &password)
{
    stop();
    m_url = url;
    m_password = password;
    if (!m_timer) {
        m_timer = new QTimer(this);
        connect(m_timer, &QTimer::timeout, this, &TeamBoardWorker::poll);
    }
    m_timer->start(m_pollMs);
    poll();
}

void TeamBoardWorker::stop()
{
    if (m_timer)
        m_timer->stop();
    m_feed.reset();
    m_board.reset();
    m_lastError.clear();
}

void TeamBoardWorker::follow(qint64 key)
{
    m_story = key;
    if (m_board && key != 0)
        Q_EMIT storyRead(key, m_board->forConversation(key));
}

void TeamBoardWorker::poll()
{
    if (!m_board && !connectBoard())
        return;
    const bool changed = m_feed->changedElsewhere();
    if (m_feed->failed()) {
        dropBoard(m_board->lastError());
        return;
    }
    if (changed)
        readBoard();
}

bool TeamBoardWorker::connectBoard()
{
    QString error;
    const std::optional<BoardUrl> url = BoardUrl::parse(m_url, &error);
    if (url)
        m_board = PostgresBoardStore::open(*url, m_password, &error);
    if (!m_board) {
        if (error != m_lastError) {
            qCInfo(lcDb) << "team board offline:" << error;
            m_lastError = error;
            Q_EMIT offline(error);
        }
        return false;
    }
    m_feed = std::make_unique<PostgresChangeLogFeed>(*m_board);
    m_lastError.clear();
    Q_EMIT online();
    return true;
}

void TeamBoardWorker::readBoard()
{
    QString error;
    const QList<TeamStory> stories = PostgresStoryList::read(*m_board, kStoriesShown, &error);
    if (!error.isEmpty()) {
        dropBoard(error);
        return;
    }
    Q_EMIT storiesRead(stories);
    if (m_story != 0)
        Q_EMIT storyRead(m_story, m_board->forConversation(m_story));
}

void TeamBoardWorker::dropBoard(const QString &error)
{
    // A connection that failed once is not trusted again: the next tick opens a new one, which catches up by reading
    // the whole list (its feed reports a change at its first look).
    m_feed.reset();
    m_board.reset();
    const QString reason = error.isEmpty() ? u"the board's connection was lost"_s : error;
    qCInfo(lcDb) << "team board offline:" << reason;
    m_lastError = reason;
    Q_EMIT offline(reason);
}

} // namespace Tandem
