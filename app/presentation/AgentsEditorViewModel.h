#pragma once

#include "domain/Agent.h"
#include "domain/Conversation.h"
#include "domain/TransitionGraph.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>

#include <optional>

namespace Tandem {

class ChatRepository;
class AgentDefinitionsApi;
class McpServers;
class RunsApi;

/// @brief What the agents editor edits: the prompt-file agents of each mode (through ChatRepository's agent files),
/// checked before saving, the mode's transition graph with an edit applied, resetting an agent to its shipped preset
/// and resetting its thread in the open conversation.
class AgentsEditorViewModel final : public QObject
{
    Q_OBJECT

public:
    /// @brief The field of the editor a problem is about.
    enum class Field { None, Name, Tools, Targets, Terminal };
    Q_ENUM(Field)

    /// @brief Why an edit cannot be saved: one sentence that starts with the field's label.
    struct Problem
    {
        Field field = Field::None;
        QString message;
        bool ok() const { return message.isEmpty(); }
    };

    /// @brief An agent of the drawn graph (or the person, or the pipeline's end).
    struct Node
    {
        QString id;
        QString name;
        bool terminal = false;
        bool enabled = true;
        bool pseudo = false; ///< the person or the pipeline's end, not an agent of the mode
    };

    struct Graph
    {
        QList<Node> nodes;
        QList<TransitionGraph::Edge> edges;
    };

    /// @brief @p repository is borrowed.
    /// @brief The interfaces it reads and calls (borrowed, of one façade).
    AgentsEditorViewModel(AgentDefinitionsApi *definitions, RunsApi *runs, QObject *parent = nullptr);
    /// @brief All of them from @p repository (may be null: nothing to read or call), for the window, which wires the
    /// façade whole.
    explicit AgentsEditorViewModel(ChatRepository *repository, QObject *parent = nullptr);
    Q_DISABLE_COPY_MOVE(AgentsEditorViewModel)

    /// @brief The conversation whose threads "Reset thread" resets (0: none).
    void setConversation(qint64 conversationId) { m_conversationId = conversationId; }
    qint64 conversationId() const { return m_conversationId; }
    /// @brief Reads the agent files again.
    void reload();

    /// @brief The modes whose agents can be edited, in the order the editor lists them.
    static QList<Conversation::Mode> modes();
    /// @brief The agents of @p mode, as their files declare them.
    QList<Agent> agents(Conversation::Mode mode) const;
    std::optional<Agent> agent(const QString &agentId) const;
    /// @brief The name the editor shows: a shipped agent's name in the current language.
    static QString displayName(const Agent &agent);
    /// @brief The role @p agent is shown with: a shipped role in the current language, a person's own as written.
    static QString displayRole(const Agent &agent);
    /// @brief Router mode's keywords as one line: "task, to-do, задач".
    static QString keywordsText(const QStringList &keywords);
    /// @brief The keywords of a line the person typed: split at commas, trimmed, empty and repeated ones dropped.
    static QStringList keywordsFrom(const QString &text);
    /// @brief The configured MCP servers whose tools an agent may be given (null: none). Borrowed. The enabled ones
    /// that have not started are started, so that their tools are listed; toolsChanged() follows when they are.
    void setMcpServers(McpServers *servers);
    /// @brief The tools an agent may be given: the built-in ones, then for each configured MCP server all its tools
    /// (`mcp:<server>/*`) and each tool it has listed (`mcp:<server>/<tool>`), as the front matter writes them.
    QStringList toolNames() const;
    /// @brief What @p agentId of @p mode may hand over to: the other agents of the mode, the person and, in a
    /// pipeline, its end.
    QStringList targetChoices(Conversation::Mode mode, const QString &agentId) const;
    /// @brief The name of a target of @p mode the editor shows (an agent's, "You" for the person, a pipeline's end).
    QString targetName(Conversation::Mode mode, const QString &targetId) const;

    /// @brief The first problem of @p draft (an agent of @p mode, edited); ok() when it can be saved.
    Problem validate(Conversation::Mode mode, const Agent &draft) const;
    /// @brief The transition graph of @p mode with @p draft in place of the agent of its id (none: as saved).
    Graph graph(Conversation::Mode mode, const std::optional<Agent> &draft = std::nullopt) const;

    /// @brief Validates @p draft and saves it as the person's file; the next request uses it. False with
    /// lastProblem() otherwise.
    bool save(Conversation::Mode mode, Agent draft);
    /// @brief Adds the person's own agent called @p name to @p mode (its id made from the name, unique), written as
    /// their file; its fields are then edited as any agent's. The new id, or empty with lastProblem().
    QString create(Conversation::Mode mode, const QString &name);
    /// @brief True if the person's file overrides @p agentId's shipped preset.
    bool hasOverride(const QString &agentId) const;
    /// @brief Removes the person's file of @p agentId: the shipped agent returns. False with lastProblem() otherwise.
    bool resetToPreset(const QString &agentId);
    /// @brief True if @p agentId came with an import and no file declares it (it arrived switched off).
    bool isImported(const QString &agentId) const;
    /// @brief True if remove() can remove @p agentId: Tandem does not ship it (the person's own, or imported).
    bool isRemovable(const QString &agentId) const;
    /// @brief Removes @p agentId (isRemovable()). False with lastProblem() otherwise.
    bool remove(const QString &agentId);
    /// @brief Forgets @p agentId's thread in the open conversation. False when there is none, or it is running.
    bool resetThread(const QString &agentId);
    Problem lastProblem() const { return m_problem; }

Q_SIGNALS:
    /// The agents were read again (after a save or a reset).
    void changed();
    /// The tools an agent may be given changed (an MCP server listed its tools, or was added or removed).
    void toolsChanged();

private:
    /// @brief The agents of @p mode with @p draft in place of its namesake.
    QList<Agent> withDraft(Conversation::Mode mode, const std::optional<Agent> &draft) const;
    Problem checkTargets(Conversation::Mode mode, const Agent &draft) const;
    Problem checkCycles(Conversation::Mode mode, const Agent &draft) const;
    /// @brief True if @p entry is `mcp:<server>/<tool>` or `mcp:<server>/*` of a configured server (any server when
    /// none is known): a server that has not listed its tools yet may still be allowed them.
    bool isMcpEntry(const QString &entry) const;

    AgentDefinitionsApi *m_definitions = nullptr;
    RunsApi *m_runs = nullptr;
    QPointer<McpServers> m_mcpServers;
    qint64 m_conversationId = 0;
    QList<Agent> m_agents;
    Problem m_problem;
};

} // namespace Tandem
