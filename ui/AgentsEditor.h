#pragma once

#include "domain/Agent.h"
#include "domain/Conversation.h"

#include <QDialog>
#include <QPointer>

class QCheckBox;
class QComboBox;
class QLabel;
class QLayout;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QTabWidget;

namespace Tandem {

class AgentGraphView;
class ChatRepository;
class McpServers;
class AgentTargetsTable;
class AgentsEditorViewModel;

/// @brief The agents editor (View → Agents…): the prompt-file agents of each mode, their name, role, instructions,
/// model and provider, allowed tools, handoff targets with their options, terminal and enabled; the mode's transition
/// graph drawn beside them. Save writes the person's file (checked first, the problem named in the status line);
/// "Reset to Preset" brings the shipped agent back; "Reset Thread" makes the agent forget the open conversation. Edits
/// not saved yet mark the title ("[*]") and enable Save; leaving them (another agent, another mode, closing) asks
/// first: Save, Discard or Cancel.
class AgentsEditor final : public QDialog
{
    Q_OBJECT

public:
    /// @brief @p viewModel is borrowed.
    explicit AgentsEditor(AgentsEditorViewModel *viewModel, QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(AgentsEditor)

    /// @brief Opens the editor on @p repository (borrowed; nothing happens without one) and waits until it is closed:
    /// @p mode's agents shown, "Reset Thread" for @p conversationId (0: none), the tools of @p mcpServers (borrowed;
    /// null: none) offered beside the built-in ones.
    static void open(ChatRepository *repository, qint64 conversationId, Conversation::Mode mode, QWidget *parent,
        McpServers *mcpServers = nullptr);
    /// @brief Shows @p mode and selects @p agentId in it (the first agent when empty or not in the mode).
    void select(Conversation::Mode mode, const QString &agentId = {});
    /// @brief The agent as the fields show it now.
    Agent editedAgent() const;
    /// @brief Saves the shown agent; false (the problem in the status line) when it cannot be.
    bool save();
    /// @brief True if the fields differ from the agent as it was loaded.
    bool hasUnsavedChanges() const;
    /// @brief Closes unless there are unsaved changes and the person cancels (or their Save fails).
    void done(int result) override;

protected:
    void changeEvent(QEvent *event) override;

private:
    /// @brief The status line and the buttons under it (the status line is laid out by the caller).
    QLayout *createButtons();
    QWidget *createAgentPage();
    QWidget *createToolsPage();
    void retranslate();
    Conversation::Mode mode() const;
    void showMode();
    void showRow(int row);
    int rowOf(const QString &agentId) const;
    /// @brief Lists the agents of the chosen mode and shows @p agentId (the first agent when not among them).
    void listAgents(const QString &agentId);
    /// @brief Marks the agents the person has overridden as "(edited)".
    void labelAgents();
    void showAgent(const QString &agentId);
    void showTools(const Agent &agent);
    /// @brief Lists the tools again (an MCP server listed its tools), keeping what is ticked.
    void refreshTools();
    void updateGraph();
    /// @brief A field changed: the graph and the unsaved state follow.
    void edited();
    void updateModified();
    /// @brief True if what is shown may be replaced: nothing unsaved, or the person saved (successfully) or
    /// discarded it; false if they cancelled.
    bool mayLeave();
    /// @brief Validates and writes the shown agent; on a problem names it and shows its field.
    bool store();
    void resetToPreset();
    /// @brief Removes the shown agent, which Tandem does not ship (asks first).
    void removeAgent();
    void newAgent();
    void resetThread();
    void setStatus(const QString &text, bool error = false);

    QPointer<AgentsEditorViewModel> m_model;
    QString m_agentId;
    Conversation::Mode m_listedMode = Conversation::Mode::Single; ///< the mode the list shows
    Agent m_shown; ///< the agent as saved, for what the fields do not edit (modes, the output limit)
    Agent m_loaded; ///< the agent as the fields showed it when it was loaded: what unsaved changes differ from
    QComboBox *m_mode = nullptr;
    QLabel *m_modeLabel = nullptr;
    QListWidget *m_agents = nullptr;
    QTabWidget *m_tabs = nullptr;
    QLabel *m_nameLabel = nullptr;
    QLabel *m_roleLabel = nullptr;
    QLabel *m_modelLabel = nullptr;
    QLabel *m_providerLabel = nullptr;
    QLabel *m_descriptionLabel = nullptr;
    QLabel *m_handlesLabel = nullptr;
    QLabel *m_instructionsLabel = nullptr;
    QLabel *m_variablesNote = nullptr;
    QLabel *m_toolsNote = nullptr;
    QLineEdit *m_name = nullptr;
    QLineEdit *m_role = nullptr;
    QLineEdit *m_modelField = nullptr;
    QLineEdit *m_provider = nullptr;
    QLineEdit *m_description = nullptr; ///< router mode: what the classifier reads
    QLineEdit *m_handles = nullptr; ///< router mode: keywords, comma-separated
    QPlainTextEdit *m_instructions = nullptr;
    QCheckBox *m_terminal = nullptr;
    QCheckBox *m_enabled = nullptr;
    QListWidget *m_tools = nullptr;
    AgentTargetsTable *m_targets = nullptr;
    AgentGraphView *m_graph = nullptr;
    QLabel *m_status = nullptr;
    QPushButton *m_save = nullptr;
    QPushButton *m_preset = nullptr;
    QPushButton *m_remove = nullptr;
    QPushButton *m_new = nullptr;
    QPushButton *m_thread = nullptr;
    QPushButton *m_close = nullptr;
};

} // namespace Tandem
