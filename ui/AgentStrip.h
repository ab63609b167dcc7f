#pragma once

#include "presentation/PipelineViewModel.h"

#include <QTimer>
#include <QWidget>

class QPainter;

namespace Tandem {

/// @brief The agents of a mode drawn in a row, each a circle with its state: the
/// active one pulses in the accent colour, done ones carry a green check, rejected ones a red cross, timed-out ones
/// an amber clock hand, pending ones stay grey. A router (setHub) is drawn as a hub: the first agent on top, a spoke
/// to each specialist below, and only the one holding the conversation marked, since specialists are not steps.
class AgentStrip final : public QWidget
{
    Q_OBJECT

public:
    explicit AgentStrip(QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(AgentStrip)

    void setAgents(const QList<PipelineViewModel::AgentState> &agents);
    QList<PipelineViewModel::AgentState> agents() const { return m_agents; }
    /// @brief Draws the first agent as a hub routing to the others (router mode) instead of a chain.
    void setHub(bool hub);
    bool isHub() const { return m_hub; }
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;

private:
    /// The centre of agent @p index's circle.
    QPointF centreOf(int index) const;
    /// The agents in a row (all of them, or the specialists below the hub) and the width of each one's slot.
    int rowStart() const { return m_hub ? 1 : 0; }
    qreal slotWidth() const;
    void drawAgent(QPainter &painter, int index) const;

    QList<PipelineViewModel::AgentState> m_agents;
    bool m_hub = false;
    QTimer m_pulse;
    int m_phase = 0; ///< 0..99: where the active agent's pulse is
};

} // namespace Tandem
