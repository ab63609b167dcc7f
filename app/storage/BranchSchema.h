#pragma once

#include "Migration.h"

namespace Tandem {

/// @brief The schema step that makes every conversation a tree of messages (issue #30), kept apart from Schema.cpp's
/// list so the tree's columns, index and trigger are read in one place.
///
/// Each message has a parent (`parent_id`, the previous row of its branch; NULL for a conversation's first rows) and
/// a flag `on_branch`: 1 for the rows of the conversation's current branch, the path from its first row to its
/// current leaf. Along a path the ids only grow (a child is always written after its parent), so the current branch
/// read in order is `WHERE conversation_id = ? AND on_branch = 1 ORDER BY id`, on a partial index, as fast as the
/// flat read was; the current leaf is the branch's largest id. A row inserted without a parent joins the current
/// branch under its leaf (a trigger), so every writer (the engine, an import, a benchmark's fixture) keeps the tree.
class BranchSchema
{
public:
    static Migration migration(int version);
};

} // namespace Tandem
