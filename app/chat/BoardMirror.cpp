#include "BoardMirror.h"

#include "chat/ChatRepository.h"
#include "domain/Logging.h"
#include "storage/PostgresBoardStore.h"
#include "storage/PostgresChangeFeed.h"
#include "storage/UnitOfWork.h"

#include <QDir>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
// Changes read from either log at once: a long backlog is read in several rounds.
constexpr int kBatch = 500;
} // namespace

std::unique_ptr<BoardMirror> BoardMirror::open(const BoardUrl &url, const QString &password, const QString &origin,
    ChatRepository &repository, UnitOfWork &local, BoardOpenFailure *failure, QString *error)
{
    std::unique_ptr<PostgresBoardStore> board = PostgresBoardStore::open(url, password, error, failure);
    if (!board)
        return nullptr;
    auto feed = std::make_unique<PostgresChangeFeed>(url, password);
    if (!feed->start(error)) {
        *failure = BoardOpenFailure::Unreachable;
        return nullptr;
    }
    return std::unique_ptr<BoardMirror>(new BoardMirror(std::move(board), std::move(feed), origin, repository, local));
}

BoardMirror::BoardMirror(std::unique_ptr<PostgresBoardStore> board, std::unique_ptr<PostgresChangeFeed> feed,
    QString origin, ChatRepository &repository, UnitOfWork &local)
    : m_board(std::move(board))
    , m_feed(std::move(feed))
    , m_origin(std::move(origin))
    , m_repository(repository)
    , m_local(local)
    , m_retry(new QTimer(this))
    , m_publishSoon(new QTimer(this))
{
    // A subscriber hears what happens from now on, as with the SQLite board's feed.
    m_lastSeen = m_board->lastChangeId();
    connect(m_feed.get(), &PostgresChangeFeed::changed, this, &BoardMirror::readBoard);
    // The repository announces each local change after its commit, whichever process made it; several in one turn of
    // the event loop are written together.
    m_publishSoon->setSingleShot(true);
    m_publishSoon->setInterval(0);
    connect(m_publishSoon, &QTimer::timeout, this, &BoardMirror::publishLocal);
    connect(&m_repository, &ChatRepository::handoffStatusChanged, m_publishSoon, qOverload<>(&QTimer::start));
    m_retry->setInterval(kRetryMs);
    // The board's changes come by notification; the log is read on the timer only after a read failed.
    connect(m_retry, &QTimer::timeout, this, [this] {
        publishLocal();
        if (m_readFailed)
            readBoard();
    });
    m_retry->start();
    publishLocal(); // what the last process acknowledged and did not write (it was killed) goes first
}

BoardMirror::~BoardMirror() = default;

QString BoardMirror::originOf(const QString &machine, const QString &dataFolder)
{
    const QString folder = QDir(dataFolder).canonicalPath();
    return u"%1:%2"_s.arg(machine, folder.isEmpty() ? QDir(dataFolder).absolutePath() : folder);
}

void BoardMirror::setCheckInterval(int milliseconds)
{
    m_feed->setCheckInterval(milliseconds);
}

bool BoardMirror::reachable()
{
    return !m_board->connectionLost() || m_board->reconnect();
}

QString BoardMirror::localStoryOf(qint64 conversationId)
{
    const std::optional<Conversation> conversation = m_repository.conversation(conversationId);
    return conversation ? conversation->storyId : QString();
}

QString BoardMirror::boardStoryOf(qint64 storyKey)
{
    auto known = m_storyIds.constFind(storyKey);
    if (known != m_storyIds.cend())
        return *known;
    const QString id = m_board->storyId(storyKey);
    if (!id.isEmpty())
        m_storyIds.insert(storyKey, id);
    return id;
}

bool BoardMirror::publishLocal()
{
    if (!reachable())
        return false;
    for (;;) {
        const qint64 from = m_board->mirroredUpTo(m_origin);
        if (m_board->connectionLost())
            return false;
        const QList<HandoffChange> changes = m_local.board().changesAfter(from, kBatch);
        // The local log keeps BoardStore::kChangesKept changes: a board out of reach for longer misses the oldest.
        if (from > 0 && !changes.isEmpty() && changes.constFirst().id > from + 1)
            qCWarning(lcDb) << "changes" << from + 1 << "to" << changes.constFirst().id - 1
                            << "left the local log before they reached the team board";
        for (const HandoffChange &change : changes) {
            // A conversation of no team story stays on this machine: only its place in the log is written.
            const StoreResult written = m_board->mirror(m_origin, change, localStoryOf(change.handoff.conversationId));
            if (!written) {
                qCWarning(lcDb) << "the team board did not take change" << change.id << ":"
                                << written.error().message();
                return false;
            }
        }
        if (changes.size() < kBatch)
            return true;
    }
}

void BoardMirror::readBoard()
{
    m_readFailed = true;
    if (!reachable())
        return;
    m_feed->changedElsewhere();
    for (;;) {
        const QList<HandoffChange> changes = m_board->changesAfter(m_lastSeen, kBatch);
        if (m_board->connectionLost())
            return;
        for (const HandoffChange &change : changes) {
            // This Tandem's own handoffs keep the numbers its local API answers to and acts on; the others' are the
            // board's.
            Handoff handoff = change.handoff;
            const qint64 ownId = m_board->localIdIn(m_origin, handoff.id);
            if (m_board->connectionLost())
                return;
            if (ownId > 0)
                handoff.id = ownId;
            m_lastSeen = change.id;
            Q_EMIT changed(handoff, boardStoryOf(change.handoff.conversationId));
        }
        if (changes.size() < kBatch)
            break;
    }
    m_readFailed = false;
}

} // namespace Tandem
