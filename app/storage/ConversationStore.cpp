#include "ConversationStore.h"

#include "SqlValues.h"
#include "Statement.h"

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
constexpr auto kColumns = u"id, title, mode, pinned, provider_id, model, created_at, updated_at, story_id";

Conversation fromRecord(const QSqlQuery &query)
{
    Conversation c;
    c.id = query.value(0).toLongLong();
    c.title = query.value(1).toString();
    c.mode = Conversation::modeFromName(query.value(2).toString()).value_or(Conversation::Mode::Single);
    c.pinned = query.value(3).toBool();
    c.providerId = query.value(4).toString();
    c.model = query.value(5).toString();
    c.createdAt = SqlValues::toTime(query.value(6));
    c.updatedAt = SqlValues::toTime(query.value(7));
    c.storyId = query.value(8).toString();
    return c;
}
} // namespace

StoreResult ConversationStore::create(Conversation &conversation)
{
    if (!conversation.createdAt.isValid())
        conversation.createdAt = QDateTime::currentDateTimeUtc();
    if (!conversation.updatedAt.isValid())
        conversation.updatedAt = conversation.createdAt;
    Statement query = prepare(u"INSERT INTO conversations (title, mode, pinned, provider_id, model, created_at, "
                              u"updated_at, story_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"_s);
    query.addBindValue(SqlValues::text(conversation.title));
    query.addBindValue(Conversation::modeName(conversation.mode));
    query.addBindValue(conversation.pinned);
    query.addBindValue(SqlValues::nullIfEmpty(conversation.providerId));
    query.addBindValue(SqlValues::text(conversation.model));
    query.addBindValue(SqlValues::fromTime(conversation.createdAt));
    query.addBindValue(SqlValues::fromTime(conversation.updatedAt));
    query.addBindValue(SqlValues::nullIfEmpty(conversation.storyId));
    if (!exec(query))
        return failure();
    conversation.id = insertedId(query);
    return {};
}

std::optional<Conversation> ConversationStore::get(qint64 id)
{
    Statement query = prepare(u"SELECT %1 FROM conversations WHERE id = ?"_s.arg(kColumns));
    query.addBindValue(id);
    if (!exec(query) || !query.next())
        return std::nullopt;
    return fromRecord(query);
}

std::optional<Conversation> ConversationStore::forStory(const QString &storyId)
{
    const QString text = storyId.trimmed();
    if (text.isEmpty())
        return std::nullopt;
    Statement query = prepare(u"SELECT %1 FROM conversations WHERE story_id = ?"_s.arg(kColumns));
    query.addBindValue(text);
    if (exec(query) && query.next())
        return fromRecord(query);
    // An integer still names a conversation by its id (one created without a story id is the story of that id).
    bool ok = false;
    const qint64 id = text.toLongLong(&ok);
    return ok && id > 0 ? get(id) : std::nullopt;
}

QList<Conversation> ConversationStore::list()
{
    Statement query
        = prepare(u"SELECT %1 FROM conversations ORDER BY pinned DESC, updated_at DESC, id DESC"_s.arg(kColumns));
    return readAll(query);
}

QList<Conversation> ConversationStore::listPage(int offset, int limit)
{
    Statement query
        = prepare(u"SELECT %1 FROM conversations ORDER BY pinned DESC, updated_at DESC, id DESC LIMIT ? OFFSET ?"_s.arg(
            kColumns));
    query.addBindValue(qMax(0, limit));
    query.addBindValue(qMax(0, offset));
    return readAll(query);
}

QList<Conversation> ConversationStore::search(const QString &text)
{
    QString pattern = text;
    pattern.replace(u'\\', u"\\\\"_s).replace(u'%', u"\\%"_s).replace(u'_', u"\\_"_s);
    pattern = u'%' + pattern + u'%';
    Statement query = prepare(
        u"SELECT %1 FROM conversations c WHERE c.title LIKE ? ESCAPE '\\' OR EXISTS ("
        u"SELECT 1 FROM messages m WHERE m.conversation_id = c.id AND m.kind = 'text' "
        u"AND m.content LIKE ? ESCAPE '\\') ORDER BY pinned DESC, updated_at DESC, id DESC"_s.arg(
            u"c.id, c.title, c.mode, c.pinned, c.provider_id, c.model, c.created_at, c.updated_at, c.story_id"));
    query.addBindValue(pattern);
    query.addBindValue(pattern);
    return readAll(query);
}

StoreResult ConversationStore::rename(qint64 id, const QString &title)
{
    Statement query = prepare(u"UPDATE conversations SET title = ? WHERE id = ?"_s);
    query.addBindValue(SqlValues::text(title));
    query.addBindValue(id);
    return writeOne(query, u"conversation %1 is gone"_s.arg(id));
}

StoreResult ConversationStore::setPinned(qint64 id, bool pinned)
{
    Statement query = prepare(u"UPDATE conversations SET pinned = ? WHERE id = ?"_s);
    query.addBindValue(pinned);
    query.addBindValue(id);
    return writeOne(query, u"conversation %1 is gone"_s.arg(id));
}

StoreResult ConversationStore::setMode(qint64 id, Conversation::Mode mode)
{
    Statement query = prepare(u"UPDATE conversations SET mode = ? WHERE id = ?"_s);
    query.addBindValue(Conversation::modeName(mode));
    query.addBindValue(id);
    return writeOne(query, u"conversation %1 is gone"_s.arg(id));
}

StoreResult ConversationStore::setProvider(qint64 id, const QString &providerId, const QString &model)
{
    Statement query = prepare(u"UPDATE conversations SET provider_id = ?, model = ? WHERE id = ?"_s);
    query.addBindValue(SqlValues::nullIfEmpty(providerId));
    query.addBindValue(SqlValues::text(model));
    query.addBindValue(id);
    return writeOne(query, u"conversation %1 is gone"_s.arg(id));
}

StoreResult ConversationStore::touch(qint64 id, const QDateTime &when)
{
    Statement query = prepare(u"UPDATE conversations SET updated_at = ? WHERE id = ?"_s);
    query.addBindValue(SqlValues::fromTime(when));
    query.addBindValue(id);
    return writeOne(query, u"conversation %1 is gone"_s.arg(id));
}

StoreResult ConversationStore::remove(qint64 id)
{
    Statement query = prepare(u"DELETE FROM conversations WHERE id = ?"_s);
    query.addBindValue(id);
    return writeOne(query, u"conversation %1 is gone"_s.arg(id));
}

QList<Conversation> ConversationStore::readAll(Statement &query)
{
    QList<Conversation> result;
    if (!exec(query))
        return result;
    while (query.next())
        result.append(fromRecord(query));
    return result;
}

} // namespace Tandem
