#pragma once

#include "domain/Conversation.h"

#include <QAbstractListModel>
#include <QDate>
#include <QList>
#include <QPointer>

#include <optional>

namespace Tandem {

class ChatRepository;
class ChatEvents;
class ConversationsApi;

/// @brief The sidebar: conversations, pinned first then by last activity, with a date section per row and a
/// search filter over titles and contents.
///
/// Renaming, pinning and deleting go through it too. Refreshes itself on ChatRepository::conversationsChanged by
/// diffing: rows are removed, moved, inserted or updated one by one (so the view keeps its selection); only a new
/// filter resets the model. Without a filter the list loads lazily: the first pageSize() rows, then a page more on
/// each fetchMore() (the view asks when its last row comes into sight); a refresh re-reads as many rows as are shown.
class ConversationListModel final : public QAbstractListModel
{
    Q_OBJECT

public:
    /// The roles of a sidebar row.
    enum Roles {
        IdRole = Qt::UserRole + 1, ///< qint64
        TitleRole, ///< QString: the title, "New conversation" when empty (also Qt::DisplayRole)
        PinnedRole, ///< bool
        UpdatedAtRole, ///< QDateTime: last activity
        SectionRole, ///< QString: "Pinned", "Today", "Yesterday", "Previous 7 days", "Previous 30 days", "Older"
        ModeRole, ///< int: Conversation::Mode
        ModeNameRole, ///< QString: the stored mode name ("single", "dual", …)
        ModeBadgeRole, ///< QString: the sidebar badge of a mode other than single ("pipeline"), in the current language
    };
    Q_ENUM(Roles)

    /// @brief The date bucket a conversation falls in, as shown above the first row of each section.
    enum class Section { Pinned, Today, Yesterday, Previous7Days, Previous30Days, Older };

    /// @brief The interfaces it reads and calls, and the events it follows (borrowed, of one façade).
    ConversationListModel(ConversationsApi *conversations, ChatEvents *events, QObject *parent = nullptr);
    /// @brief All of them from @p repository (may be null: nothing to read or call), for the window, which wires the
    /// façade whole.
    explicit ConversationListModel(ChatRepository *repository, QObject *parent = nullptr);
    Q_DISABLE_COPY_MOVE(ConversationListModel)

    /// @brief Shows only the conversations whose title or messages contain @p text (empty: all).
    void setFilter(const QString &text);
    QString filter() const { return m_filter; }
    /// @brief The conversations it reads and the events it follows (the sidebar's search uses the same).
    ConversationsApi *conversationsApi() const;
    ChatEvents *events() const;
    /// @brief Re-reads the list from the repository and applies the difference.
    void refresh();
    /// @brief Rows read per page without a filter (default 100); takes effect at the next full read.
    void setPageSize(int rows) { m_pageSize = qMax(1, rows); }
    int pageSize() const { return m_pageSize; }
    /// @brief The day "Today" is measured from; the current date unless set (tests fix it).
    void setToday(const QDate &today) { m_today = today; }

    /// @brief The stored conversation @p id, shown or filtered out; std::nullopt if there is none.
    std::optional<Conversation> conversation(qint64 id) const;
    /// @brief Gives @p id the title @p title (trimmed); false for an empty title or a failed store.
    bool rename(qint64 id, const QString &title);
    /// @brief Pins @p id (first in the list) or unpins it.
    bool setPinned(qint64 id, bool pinned);
    /// @brief Deletes @p id with its messages and handoffs (its run is cancelled first).
    bool remove(qint64 id);
    /// @brief Whether any conversation exists, whatever the filter shows (as of the last unfiltered read; a
    /// filtered read that finds one counts too).
    bool hasConversations() const { return m_hasConversations; }

    int rowOf(qint64 id) const;
    qint64 idAt(int row) const;
    Conversation conversationAt(int row) const;

    static Section sectionFor(const QDate &date, const QDate &today, bool pinned = false);
    static QString sectionLabel(Section section);

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

Q_SIGNALS:
    /// hasConversations() changed.
    void hasConversationsChanged(bool has);

private:
    /// Without a filter the first @p limit rows; with one, every match.
    QList<Conversation> load(int limit);
    void sync(const QList<Conversation> &target);
    QDate today() const;

    QPointer<ChatEvents> m_events; ///< null once the façade is gone: then nothing is read or called
    ConversationsApi *m_conversations = nullptr;
    QList<Conversation> m_rows;
    QString m_filter;
    QDate m_today;
    bool m_hasConversations = false;
    int m_pageSize = 100;
    bool m_hasMore = false; ///< the last unfiltered read filled its limit: more rows may follow
};

} // namespace Tandem
