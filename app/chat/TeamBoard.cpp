#include "TeamBoard.h"

#include "TeamBoardWorker.h"
#include "storage/BoardUrl.h"
#include "storage/SecretStore.h"

#include <QPointer>
#include <QThread>

using namespace Qt::StringLiterals;

namespace Tandem {

TeamBoard::TeamBoard(int pollMs, QObject *parent)
    : QObject(parent)
    , m_thread(new QThread(this))
    , m_worker(new TeamBoardWorker(pollMs))
{
    m_thread->setObjectName(u"TeamBoard"_s);
    m_worker->moveToThread(m_thread);
    connect(m_worker, &TeamBoardWorker::online, this, [this] { setState(State::Online); });
    connect(
        m_worker, &TeamBoardWorker::offline, this, [this](const QString &error) { setState(State::Offline, error); });
    connect(m_worker, &TeamBoardWorker::storiesRead, this, [this](const QList<TeamStory> &stories) {
        if (m_state == State::Off)
            return;
        m_stories = stories;
        Q_EMIT storiesChanged();
    });
    connect(m_worker, &TeamBoardWorker::storyRead, this, [this](qint64 key, const QList<Handoff> &handoffs) {
        if (m_state == State::Off || key != m_story)
            return;
        m_handoffs = handoffs;
        Q_EMIT storyChanged();
    });
    m_thread->start();
}

TeamBoard::~TeamBoard()
{
    // The connection is closed on the thread that opened it, then the thread ends.
    QMetaObject::invokeMethod(m_worker, &TeamBoardWorker::stop, Qt::BlockingQueuedConnection);
    m_thread->quit();
    m_thread->wait();
    delete m_worker;
}

void TeamBoard::connectTo(const QString &url, SecretStore *secrets)
{
    if (url.trimmed().isEmpty()) {
        disconnectBoard();
        return;
    }
    QString error;
    const std::optional<BoardUrl> board = BoardUrl::parse(url, &error);
    if (!board || !secrets) {
        connectWithPassword(url, {}); // a bad URL: the worker reports its problem as the board's
        return;
    }
    const quint64 generation = ++m_generation;
    m_url = url.trimmed();
    setState(State::Connecting);
    QPointer<TeamBoard> self(this);
    secrets->read(board->secretKey(), [self, generation, url](const SecretStore::Result &result) {
        if (self && self->m_generation == generation)
            self->connectWithPassword(url, result.ok() ? result.secret : QString());
    });
}

void TeamBoard::connectWithPassword(const QString &url, const QString &password)
{
    ++m_generation;
    m_url = url.trimmed();
    m_stories.clear();
    m_handoffs.clear();
    m_story = 0;
    Q_EMIT storiesChanged();
    setState(State::Connecting);
    QMetaObject::invokeMethod(m_worker, [worker = m_worker, url = m_url, password] { worker->start(url, password); });
}

void TeamBoard::disconnectBoard()
{
    ++m_generation;
    QMetaObject::invokeMethod(m_worker, &TeamBoardWorker::stop);
    m_url.clear();
    m_stories.clear();
    m_handoffs.clear();
    m_story = 0;
    Q_EMIT storiesChanged();
    setState(State::Off);
}

void TeamBoard::openStory(qint64 key)
{
    m_story = key;
    m_handoffs.clear();
    Q_EMIT storyChanged();
    QMetaObject::invokeMethod(m_worker, [worker = m_worker, key] { worker->follow(key); });
}

void TeamBoard::setState(State state, const QString &error)
{
    if (m_state == State::Off && state != State::Connecting && m_url.isEmpty())
        return; // a late answer of the board just turned off
    if (state == m_state && error == m_error)
        return;
    m_state = state;
    m_error = error;
    Q_EMIT stateChanged();
}

} // namespace Tandem
