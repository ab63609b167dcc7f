#include "ConversationListModel.h"

#include "chat/ChatRepository.h"
#include "domain/ModeLabel.h"

#include <QSet>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

bool sameRow(const Conversation &a, const Conversation &b)
{
    return a.id == b.id && a.title == b.title && a.mode == b.mode && a.pinned == b.pinned && a.updatedAt == b.updatedAt
        && a.providerId == b.providerId && a.model == b.model;
}

} // namespace

ConversationListModel::ConversationListModel(ChatRepository *repository, QObject *parent)
    : ConversationListModel(repository, repository, parent)
{ }

ConversationListModel::ConversationListModel(ConversationsApi *conversations, ChatEvents *events, QObject *parent)
    : QAbstractListModel(parent)
    , m_events(events)
    , m_conversations(conversations)
{
    if (events)
        connect(events, &ChatEvents::conversationsChanged, this, &ConversationListModel::refresh);
    m_rows = load(m_pageSize);
}

void ConversationListModel::setFilter(const QString &text)
{
    const QString trimmed = text.trimmed();
    if (trimmed == m_filter)
        return;
    m_filter = trimmed;
    beginResetModel();
    m_rows = load(m_pageSize);
    endResetModel();
}

ConversationsApi *ConversationListModel::conversationsApi() const
{
    return m_events ? m_conversations : nullptr;
}

ChatEvents *ConversationListModel::events() const
{
    return m_events;
}

void ConversationListModel::refresh()
{
    // As many rows as are shown, so a refresh never shrinks what the person scrolled to; with everything shown, a
    // page more, so new conversations push nothing off the end.
    const int shown = qMax(m_pageSize, int(m_rows.size()));
    sync(load(m_hasMore ? shown : shown + m_pageSize));
}

std::optional<Conversation> ConversationListModel::conversation(qint64 id) const
{
    if (!m_events || id <= 0)
        return std::nullopt;
    return m_conversations->conversation(id);
}

bool ConversationListModel::rename(qint64 id, const QString &title)
{
    const QString trimmed = title.trimmed();
    return m_events && id > 0 && !trimmed.isEmpty() && m_conversations->renameConversation(id, trimmed);
}

bool ConversationListModel::setPinned(qint64 id, bool pinned)
{
    return m_events && id > 0 && m_conversations->setPinned(id, pinned);
}

bool ConversationListModel::remove(qint64 id)
{
    return m_events && id > 0 && m_conversations->deleteConversation(id);
}

QList<Conversation> ConversationListModel::load(int limit)
{
    m_hasMore = false;
    if (!m_events)
        return {};
    const QList<Conversation> list = m_filter.isEmpty() ? m_conversations->conversationPage(0, limit)
                                                        : m_conversations->searchConversations(m_filter);
    m_hasMore = m_filter.isEmpty() && list.size() >= limit;
    const bool has = m_filter.isEmpty() ? !list.isEmpty() : m_hasConversations || !list.isEmpty();
    if (has != m_hasConversations) {
        m_hasConversations = has;
        Q_EMIT hasConversationsChanged(has);
    }
    return list;
}

bool ConversationListModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && m_hasMore && m_events;
}

void ConversationListModel::fetchMore(const QModelIndex &parent)
{
    if (!canFetchMore(parent))
        return;
    const QList<Conversation> page = m_conversations->conversationPage(int(m_rows.size()), m_pageSize);
    m_hasMore = page.size() >= m_pageSize;
    // A conversation that moved up since the last read may come round again; it is shown once.
    QSet<qint64> shown;
    for (const Conversation &c : std::as_const(m_rows))
        shown.insert(c.id);
    QList<Conversation> fresh;
    for (const Conversation &c : page)
        if (!shown.contains(c.id))
            fresh.append(c);
    if (fresh.isEmpty())
        return;
    beginInsertRows({}, int(m_rows.size()), int(m_rows.size() + fresh.size()) - 1);
    m_rows.append(fresh);
    endInsertRows();
}

void ConversationListModel::sync(const QList<Conversation> &target)
{
    QSet<qint64> wanted;
    for (const Conversation &c : target)
        wanted.insert(c.id);
    for (int row = int(m_rows.size()) - 1; row >= 0; --row) {
        if (wanted.contains(m_rows.at(row).id))
            continue;
        beginRemoveRows({}, row, row);
        m_rows.removeAt(row);
        endRemoveRows();
    }
    for (int i = 0; i < target.size(); ++i) {
        const Conversation &want = target.at(i);
        if (i < m_rows.size() && m_rows.at(i).id == want.id) {
            if (!sameRow(m_rows.at(i), want)) {
                m_rows[i] = want;
                Q_EMIT dataChanged(index(i), index(i));
            }
            continue;
        }
        int from = -1;
        for (int j = i + 1; j < m_rows.size(); ++j) {
            if (m_rows.at(j).id == want.id) {
                from = j;
                break;
            }
        }
        if (from >= 0) {
            beginMoveRows({}, from, from, {}, i);
            m_rows.move(from, i);
            endMoveRows();
            if (!sameRow(m_rows.at(i), want)) {
                m_rows[i] = want;
                Q_EMIT dataChanged(index(i), index(i));
            }
        } else {
            beginInsertRows({}, i, i);
            m_rows.insert(i, want);
            endInsertRows();
        }
    }
}

QDate ConversationListModel::today() const
{
    return m_today.isValid() ? m_today : QDate::currentDate();
}

int ConversationListModel::rowOf(qint64 id) const
{
    for (int row = 0; row < m_rows.size(); ++row)
        if (m_rows.at(row).id == id)
            return row;
    return -1;
}

qint64 ConversationListModel::idAt(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows.at(row).id : 0;
}

Conversation ConversationListModel::conversationAt(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows.at(row) : Conversation {};
}

ConversationListModel::Section ConversationListModel::sectionFor(const QDate &date, const QDate &today, bool pinned)
{
    if (pinned)
        return Section::Pinned;
    if (!date.isValid())
        return Section::Older;
    const qint64 days = date.daysTo(today);
    if (days <= 0)
        return Section::Today;
    if (days == 1)
        return Section::Yesterday;
    if (days <= 7)
        return Section::Previous7Days;
    if (days <= 30)
        return Section::Previous30Days;
    return Section::Older;
}

QString ConversationListModel::sectionLabel(Section section)
{
    switch (section) {
    case Section::Pinned:
        return tr("Pinned");
    case Section::Today:
        return tr("Today");
    case Section::Yesterday:
        return tr("Yesterday");
    case Section::Previous7Days:
        return tr("Previous 7 days");
    case Section::Previous30Days:
        return tr("Previous 30 days");
    case Section::Older:
        return tr("Older");
    }
    return {};
}

int ConversationListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

QVariant ConversationListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Conversation &c = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
    case Qt::AccessibleTextRole:
    case TitleRole:
        return c.title.isEmpty() ? tr("New conversation") : c.title;
    case Qt::ToolTipRole:
        return c.title;
    case IdRole:
        return c.id;
    case PinnedRole:
        return c.pinned;
    case UpdatedAtRole:
        return c.updatedAt;
    case SectionRole:
        return sectionLabel(sectionFor(c.updatedAt.toLocalTime().date(), today(), c.pinned));
    case ModeRole:
        return int(c.mode);
    case ModeNameRole:
        return Conversation::modeName(c.mode);
    case ModeBadgeRole:
        return ModeLabel::badge(c.mode);
    default:
        return {};
    }
}

QHash<int, QByteArray> ConversationListModel::roleNames() const
{
    return { { Qt::DisplayRole, "display" }, { IdRole, "conversationId" }, { TitleRole, "title" },
        { PinnedRole, "pinned" }, { UpdatedAtRole, "updatedAt" }, { SectionRole, "section" }, { ModeRole, "mode" },
        { ModeNameRole, "modeName" }, { ModeBadgeRole, "modeBadge" } };
}

} // namespace Tandem
