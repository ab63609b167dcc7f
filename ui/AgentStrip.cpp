#include "AgentStrip.h"

#include "Theme.h"

#include <QHelpEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <cmath>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
constexpr int kMinSlot = 72; // one agent's width at least
constexpr int kRadius = 13;
constexpr int kTop = 8;

QColor colorOf(PipelineViewModel::State state)
{
    switch (state) {
    case PipelineViewModel::State::Active:
        return Theme::activeColor();
    case PipelineViewModel::State::Done:
        return Theme::doneColor();
    case PipelineViewModel::State::Rejected:
        return Theme::rejectedColor();
    case PipelineViewModel::State::TimedOut:
        return Theme::timedOutColor();
    case PipelineViewModel::State::Pending:
        break;
    }
    return Theme::pendingColor();
}
} // namespace

AgentStrip::AgentStrip(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(u"AgentStrip"_s);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    m_pulse.setInterval(60);
    connect(&m_pulse, &QTimer::timeout, this, [this] {
        m_phase = (m_phase + 3) % 100;
        update();
    });
}

void AgentStrip::setAgents(const QList<PipelineViewModel::AgentState> &agents)
{
    m_agents = agents;
    QStringList names;
    for (const auto &agent : agents)
        names << u"%1: %2"_s.arg(agent.name, PipelineViewModel::stateName(agent.state));
    setAccessibleDescription(names.join(u", "_s));
    const bool active = std::any_of(agents.cbegin(), agents.cend(), [](const auto &agent) { return agent.working; });
    if (active && !m_pulse.isActive())
        m_pulse.start();
    else if (!active)
        m_pulse.stop();
    updateGeometry();
    update();
}

QSize AgentStrip::sizeHint() const
{
    // Room for the longest name under each circle.
    int slot = kMinSlot;
    for (const auto &agent : m_agents)
        slot = qMax(slot, fontMetrics().horizontalAdvance(agent.name) + 10);
    return { int(qMax<qsizetype>(1, m_agents.size())) * slot, kTop + 2 * kRadius + 8 + 2 * fontMetrics().height() };
}

QSize AgentStrip::minimumSizeHint() const
{
    return { kMinSlot * 2, sizeHint().height() };
}

bool AgentStrip::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip && !m_agents.isEmpty()) {
        auto *help = static_cast<QHelpEvent *>(event);
        const qreal slot = qreal(width()) / qreal(m_agents.size());
        const int index = qBound(0, int(help->pos().x() / slot), int(m_agents.size()) - 1);
        const auto &agent = m_agents.at(index);
        QString tip = u"%1 — %2"_s.arg(agent.name, PipelineViewModel::stateName(agent.state));
        if (!agent.detail.isEmpty())
            tip += u"\n"_s + agent.detail;
        QToolTip::showText(help->globalPos(), tip, this);
        return true;
    }
    return QWidget::event(event);
}

void AgentStrip::paintEvent(QPaintEvent *)
{
    if (m_agents.isEmpty())
        return;
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const qreal slot = qreal(width()) / qreal(m_agents.size());
    const qreal cy = kTop + kRadius;
    // The arrows between the agents first, under the circles.
    p.setPen(QPen(palette().color(QPalette::Mid), 2));
    for (int i = 0; i + 1 < m_agents.size(); ++i) {
        const qreal x1 = slot * (i + 0.5) + kRadius + 4;
        const qreal x2 = slot * (i + 1.5) - kRadius - 4;
        p.drawLine(QPointF(x1, cy), QPointF(x2, cy));
        p.drawLine(QPointF(x2, cy), QPointF(x2 - 5, cy - 4));
        p.drawLine(QPointF(x2, cy), QPointF(x2 - 5, cy + 4));
    }
    for (int i = 0; i < m_agents.size(); ++i) {
        const auto &agent = m_agents.at(i);
        const QPointF c(slot * (i + 0.5), cy);
        const QColor color = colorOf(agent.state);
        if (agent.state == PipelineViewModel::State::Active && agent.working) {
            // Seed 002's "blue pulse": a halo that grows and fades.
            const qreal t = m_phase / 100.0;
            QColor halo = color;
            halo.setAlphaF(float(0.45 * (1.0 - t)));
            p.setPen(Qt::NoPen);
            p.setBrush(halo);
            p.drawEllipse(c, kRadius + 2 + 5 * t, kRadius + 2 + 5 * t);
        }
        const bool filled = agent.state != PipelineViewModel::State::Pending;
        p.setPen(QPen(color, 2));
        p.setBrush(filled ? color : palette().color(QPalette::Base));
        p.drawEllipse(c, kRadius, kRadius);
        p.setPen(QPen(filled ? QColor(Qt::white) : color, 2.2, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        p.setBrush(Qt::NoBrush);
        switch (agent.state) {
        case PipelineViewModel::State::Done: {
            QPainterPath check;
            check.moveTo(c + QPointF(-5.5, 0.5));
            check.lineTo(c + QPointF(-1.5, 4.5));
            check.lineTo(c + QPointF(6, -4));
            p.drawPath(check);
            break;
        }
        case PipelineViewModel::State::Rejected:
            p.drawLine(c + QPointF(-4.5, -4.5), c + QPointF(4.5, 4.5));
            p.drawLine(c + QPointF(-4.5, 4.5), c + QPointF(4.5, -4.5));
            break;
        case PipelineViewModel::State::TimedOut:
            p.drawLine(c, c + QPointF(0, -6));
            p.drawLine(c, c + QPointF(4.5, 2.5));
            break;
        case PipelineViewModel::State::Active:
            p.setBrush(Qt::white);
            p.setPen(Qt::NoPen);
            p.drawEllipse(c, 3.5, 3.5);
            break;
        case PipelineViewModel::State::Pending:
            break;
        }
        // The name, then the state, centred under the circle and elided to the slot.
        const QRectF nameRect(slot * i + 2, cy + kRadius + 6, slot - 4, fontMetrics().height());
        QFont bold = font();
        bold.setBold(agent.state == PipelineViewModel::State::Active);
        // A long name gets a little smaller before it is elided.
        const int room = int(slot - 4);
        if (const int wide = QFontMetrics(bold).horizontalAdvance(agent.name); wide > room)
            bold.setPointSizeF(bold.pointSizeF() * qMax(0.75, qreal(room) / qreal(wide)));
        p.setFont(bold);
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(nameRect, Qt::AlignCenter, QFontMetrics(bold).elidedText(agent.name, Qt::ElideRight, int(slot - 4)));
        p.setFont(font());
        p.setPen(agent.state == PipelineViewModel::State::Pending ? palette().color(QPalette::PlaceholderText) : color);
        const QString state = PipelineViewModel::stateName(agent.state);
        p.drawText(nameRect.translated(0, fontMetrics().height()), Qt::AlignCenter,
            fontMetrics().elidedText(state, Qt::ElideRight, int(slot - 4)));
    }
}

} // namespace Tandem
