#include "Schema.h"

#include "BranchSchema.h"
#include "SqlDialect.h"

using namespace Qt::StringLiterals;

namespace Tandem {

// Portable SQL (SQLite and PostgreSQL alike) except where noted; timestamps are ISO 8601 UTC text.
// A migration once shipped is never edited: add a new one.
QList<Migration> Schema::migrations()
{
    return {
        Migration { 1, u"conversations, messages, agents, agent threads, handoffs, variables, runs, tasks, providers"_s,
            {
                uR"(CREATE TABLE providers (
                    id TEXT PRIMARY KEY,
                    name TEXT NOT NULL,
                    protocol TEXT NOT NULL CHECK (protocol IN ('responses', 'chat_completions')),
                    base_url TEXT NOT NULL,
                    default_model TEXT NOT NULL DEFAULT '',
                    extra_headers TEXT NOT NULL DEFAULT '{}',
                    created_at TEXT NOT NULL))"_s,
                uR"(CREATE TABLE agents (
                    id TEXT PRIMARY KEY,
                    name TEXT NOT NULL,
                    role TEXT NOT NULL DEFAULT '',
                    instructions TEXT NOT NULL DEFAULT '',
                    model TEXT NOT NULL DEFAULT '',
                    provider_id TEXT REFERENCES providers(id) ON DELETE SET NULL,
                    allowed_tools TEXT NOT NULL DEFAULT '[]',
                    handoff_targets TEXT NOT NULL DEFAULT '[]',
                    terminal INTEGER NOT NULL DEFAULT 0,
                    enabled INTEGER NOT NULL DEFAULT 1,
                    created_at TEXT NOT NULL))"_s,
                uR"(CREATE TABLE conversations (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    title TEXT NOT NULL DEFAULT '',
                    mode TEXT NOT NULL DEFAULT 'single' CHECK (mode IN ('single', 'dual', 'pipeline', 'router')),
                    pinned INTEGER NOT NULL DEFAULT 0,
                    provider_id TEXT REFERENCES providers(id) ON DELETE SET NULL,
                    model TEXT NOT NULL DEFAULT '',
                    created_at TEXT NOT NULL,
                    updated_at TEXT NOT NULL))"_s,
                u"CREATE INDEX conversations_by_activity ON conversations (pinned, updated_at)"_s,
                uR"(CREATE TABLE runs (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
                    agent_id TEXT NOT NULL,
                    mode TEXT NOT NULL,
                    status TEXT NOT NULL DEFAULT 'running'
                        CHECK (status IN ('running', 'completed', 'failed', 'cancelled', 'interrupted', 'guardrail')),
                    input_tokens INTEGER NOT NULL DEFAULT 0,
                    output_tokens INTEGER NOT NULL DEFAULT 0,
                    cached_tokens INTEGER NOT NULL DEFAULT 0,
                    reasoning_tokens INTEGER NOT NULL DEFAULT 0,
                    error TEXT,
                    started_at TEXT NOT NULL,
                    finished_at TEXT))"_s,
                u"CREATE INDEX runs_by_conversation ON runs (conversation_id, id)"_s,
                uR"(CREATE TABLE handoffs (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
                    run_id INTEGER REFERENCES runs(id) ON DELETE SET NULL,
                    from_agent TEXT NOT NULL,
                    to_agent TEXT NOT NULL,
                    status TEXT NOT NULL DEFAULT 'pending'
                        CHECK (status IN ('pending', 'accepted', 'rejected', 'timed_out', 'cancelled')),
                    payload TEXT,
                    reason TEXT,
                    rejection_reason TEXT,
                    created_at TEXT NOT NULL,
                    processed_at TEXT))"_s,
                u"CREATE INDEX handoffs_by_conversation ON handoffs (conversation_id, id)"_s,
                u"CREATE INDEX handoffs_by_status ON handoffs (status, created_at)"_s,
                uR"(CREATE TABLE messages (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
                    role TEXT NOT NULL CHECK (role IN ('user', 'assistant', 'system', 'tool')),
                    agent_id TEXT,
                    kind TEXT NOT NULL DEFAULT 'text'
                        CHECK (kind IN ('text', 'divider', 'tool_call', 'tool_result', 'error')),
                    divider TEXT,
                    status TEXT NOT NULL DEFAULT 'complete'
                        CHECK (status IN ('complete', 'streaming', 'interrupted', 'error', 'cancelled')),
                    content TEXT NOT NULL DEFAULT '',
                    error TEXT,
                    handoff_id INTEGER REFERENCES handoffs(id) ON DELETE SET NULL,
                    run_id INTEGER REFERENCES runs(id) ON DELETE SET NULL,
                    tool_call_id TEXT,
                    tool_name TEXT,
                    input_tokens INTEGER NOT NULL DEFAULT 0,
                    output_tokens INTEGER NOT NULL DEFAULT 0,
                    cached_tokens INTEGER NOT NULL DEFAULT 0,
                    reasoning_tokens INTEGER NOT NULL DEFAULT 0,
                    created_at TEXT NOT NULL,
                    updated_at TEXT NOT NULL))"_s,
                u"CREATE INDEX messages_by_conversation ON messages (conversation_id, id)"_s,
                u"CREATE INDEX messages_by_status ON messages (status)"_s,
                uR"(CREATE TABLE agent_threads (
                    conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
                    agent_id TEXT NOT NULL,
                    remote_thread_id TEXT,
                    previous_response_id TEXT,
                    active INTEGER NOT NULL DEFAULT 0,
                    updated_at TEXT NOT NULL,
                    PRIMARY KEY (conversation_id, agent_id)))"_s,
                u"CREATE UNIQUE INDEX agent_threads_one_active ON agent_threads (conversation_id) WHERE active = 1"_s,
                uR"(CREATE TABLE variables (
                    conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    value TEXT NOT NULL,
                    updated_at TEXT NOT NULL,
                    PRIMARY KEY (conversation_id, name)))"_s,
                uR"(CREATE TABLE tasks (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    conversation_id INTEGER REFERENCES conversations(id) ON DELETE SET NULL,
                    title TEXT NOT NULL,
                    notes TEXT NOT NULL DEFAULT '',
                    priority TEXT NOT NULL DEFAULT 'normal' CHECK (priority IN ('low', 'normal', 'high')),
                    status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'done')),
                    due_at TEXT,
                    created_at TEXT NOT NULL,
                    updated_at TEXT NOT NULL,
                    completed_at TEXT))"_s,
            } },
        Migration { 2, u"approvals waiting for the person, per-agent history cutoff and unsent input"_s,
            {
                // history_from: the agent's local history starts after this message id (an agent reset).
                u"ALTER TABLE agent_threads ADD COLUMN history_from INTEGER NOT NULL DEFAULT 0"_s,
                // pending_input: items the agent's remote thread has not accepted yet (JSON array), e.g. the
                // output of a tool call answered after its run stopped.
                u"ALTER TABLE agent_threads ADD COLUMN pending_input TEXT NOT NULL DEFAULT '[]'"_s,
                uR"(CREATE TABLE approvals (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
                    run_id INTEGER REFERENCES runs(id) ON DELETE SET NULL,
                    agent_id TEXT NOT NULL,
                    tool_name TEXT NOT NULL,
                    call_id TEXT NOT NULL,
                    arguments TEXT NOT NULL,
                    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'decided')),
                    decision TEXT CHECK (decision IN ('allow_once', 'allow_always', 'deny')),
                    decided_arguments TEXT,
                    created_at TEXT NOT NULL,
                    decided_at TEXT))"_s,
                u"CREATE INDEX approvals_by_conversation ON approvals (conversation_id, status)"_s,
            } },
        Migration { 3, u"per-agent output limit, replies linked to the handoff their signal started, agent lookups"_s,
            {
                u"ALTER TABLE agents ADD COLUMN max_output_tokens INTEGER NOT NULL DEFAULT 0"_s,
                // A reply that carried the HANDOFF_AGENT2 signal is linked to its handoff; earlier ones are found by
                // their first line and the handoff of the same run from the same agent.
                uR"(UPDATE messages SET handoff_id = (SELECT MIN(h.id) FROM handoffs h
                        WHERE h.run_id = messages.run_id AND h.from_agent = messages.agent_id)
                    WHERE kind = 'text' AND role = 'assistant' AND handoff_id IS NULL
                        AND ltrim(content) LIKE 'HANDOFF_AGENT2%'
                        AND EXISTS (SELECT 1 FROM handoffs h
                            WHERE h.run_id = messages.run_id AND h.from_agent = messages.agent_id))"_s,
                u"CREATE INDEX handoffs_by_agent ON handoffs (conversation_id, to_agent, status)"_s,
                u"CREATE INDEX runs_by_agent ON runs (conversation_id, agent_id)"_s,
            } },
        Migration { 4, u"the process that owns each running run"_s,
            {
                // A token per process (RunOwners); a run whose owner is gone is recovered by whoever looks next.
                u"ALTER TABLE runs ADD COLUMN owner TEXT"_s,
                u"CREATE INDEX runs_by_status ON runs (status)"_s,
                u"CREATE INDEX messages_by_run ON messages (run_id)"_s,
            } },
        Migration { 5, u"agents as prompt files: options per handoff target, the modes an agent takes part in"_s,
            {
                // JSON: {"<target>": {"transfer": "payload|summary|full_history", "timing": "same_turn|next_turn",
                // "warm": false}}
                u"ALTER TABLE agents ADD COLUMN edge_options TEXT NOT NULL DEFAULT '{}'"_s,
                u"ALTER TABLE agents ADD COLUMN modes TEXT NOT NULL DEFAULT '[]'"_s,
            } },
        Migration { 6,
            u"router mode: routing decisions, pending confirmations, model calls for metrics, task lookups"_s,
            {
                // One row per routed user message: the agent chosen, the classifier's answer and how the
                // choice was made; error says why a classification failed (the fallback is visible).
                uR"(CREATE TABLE routing_decisions (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
                    run_id INTEGER REFERENCES runs(id) ON DELETE SET NULL,
                    agent_id TEXT NOT NULL,
                    classified_agent TEXT NOT NULL DEFAULT '',
                    confidence REAL NOT NULL DEFAULT 0,
                    reason TEXT NOT NULL DEFAULT '',
                    method TEXT NOT NULL CHECK (method IN
                        ('classifier', 'keywords', 'carry_over', 'fallback', 'confirmation', 'direct')),
                    error TEXT NOT NULL DEFAULT '',
                    latency_ms INTEGER NOT NULL DEFAULT 0,
                    input_tokens INTEGER NOT NULL DEFAULT 0,
                    output_tokens INTEGER NOT NULL DEFAULT 0,
                    created_at TEXT NOT NULL))"_s,
                u"CREATE INDEX routing_by_conversation ON routing_decisions (conversation_id, id)"_s,
                // The action an agent proposed and the person has not confirmed yet: at most one per conversation, kept
                // across restarts.
                uR"(CREATE TABLE pending_confirmations (
                    conversation_id INTEGER PRIMARY KEY REFERENCES conversations(id) ON DELETE CASCADE,
                    agent_id TEXT NOT NULL,
                    tool_name TEXT NOT NULL,
                    arguments TEXT NOT NULL DEFAULT '{}',
                    summary TEXT NOT NULL DEFAULT '',
                    created_at TEXT NOT NULL))"_s,
                // Each model call's agent, tokens and duration: the latency figures need a row per call.
                uR"(CREATE TABLE model_calls (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
                    run_id INTEGER REFERENCES runs(id) ON DELETE SET NULL,
                    agent_id TEXT NOT NULL,
                    input_tokens INTEGER NOT NULL DEFAULT 0,
                    output_tokens INTEGER NOT NULL DEFAULT 0,
                    latency_ms INTEGER NOT NULL DEFAULT 0,
                    created_at TEXT NOT NULL))"_s,
                u"CREATE INDEX model_calls_by_conversation ON model_calls (conversation_id, agent_id)"_s,
                u"CREATE INDEX tasks_by_status ON tasks (status, updated_at)"_s,
            } },
        // SQLite only: FTS5 has no portable equivalent (PostgreSQL would use a tsvector column and a GIN index).
        // Both tables are external-content indexes over their table's rows. A message is indexed once its text
        // is final: a reply streaming in (updated every 100 ms) changes nothing in the index until it ends.
        Migration { 7, u"full-text search over message text and conversation titles"_s,
            {
                uR"(CREATE VIRTUAL TABLE message_search USING fts5(content, content = 'messages',
                    content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2', prefix = '2'))"_s,
                uR"(CREATE TRIGGER message_search_insert AFTER INSERT ON messages
                    WHEN new.kind = 'text' AND new.status <> 'streaming' BEGIN
                        INSERT INTO message_search (rowid, content) VALUES (new.id, new.content);
                    END)"_s,
                uR"(CREATE TRIGGER message_search_delete AFTER DELETE ON messages
                    WHEN old.kind = 'text' AND old.status <> 'streaming' BEGIN
                        INSERT INTO message_search (message_search, rowid, content)
                            VALUES ('delete', old.id, old.content);
                    END)"_s,
                // In one trigger, so that the old text leaves the index before the new one enters it.
                uR"(CREATE TRIGGER message_search_update AFTER UPDATE OF kind, status, content ON messages
                    WHEN ((old.kind = 'text' AND old.status <> 'streaming')
                            OR (new.kind = 'text' AND new.status <> 'streaming'))
                        AND (old.content IS NOT new.content OR old.kind IS NOT new.kind
                            OR old.status IS NOT new.status) BEGIN
                        INSERT INTO message_search (message_search, rowid, content)
                            SELECT 'delete', old.id, old.content WHERE old.kind = 'text' AND old.status <> 'streaming';
                        INSERT INTO message_search (rowid, content)
                            SELECT new.id, new.content WHERE new.kind = 'text' AND new.status <> 'streaming';
                    END)"_s,
                uR"(INSERT INTO message_search (rowid, content)
                    SELECT id, content FROM messages WHERE kind = 'text' AND status <> 'streaming')"_s,
                uR"(CREATE VIRTUAL TABLE title_search USING fts5(title, content = 'conversations',
                    content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2', prefix = '2'))"_s,
                uR"(CREATE TRIGGER title_search_insert AFTER INSERT ON conversations BEGIN
                        INSERT INTO title_search (rowid, title) VALUES (new.id, new.title);
                    END)"_s,
                uR"(CREATE TRIGGER title_search_delete AFTER DELETE ON conversations BEGIN
                        INSERT INTO title_search (title_search, rowid, title) VALUES ('delete', old.id, old.title);
                    END)"_s,
                uR"(CREATE TRIGGER title_search_update AFTER UPDATE OF title ON conversations
                    WHEN old.title IS NOT new.title BEGIN
                        INSERT INTO title_search (title_search, rowid, title) VALUES ('delete', old.id, old.title);
                        INSERT INTO title_search (rowid, title) VALUES (new.id, new.title);
                    END)"_s,
                u"INSERT INTO title_search (rowid, title) SELECT id, title FROM conversations"_s,
            },
            SqlDialect().fullTextModule() },
        // Every status a handoff takes, in the order the changes were committed: watchers in other processes read
        // what happened since the last change they saw, not the latest state, so a handoff created and rejected
        // between two looks is seen pending, then rejected. Written in the transaction of the change itself.
        Migration { 8, u"the change log of the handoff board"_s,
            {
                uR"(CREATE TABLE handoff_changes (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    handoff_id INTEGER NOT NULL REFERENCES handoffs(id) ON DELETE CASCADE,
                    status TEXT NOT NULL,
                    rejection_reason TEXT,
                    changed_at TEXT NOT NULL))"_s,
                u"CREATE INDEX handoff_changes_by_handoff ON handoff_changes (handoff_id)"_s,
            } },
        // A story's own id (seed 002's `v0.1:1.1.1`), stored with the conversation that works on it; at most one
        // conversation per story. The stored phases take the seed's words (the phase of the agent at work).
        Migration { 9, u"story ids of conversations; seed 002's phase names"_s,
            {
                u"ALTER TABLE conversations ADD COLUMN story_id TEXT"_s,
                u"CREATE UNIQUE INDEX conversations_by_story ON conversations (story_id) WHERE story_id IS NOT NULL"_s,
                uR"(UPDATE variables SET value = CASE value WHEN 'analysis' THEN 'analyzing'
                        WHEN 'implementation' THEN 'implementing' WHEN 'review' THEN 'reviewing'
                        WHEN 'documentation' THEN 'documenting' ELSE value END
                    WHERE name = 'pipeline.phase')"_s,
            } },
        // Router mode's agents declare what they handle in their files (seed 004's can_handle) instead of a table
        // in the code: keywords as a JSON list, the description the classifier reads, the agent that takes the rest.
        Migration { 10, u"router agents' keywords, description and fallback"_s,
            {
                u"ALTER TABLE agents ADD COLUMN handles TEXT NOT NULL DEFAULT '[]'"_s,
                u"ALTER TABLE agents ADD COLUMN description TEXT NOT NULL DEFAULT ''"_s,
                u"ALTER TABLE agents ADD COLUMN fallback INTEGER NOT NULL DEFAULT 0"_s,
            } },
        // A team's per-agent tokens for `tandem serve --listen` beyond loopback (issue #31): only their SHA-256 is
        // kept, so the file never holds a token.
        Migration { 11, u"per-agent tokens of the local API"_s,
            {
                uR"(CREATE TABLE api_tokens (
                    name TEXT PRIMARY KEY,
                    role TEXT NOT NULL,
                    token_hash TEXT NOT NULL UNIQUE,
                    created_at TEXT NOT NULL,
                    last_used_at TEXT))"_s,
            } },
        BranchSchema::migration(12),
    };
}

int Schema::currentVersion()
{
    return migrations().constLast().version;
}

} // namespace Tandem
