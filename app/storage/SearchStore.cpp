#include "SearchStore.h"

#include "ConversationStore.h"
#include "Statement.h"
#include "domain/Logging.h"
#include "domain/SearchSnippet.h"

#include <QHash>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
constexpr int kSnippetWords = 12;

struct Found
{
    qint64 conversationId = 0;
    qint64 messageId = 0; // the newest matching message, 0 for a title match the stream has not reached yet
};
} // namespace

SearchStore::SearchStore(SqlConnection &connection, ConversationStore &conversations)
    : StoreBase(connection)
    , m_conversations(conversations)
{ }

QString SearchStore::matchExpression(const QString &text)
{
    // Control and format characters (a NUL ends FTS5's reading of a string) and private-use ones (letters to the
    // tokenizer, unlike to the marking of SearchSnippet) are no part of a word.
    QString cleaned = text;
    for (QChar &c : cleaned) {
        const QChar::Category category = c.category();
        if (category == QChar::Other_Control || category == QChar::Other_Format || category == QChar::Other_PrivateUse)
            c = u' ';
    }
    QStringList phrases;
    qsizetype lastLetters = 0;
    const QStringList words = cleaned.simplified().split(u' ', Qt::SkipEmptyParts);
    for (const QString &word : words) {
        // A word of punctuation alone has no token: as a phrase it would match nothing, so it is left out.
        const qsizetype letters
            = std::count_if(word.cbegin(), word.cend(), [](QChar c) { return c.isLetterOrNumber(); });
        if (letters == 0)
            continue;
        lastLetters = letters;
        QString phrase = word;
        phrases.append(u'"' + phrase.replace(u'"', u"\"\""_s) + u'"');
    }
    if (phrases.isEmpty())
        return {};
    // The last word is the start of a longer one, as one types; from two letters on (the index keeps the words' first
    // two letters for that: a longer prefix has few words to merge), as one letter would match nearly everything.
    if (lastLetters >= 2)
        phrases.last().append(u'*');
    return phrases.join(u' ');
}

bool SearchStore::isIndexed()
{
    if (!m_indexed) {
        Statement query = prepare(m_connection->dialect().fullTextReadySql());
        m_indexed = exec(query) && query.next() && query.value(0).toBool();
        if (!*m_indexed)
            qCWarning(lcDb) << "no full-text index (this SQLite has no FTS5): the search reads every message";
    }
    return *m_indexed;
}

SearchPage SearchStore::search(const QString &text, int offset, int limit)
{
    if (limit <= 0 || offset < 0)
        return {};
    if (!isIndexed())
        return searchText(text.trimmed(), offset, limit);
    const QString match = matchExpression(text);
    return match.isEmpty() ? SearchPage {} : searchIndex(match, SearchSnippet::terms(text), offset, limit);
}

SearchPage SearchStore::searchIndex(const QString &match, const QStringList &terms, int offset, int limit)
{
    // The words are marked here rather than by FTS5's highlight() and snippet(): each snippet() call evaluates the
    // query again (a prefix merges the lists of every word it starts), 50 times a page.
    const bool prefix = match.endsWith(u'*');
    // Title matches, each placed at its conversation's newest message.
    QList<std::pair<qint64, qint64>> titles; // (conversation, its newest message id)
    QHash<qint64, HighlightedText> titleText;
    {
        Statement query = prepare(m_connection->dialect().titleMatchSql());
        query.addBindValue(match);
        if (!exec(query))
            return {};
        while (query.next()) {
            const qint64 id = query.value(0).toLongLong();
            titles.append({ id, query.value(2).toLongLong() });
            titleText.insert(id, SearchSnippet::mark(query.value(1).toString(), terms, prefix));
        }
    }
    std::sort(titles.begin(), titles.end(), [](const auto &a, const auto &b) { return a.second > b.second; });

    // Matching messages newest first, straight from the index (no sort), merged with the title matches; the read
    // stops as soon as the page (and one more, to know there is more) is full.
    const int wanted = offset + limit + 1;
    QList<Found> found;
    QHash<qint64, qsizetype> position; // conversation -> index in found
    auto nextTitle = titles.cbegin();
    const auto take = [&](qint64 conversationId, qint64 messageId) {
        if (const auto at = position.constFind(conversationId); at != position.cend()) {
            if (found[*at].messageId == 0)
                found[*at].messageId = messageId;
            return;
        }
        position.insert(conversationId, found.size());
        found.append({ conversationId, messageId });
    };
    {
        Statement query = prepare(m_connection->dialect().messageMatchSql());
        query.addBindValue(match);
        if (!exec(query))
            return {};
        while (found.size() < wanted && query.next()) {
            const qint64 messageId = query.value(0).toLongLong();
            for (; nextTitle != titles.cend() && nextTitle->second >= messageId && found.size() < wanted; ++nextTitle)
                take(nextTitle->first, 0);
            if (found.size() < wanted)
                take(query.value(1).toLongLong(), messageId);
        }
    }
    for (; nextTitle != titles.cend() && found.size() < wanted; ++nextTitle)
        take(nextTitle->first, 0);

    SearchPage page;
    page.hasMore = found.size() > offset + limit;
    for (qsizetype i = offset; i < std::min<qsizetype>(found.size(), offset + limit); ++i) {
        const Found &f = found.at(i);
        std::optional<Conversation> conversation = m_conversations.get(f.conversationId);
        if (!conversation)
            continue;
        SearchHit hit;
        hit.conversation = std::move(*conversation);
        hit.title = titleText.value(f.conversationId, HighlightedText { hit.conversation.title, {} });
        hit.messageId = f.messageId;
        if (f.messageId > 0) {
            Statement query = prepare(u"SELECT content FROM messages WHERE id = ?"_s);
            query.addBindValue(f.messageId);
            if (exec(query) && query.next())
                hit.snippet = SearchSnippet::mark(query.value(0).toString(), terms, prefix, kSnippetWords);
        }
        page.hits.append(std::move(hit));
    }
    return page;
}

SearchPage SearchStore::searchText(const QString &text, int offset, int limit)
{
    if (text.isEmpty())
        return {};
    QString pattern = text;
    pattern.replace(u'\\', u"\\\\"_s).replace(u'%', u"\\%"_s).replace(u'_', u"\\_"_s);
    pattern = u'%' + pattern + u'%';
    Statement query
        = prepare(u"SELECT c.id FROM conversations c WHERE c.title LIKE ? ESCAPE '\\' OR EXISTS ("
                  u"SELECT 1 FROM messages m WHERE m.conversation_id = c.id AND m.on_branch = 1 AND m.kind = 'text' "
                  u"AND m.content LIKE ? ESCAPE '\\') ORDER BY c.updated_at DESC, c.id DESC "
                  u"LIMIT ? OFFSET ?"_s);
    query.addBindValue(pattern);
    query.addBindValue(pattern);
    query.addBindValue(limit + 1);
    query.addBindValue(offset);
    if (!exec(query))
        return {};
    QList<qint64> ids;
    while (query.next())
        ids.append(query.value(0).toLongLong());
    SearchPage page;
    page.hasMore = ids.size() > limit;
    for (qsizetype i = 0; i < std::min<qsizetype>(ids.size(), limit); ++i) {
        std::optional<Conversation> conversation = m_conversations.get(ids.at(i));
        if (!conversation)
            continue;
        SearchHit hit;
        hit.title = HighlightedText::findAll(conversation->title, text);
        hit.conversation = std::move(*conversation);
        page.hits.append(std::move(hit));
    }
    return page;
}

} // namespace Tandem
