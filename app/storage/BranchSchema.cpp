#include "BranchSchema.h"

using namespace Qt::StringLiterals;

namespace Tandem {

Migration BranchSchema::migration(int version)
{
    return Migration { version, u"messages form a tree: a parent per message, the current branch flagged"_s,
        {
            // No foreign key: a conversation's rows go together (its own cascade), and a key would make SQLite look
            // for children at every deletion.
            u"ALTER TABLE messages ADD COLUMN parent_id INTEGER"_s,
            u"ALTER TABLE messages ADD COLUMN on_branch INTEGER NOT NULL DEFAULT 1"_s,
            // Every conversation becomes one branch: each row's parent is the row before it.
            uR"(UPDATE messages SET parent_id = (SELECT MAX(p.id) FROM messages p
                    WHERE p.conversation_id = messages.conversation_id AND p.id < messages.id))"_s,
            u"CREATE INDEX messages_by_parent ON messages (parent_id)"_s,
            u"CREATE INDEX messages_on_branch ON messages (conversation_id, id) WHERE on_branch = 1"_s,
            // A row written without a parent goes under the current leaf (BranchStore moves the leaf first for an
            // edit or a regeneration, so the new row becomes a sibling).
            uR"(CREATE TRIGGER messages_parent AFTER INSERT ON messages
                WHEN new.parent_id IS NULL AND new.on_branch = 1 BEGIN
                    UPDATE messages SET parent_id = (SELECT MAX(p.id) FROM messages p
                        WHERE p.conversation_id = new.conversation_id AND p.on_branch = 1 AND p.id < new.id)
                    WHERE id = new.id;
                END)"_s,
        } };
}

} // namespace Tandem
