#pragma once

#include <QWidget>

class QLabel;
class QTreeWidget;
class QTreeWidgetItem;

namespace Tandem {

class AgentStrip;
class ChatRepository;
class PipelineViewModel;

/// @brief The pipeline panel (a dock): the agents of the conversation's mode with their states, the
/// phase, and the handoff history with times, each entry expandable to its reason, rejection and payload text; a
/// double click (or Enter) on an entry opens the handoff inspector.
class PipelinePanel final : public QWidget
{
    Q_OBJECT

public:
    explicit PipelinePanel(ChatRepository *repository, QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(PipelinePanel)

    /// @brief Follows @p conversationId (0: none).
    void setConversation(qint64 conversationId);
    PipelineViewModel *viewModel() const { return m_viewModel; }
    AgentStrip *strip() const { return m_strip; }
    QTreeWidget *history() const { return m_history; }
    QLabel *phaseLabel() const { return m_phase; }
    /// @brief Router mode: "Current agent: …" and the routing decisions with their confidence.
    QLabel *currentAgentLabel() const { return m_currentAgent; }
    QTreeWidget *routing() const { return m_routing; }

Q_SIGNALS:
    /// The person opened a history entry.
    void handoffActivated(qint64 handoffId);

protected:
    void changeEvent(QEvent *event) override;

private:
    void refresh();
    void refreshRouting();

    PipelineViewModel *m_viewModel;
    AgentStrip *m_strip = nullptr;
    QLabel *m_phase = nullptr;
    QLabel *m_historyTitle = nullptr;
    QLabel *m_empty = nullptr;
    QTreeWidget *m_history = nullptr;
    QLabel *m_currentAgent = nullptr;
    QLabel *m_routingTitle = nullptr;
    QTreeWidget *m_routing = nullptr;
};

} // namespace Tandem
