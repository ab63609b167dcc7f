#include "ConversationSearchModel.h"

#include "ConversationListModel.h"
#include "chat/ChatRepository.h"
#include "domain/ModeLabel.h"

using namespace Qt::StringLiterals;

namespace Tandem {

ConversationSearchModel::ConversationSearchModel(ChatRepository *repository, QObject *parent)
    : ConversationSearchModel(repository, repository, parent)
{ }

ConversationSearchModel::ConversationSearchModel(ConversationsApi *conversations, ChatEvents *events, QObject *parent)
    : QAbstractListModel(parent)
    , m_events(events)
    , m_conversations(conversations)
{
    if (events)
        connect(events, &ChatEvents::conversationsChanged, this, &ConversationSearchModel::refresh);
}

void ConversationSearchModel::setQuery(const QString &text)
{
    const QString trimmed = text.trimmed();
    if (trimmed == m_query)
        return;
    m_query = trimmed;
    beginResetModel();
    m_hits.clear();
    m_hasMore = false;
    if (m_events && !m_query.isEmpty()) {
        SearchPage page = m_conversations->search(m_query, 0, kPageSize);
        m_hits = std::move(page.hits);
        m_hasMore = page.hasMore;
    }
    endResetModel();
    Q_EMIT searched();
}

void ConversationSearchModel::refresh()
{
    if (!m_events || m_query.isEmpty())
        return;
    SearchPage page = m_conversations->search(m_query, 0, std::max(kPageSize, int(m_hits.size())));
    bool same = page.hits.size() == m_hits.size();
    for (qsizetype i = 0; same && i < m_hits.size(); ++i)
        same = page.hits.at(i).conversation.id == m_hits.at(i).conversation.id;
    if (same) {
        m_hits = std::move(page.hits);
        m_hasMore = page.hasMore;
        if (!m_hits.isEmpty())
            Q_EMIT dataChanged(index(0), index(int(m_hits.size()) - 1));
        return;
    }
    beginResetModel();
    m_hits = std::move(page.hits);
    m_hasMore = page.hasMore;
    endResetModel();
    Q_EMIT searched();
}

int ConversationSearchModel::rowOf(qint64 id) const
{
    for (int row = 0; row < m_hits.size(); ++row)
        if (m_hits.at(row).conversation.id == id)
            return row;
    return -1;
}

qint64 ConversationSearchModel::idAt(int row) const
{
    return row >= 0 && row < m_hits.size() ? m_hits.at(row).conversation.id : 0;
}

const SearchHit *ConversationSearchModel::hitAt(int row) const
{
    return row >= 0 && row < m_hits.size() ? &m_hits.at(row) : nullptr;
}

int ConversationSearchModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_hits.size());
}

bool ConversationSearchModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && m_hasMore;
}

void ConversationSearchModel::fetchMore(const QModelIndex &parent)
{
    if (parent.isValid() || !m_hasMore || !m_events)
        return;
    SearchPage page = m_conversations->search(m_query, int(m_hits.size()), kPageSize);
    m_hasMore = page.hasMore;
    if (page.hits.isEmpty())
        return;
    beginInsertRows({}, int(m_hits.size()), int(m_hits.size() + page.hits.size()) - 1);
    m_hits.append(std::move(page.hits));
    endInsertRows();
}

QVariant ConversationSearchModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const SearchHit &hit = m_hits.at(index.row());
    const Conversation &c = hit.conversation;
    const QString title = c.title.isEmpty() ? ConversationListModel::tr("New conversation") : c.title;
    switch (role) {
    case Qt::DisplayRole:
    case ConversationListModel::TitleRole:
        return title;
    case Qt::AccessibleTextRole:
        return hit.snippet.isEmpty() ? title : tr("%1: %2").arg(title, hit.snippet.text);
    case Qt::ToolTipRole:
        return hit.snippet.isEmpty() ? c.title : hit.snippet.text;
    case ConversationListModel::IdRole:
        return c.id;
    case ConversationListModel::PinnedRole:
        return c.pinned;
    case ConversationListModel::UpdatedAtRole:
        return c.updatedAt;
    case ConversationListModel::SectionRole:
        return tr("Search results");
    case ConversationListModel::ModeRole:
        return int(c.mode);
    case ConversationListModel::ModeNameRole:
        return Conversation::modeName(c.mode);
    case ConversationListModel::ModeBadgeRole:
        return ModeLabel::badge(c.mode);
    case HighlightedTitleRole:
        return QVariant::fromValue(c.title.isEmpty() ? HighlightedText { title, {} } : hit.title);
    case SnippetRole:
        return QVariant::fromValue(hit.snippet);
    default:
        return {};
    }
}

QHash<int, QByteArray> ConversationSearchModel::roleNames() const
{
    return { { Qt::DisplayRole, "display" }, { ConversationListModel::IdRole, "conversationId" },
        { ConversationListModel::TitleRole, "title" }, { ConversationListModel::PinnedRole, "pinned" },
        { ConversationListModel::UpdatedAtRole, "updatedAt" }, { ConversationListModel::SectionRole, "section" },
        { ConversationListModel::ModeRole, "mode" }, { ConversationListModel::ModeNameRole, "modeName" },
        { ConversationListModel::ModeBadgeRole, "modeBadge" }, { HighlightedTitleRole, "highlightedTitle" },
        { SnippetRole, "snippet" } };
}

} // namespace Tandem
