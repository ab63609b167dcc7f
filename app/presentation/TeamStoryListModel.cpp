#include "TeamStoryListModel.h"

#include <QLocale>

namespace Tandem {

TeamStoryListModel::TeamStoryListModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

int TeamStoryListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_stories.size());
}

int TeamStoryListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant TeamStoryListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const TeamStory &story = m_stories.at(index.row());
    switch (role) {
    case KeyRole:
        return story.key;
    case StoryIdRole:
        return story.storyId;
    case PendingRole:
        return story.pending;
    case Qt::DisplayRole:
        switch (index.column()) {
        case StoryColumn:
            return story.storyId;
        case PhaseColumn:
            return story.phase.isEmpty() ? tr("not started") : story.phase;
        case AgentColumn:
            return story.currentAgent;
        case StatusColumn:
            return story.lastStatus;
        case HandoffsColumn:
            return QLocale().toString(story.handoffs);
        default:
            return {};
        }
    case Qt::ToolTipRole:
        return tr("%1: %n handoffs, %2 pending; last change %3", nullptr, story.handoffs)
            .arg(story.storyId)
            .arg(story.pending)
            .arg(QLocale().toString(story.updatedAt.toLocalTime(), QLocale::ShortFormat));
    default:
        return {};
    }
}

QVariant TeamStoryListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case StoryColumn:
        return tr("Story");
    case PhaseColumn:
        return tr("Phase");
    case AgentColumn:
        return tr("Agent");
    case StatusColumn:
        return tr("Status");
    case HandoffsColumn:
        return tr("Handoffs");
    default:
        return {};
    }
}

int TeamStoryListModel::rowOf(qint64 key) const
{
    for (int row = 0; row < m_stories.size(); ++row) {
        if (m_stories.at(row).key == key)
            return row;
    }
    return -1;
}

void TeamStoryListModel::setStories(const QList<TeamStory> &stories)
{
    // New stories come first (the list is newest first): when the old rows are the tail of the new list, the new ones
    // are inserted at the top and the rest change in place; anything else (a story removed, the board changed) is a
    // new list.
    const qsizetype added = stories.size() - m_stories.size();
    bool tail = added >= 0;
    for (qsizetype i = 0; tail && i < m_stories.size(); ++i)
        tail = stories.at(i + added).key == m_stories.at(i).key;
    if (!tail) {
        beginResetModel();
        m_stories = stories;
        endResetModel();
        return;
    }
    if (added > 0) {
        beginInsertRows({}, 0, int(added) - 1);
        m_stories = stories.mid(0, added) + m_stories;
        endInsertRows();
    }
    for (qsizetype i = added; i < stories.size(); ++i) {
        if (m_stories.at(i) == stories.at(i))
            continue;
        m_stories[i] = stories.at(i);
        Q_EMIT dataChanged(index(int(i), 0), index(int(i), ColumnCount - 1));
    }
}

} // namespace Tandem
