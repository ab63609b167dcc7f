#pragma once

#include "presentation/PipelineViewModel.h"

#include <QTimer>
#include <QWidget>

namespace Tandem {

/// @brief The agents of a mode drawn in a row, each a circle with its state (seed 002's pipeline visualisation): the
/// active one pulses in the accent colour, done ones carry a green check, rejected ones a red cross, timed-out ones
/// an amber clock hand, pending ones stay grey.
class AgentStrip final : public QWidget
{
    Q_OBJECT

public:
    explicit AgentStrip(QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(AgentStrip)

    void setAgents(const QList<PipelineViewModel::AgentState> &agents);
    QList<PipelineViewModel::AgentState> agents() const { return m_agents; }
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;

private:
    QList<PipelineViewModel::AgentState> m_agents;
    QTimer m_pulse;
    int m_phase = 0; ///< 0..99: where the active agent's pulse is
};

} // namespace Tandem
