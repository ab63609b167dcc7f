#pragma once

#include "domain/SearchHit.h"

#include <QAbstractListModel>
#include <QList>
#include <QPointer>

namespace Tandem {

class ChatRepository;
class ChatEvents;
class ConversationsApi;

/// @brief The sidebar while the person searches: the conversations whose title or messages hold the words typed,
/// the most recent match first, a page at a time (fetchMore), each with its matches marked and a snippet of the
/// message that matched.
///
/// It answers the roles of ConversationListModel (the same numbers, so one delegate draws both) and its own. It reads
/// again on ChatRepository::conversationsChanged: the same rows are updated in place, other rows reset the model.
class ConversationSearchModel final : public QAbstractListModel
{
    Q_OBJECT

public:
    /// The roles beyond ConversationListModel's.
    enum Roles {
        HighlightedTitleRole = Qt::UserRole + 64, ///< HighlightedText: the title, the words that matched marked
        SnippetRole, ///< HighlightedText: a few words of the newest matching message around the match; empty if none
    };
    Q_ENUM(Roles)

    /// Conversations read per page.
    static constexpr int kPageSize = 50;

    /// @brief The interfaces it reads and calls, and the events it follows (borrowed, of one façade).
    ConversationSearchModel(ConversationsApi *conversations, ChatEvents *events, QObject *parent = nullptr);
    /// @brief All of them from @p repository (may be null: nothing to read or call), for the window, which wires the
    /// façade whole.
    explicit ConversationSearchModel(ChatRepository *repository, QObject *parent = nullptr);
    Q_DISABLE_COPY_MOVE(ConversationSearchModel)

    /// @brief Shows the first page of the conversations matching @p text (trimmed; empty: none).
    void setQuery(const QString &text);
    QString query() const { return m_query; }
    /// @brief Reads the shown pages again.
    void refresh();

    int rowOf(qint64 id) const;
    qint64 idAt(int row) const;
    const SearchHit *hitAt(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

Q_SIGNALS:
    /// A query's first page, or the pages read again, are shown.
    void searched();

private:
    QPointer<ChatEvents> m_events; ///< null once the façade is gone: then nothing is read or called
    ConversationsApi *m_conversations = nullptr;
    QString m_query;
    QList<SearchHit> m_hits;
    bool m_hasMore = false;
};

} // namespace Tandem
