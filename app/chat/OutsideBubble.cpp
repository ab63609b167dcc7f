// OutsideBubble bounds what an outside agent's output costs: a write of its row per chunk of output rewrote a row that
// grew without end, and a chatty program made the database and the window do that thousands of times.
#include "OutsideBubble.h"

#include "agents/EngineEvents.h"
#include "domain/Logging.h"
#include "storage/PrivateFiles.h"
#include "storage/UnitOfWork.h"

#include <QDir>
#include <QFileInfo>

#include <utility>

using namespace Qt::StringLiterals;

namespace Tandem {

OutsideBubble::OutsideBubble(
    UnitOfWork &work, EngineEvents &events, const Message &row, const QString &logPath, QObject *parent)
    : QObject(parent)
    , m_work(work)
    , m_events(events)
    , m_row(row)
{
    for (QTimer *timer : { &m_pause, &m_latest }) {
        timer->setSingleShot(true);
        connect(timer, &QTimer::timeout, this, &OutsideBubble::flush);
    }
    m_pause.setInterval(kPauseMs);
    m_latest.setInterval(kLatestMs);
    // The output may hold what the program read in the workspace: the file is the owner's only, as the database is.
    if (!logPath.isEmpty() && PrivateFiles::ensureFile(logPath)) {
        m_log.setFileName(logPath);
        if (!m_log.open(QIODevice::WriteOnly | QIODevice::Truncate))
            qCWarning(lcAgents) << "the outside agent's output cannot be kept in" << logPath << m_log.errorString();
    }
}

void OutsideBubble::append(const QByteArray &bytes)
{
    if (m_log.isOpen())
        m_log.write(bytes);
    m_pending += m_decoder.decode(bytes);
    if (m_pending.size() >= kFlushChars) {
        flush();
        return;
    }
    if (m_pending.isEmpty())
        return;
    m_pause.start();
    if (!m_latest.isActive())
        m_latest.start();
}

void OutsideBubble::flush()
{
    m_pause.stop();
    m_latest.stop();
    if (m_log.isOpen())
        m_log.flush();
    if (m_pending.isEmpty())
        return;
    const QString delta = std::exchange(m_pending, {});
    m_kept += delta;
    const bool cut = m_kept.size() > kKeptChars;
    if (cut) {
        // Cut at a line's start where there is one, so the bubble does not begin mid-line.
        qsizetype from = m_kept.size() - kKeptChars;
        const qsizetype newline = m_kept.indexOf(u'\n', from - 1); // from itself when a line starts there
        if (newline >= 0 && newline + 1 < m_kept.size())
            from = newline + 1;
        m_cutBytes += m_kept.left(from).toUtf8().size();
        m_kept.remove(0, from);
    }
    const QString head = m_cutBytes == 0 ? QString()
        : m_log.isOpen()                 ? tr("[%1 KiB of earlier output cut here; the whole output is in %2]")
                               .arg(m_cutBytes / 1024)
                               .arg(QDir::toNativeSeparators(m_log.fileName()))
            + u'\n'
                         : tr("[%1 KiB of earlier output cut here]").arg(m_cutBytes / 1024) + u'\n';
    m_row.content = head + m_kept;
    const EngineEvents::Entry entry(m_events);
    if (!m_work.messages().update(m_row))
        return;
    // A cut changes the front of the text: the row is announced whole then, a delta otherwise.
    if (cut)
        m_events.postMessageUpdated(m_row);
    else
        m_events.postMessageDelta(m_row.conversationId, m_row.id, delta);
}

} // namespace Tandem
