#pragma once

#include "domain/TeamStory.h"

#include <QAbstractTableModel>
#include <QList>

namespace Tandem {

/// @brief The stories of the team's board, newest first: one row per story, columns story, phase, agent, status and
/// handoffs. A new story is a row inserted at the top; a story that moved changes only its own row.
class TeamStoryListModel final : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { StoryColumn, PhaseColumn, AgentColumn, StatusColumn, HandoffsColumn, ColumnCount };
    enum Role {
        KeyRole = Qt::UserRole + 1, ///< qint64: the board's number for the story
        StoryIdRole, ///< QString: seed 002's story id
        PendingRole, ///< int: the story's pending handoffs
    };

    explicit TeamStoryListModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// @brief Shows @p stories (newest first, as PostgresStoryList reads them).
    void setStories(const QList<TeamStory> &stories);
    TeamStory story(int row) const { return m_stories.value(row); }
    /// @brief The row of the story @p key; -1 if it is not listed.
    int rowOf(qint64 key) const;

private:
    QList<TeamStory> m_stories;
};

} // namespace Tandem
