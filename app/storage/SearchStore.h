#pragma once

#include "StoreBase.h"
#include "domain/SearchPage.h"

#include <QString>

#include <optional>

namespace Tandem {

class ConversationStore;

/// @brief The sidebar's text search: conversations whose title or message text holds the person's words, through
/// the full-text index of schema version 7 (SQLite's FTS5), or, where this SQLite has no FTS5, by reading every
/// message as before (no snippets then).
class SearchStore : public StoreBase
{
public:
    SearchStore(SqlConnection &connection, ConversationStore &conversations);

    /// @brief Page @p offset / @p limit of the conversations matching @p text: each word of it (the last one also
    /// as the start of a longer word, as one types), in any order, case and accents aside; the conversation with
    /// the most recently written match first (a title match counts as its newest message). Any text is taken as
    /// words, never as query syntax.
    SearchPage search(const QString &text, int offset = 0, int limit = 50);
    /// @brief True when the full-text index is there; false when search reads every message instead.
    bool isIndexed();
    /// @brief The FTS5 query for what a person typed: each word a quoted phrase, the last one a prefix from two
    /// characters on; empty when @p text has no letters or digits.
    static QString matchExpression(const QString &text);

private:
    SearchPage searchIndex(const QString &match, const QStringList &terms, int offset, int limit);
    SearchPage searchText(const QString &text, int offset, int limit);

    ConversationStore &m_conversations;
    std::optional<bool> m_indexed;
};

} // namespace Tandem
