#include "TeamBoardViewModel.h"

#include "domain/PipelinePhase.h"

#include <QLocale>

namespace Tandem {

TeamBoardViewModel::TeamBoardViewModel(TeamBoard *board, QObject *parent)
    : QObject(parent)
    , m_board(board)
{
    if (!m_board)
        return;
    connect(m_board, &TeamBoard::stateChanged, this, &TeamBoardViewModel::stateChanged);
    connect(m_board, &TeamBoard::storiesChanged, this, [this] {
        m_stories.setStories(m_board->stories());
        Q_EMIT storyChanged(); // the opened story's summary reads its row
    });
    connect(m_board, &TeamBoard::storyChanged, this, &TeamBoardViewModel::storyChanged);
    m_stories.setStories(m_board->stories());
}

TeamBoard::State TeamBoardViewModel::state() const
{
    return m_board ? m_board->state() : TeamBoard::State::Off;
}

QString TeamBoardViewModel::statusText() const
{
    switch (state()) {
    case TeamBoard::State::Off:
        return tr("No team board: set one in Settings → Team board.");
    case TeamBoard::State::Connecting:
        return tr("Connecting to the team board…");
    case TeamBoard::State::Online:
        return tr("Team board: %n stories.", nullptr, m_stories.rowCount());
    case TeamBoard::State::Offline:
        break;
    }
    // libpq's first line says what happened; the rest is its advice, in the log.
    return tr("The team board is offline; trying again. %1").arg(m_board->lastError().section(u'\n', 0, 0).trimmed());
}

void TeamBoardViewModel::openStory(int row)
{
    if (m_board && row >= 0 && row < m_stories.rowCount())
        m_board->openStory(m_stories.story(row).key);
}

QString TeamBoardViewModel::openedStoryId() const
{
    if (!m_board || m_board->openedStory() == 0)
        return {};
    return m_stories.story(m_stories.rowOf(m_board->openedStory())).storyId;
}

QString TeamBoardViewModel::openedStorySummary() const
{
    if (!m_board || m_board->openedStory() == 0)
        return {};
    const TeamStory story = m_stories.story(m_stories.rowOf(m_board->openedStory()));
    if (story.currentAgent.isEmpty())
        return tr("%1: not started.").arg(story.storyId);
    if (story.phase == PipelinePhase::kComplete)
        return tr("%1: complete.").arg(story.storyId);
    return tr("%1: %2, with %3.").arg(story.storyId, story.phase, story.currentAgent);
}

QStringList TeamBoardViewModel::openedStoryHandoffs() const
{
    QStringList lines;
    if (!m_board)
        return lines;
    for (const Handoff &handoff : m_board->storyHandoffs()) {
        const QDateTime when = handoff.isFinal() ? handoff.processedAt() : handoff.createdAt;
        lines.append(tr("%1 → %2: %3, %4")
                         .arg(handoff.fromAgent, handoff.toAgent, Handoff::statusName(handoff.status()),
                             QLocale().toString(when.toLocalTime(), QLocale::ShortFormat)));
    }
    return lines;
}

} // namespace Tandem
