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
constexpr int kHubGap = 26; // between the hub's circle and the specialists' row

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

void AgentStrip::setHub(bool hub)
{
    if (m_hub == hub)
        return;
    m_hub = hub;
    updateGeometry();
    update();
}

QSize AgentStrip::sizeHint() const
{
    // Room for the longest name under each circle; a name wraps to a second line before it is cut.
    int slot = kMinSlot;
    for (const auto &agent : m_agents)
        slot = qMax(slot, fontMetrics().horizontalAdvance(agent.name) + 10);
    const int row = qMax(1, int(m_agents.size()) - rowStart());
    const int hub = m_hub ? 2 * kRadius + kHubGap : 0;
    return { row * slot, kTop + hub + 2 * kRadius + 8 + 3 * fontMetrics().height() };
}

qreal AgentStrip::slotWidth() const
{
    return qreal(width()) / qreal(qMax(1, int(m_agents.size()) - rowStart()));
}

QPointF AgentStrip::centreOf(int index) const
{
    if (m_hub && index == 0)
        return { width() / 2.0, qreal(kTop + kRadius) };
    const qreal top = kTop + kRadius + (m_hub ? 2 * kRadius + kHubGap : 0);
    return { slotWidth() * (index - rowStart() + 0.5), top };
}

QSize AgentStrip::minimumSizeHint() const
{
    return { kMinSlot * 2, sizeHint().height() };
}

bool AgentStrip::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip && !m_agents.isEmpty()) {
        auto *help = static_cast<QHelpEvent *>(event);
        // A hub with no specialist left (all switched off) has only its top row.
        const bool onHub = m_hub && (m_agents.size() <= rowStart() || help->pos().y() < centreOf(1).y() - kRadius - 2);
        const int index
            = onHub ? 0 : qBound(rowStart(), rowStart() + int(help->pos().x() / slotWidth()), int(m_agents.size()) - 1);
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
    // The arrows between the agents first, under the circles: a chain, or the hub's spokes.
    p.setPen(QPen(palette().color(QPalette::Mid), 2));
    const auto arrow = [&p](QPointF from, QPointF to) {
        const QLineF line(from, to);
        const QPointF unit = (to - from) / qMax<qreal>(1.0, line.length());
        const QPointF start = from + unit * (kRadius + 4);
        const QPointF end = to - unit * (kRadius + 4);
        const QPointF normal(-unit.y(), unit.x());
        p.drawLine(start, end);
        p.drawLine(end, end - unit * 5 + normal * 4);
        p.drawLine(end, end - unit * 5 - normal * 4);
    };
    for (int i = rowStart(); i < m_agents.size(); ++i) {
        if (m_hub)
            arrow(centreOf(0), centreOf(i));
        else if (i + 1 < m_agents.size())
            arrow(centreOf(i), centreOf(i + 1));
    }
    for (int i = 0; i < m_agents.size(); ++i)
        drawAgent(p, i);
}

void AgentStrip::drawAgent(QPainter &p, int index) const
{
    const auto &agent = m_agents.at(index);
    // A router's specialists are not steps: none is "pending" or "done", only the one holding the conversation shows.
    const auto state
        = m_hub && (agent.state == PipelineViewModel::State::Pending || agent.state == PipelineViewModel::State::Done)
        ? PipelineViewModel::State::Pending
        : agent.state;
    const QPointF c = centreOf(index);
    const QColor color = colorOf(state);
    if (state == PipelineViewModel::State::Active && agent.working) {
        // The active agent's pulse: a halo that grows and fades.
        const qreal t = m_phase / 100.0;
        QColor halo = color;
        halo.setAlphaF(float(0.45 * (1.0 - t)));
        p.setPen(Qt::NoPen);
        p.setBrush(halo);
        p.drawEllipse(c, kRadius + 2 + 5 * t, kRadius + 2 + 5 * t);
    }
    const bool filled = state != PipelineViewModel::State::Pending;
    p.setPen(QPen(color, 2));
    p.setBrush(filled ? color : palette().color(QPalette::Base));
    p.drawEllipse(c, kRadius, kRadius);
    p.setPen(QPen(filled ? QColor(Qt::white) : color, 2.2, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    p.setBrush(Qt::NoBrush);
    switch (state) {
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
    QFont bold = font();
    bold.setBold(state == PipelineViewModel::State::Active);
    const QFontMetrics metrics(bold);
    const QString stateText
        = m_hub && state == PipelineViewModel::State::Pending ? QString() : PipelineViewModel::stateName(state);
    if (m_hub && index == 0) {
        // The hub's name beside its circle: the spokes leave no room under it.
        const QRectF nameRect(
            c.x() + kRadius + 8, c.y() - metrics.height() / 2.0, width() - c.x() - kRadius - 10, metrics.height());
        p.setFont(bold);
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(nameRect, Qt::AlignLeft | Qt::AlignVCenter,
            metrics.elidedText(stateText.isEmpty() ? agent.name : agent.name + u" · "_s + stateText, Qt::ElideRight,
                int(nameRect.width())));
        return;
    }
    // The name on up to two lines, then the state, centred under the circle.
    const qreal slot = slotWidth();
    const int room = int(slot - 4);
    const QRectF nameRect(c.x() - slot / 2 + 2, c.y() + kRadius + 6, slot - 4, 2 * metrics.height() + 2);
    // "Tracking agent" in a narrow slot reads whole on two lines; only what two lines cannot hold is cut.
    QString name = agent.name;
    // Counted in lines, not compared in pixels: two wrapped lines measure a pixel or two more than two heights.
    const auto fits = [&name, room](const QFont &font) {
        const QFontMetrics m(font);
        const QRect wrapped = m.boundingRect(QRect(0, 0, room, 8 * m.height()), Qt::TextWordWrap, name);
        return qRound(double(wrapped.height()) / m.height()) <= 2 && wrapped.width() <= room;
    };
    // A long single word ("Рефакторщик", "Documentation") first gets a point or two smaller, then is cut.
    for (int step = 0; step < 2 && !fits(bold) && bold.pointSizeF() > 7; ++step)
        bold.setPointSizeF(bold.pointSizeF() - 1);
    if (!fits(bold))
        name = QFontMetrics(bold).elidedText(name, Qt::ElideRight, room);
    p.setFont(bold);
    p.setPen(palette().color(QPalette::WindowText));
    const int flags = Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap;
    const QRectF used = p.boundingRect(nameRect, flags, name);
    p.drawText(nameRect, flags, name);
    p.setFont(font());
    p.setPen(state == PipelineViewModel::State::Pending ? palette().color(QPalette::PlaceholderText) : color);
    p.drawText(QRectF(nameRect.left(), used.bottom(), nameRect.width(), fontMetrics().height()), Qt::AlignCenter,
        fontMetrics().elidedText(stateText, Qt::ElideRight, room));
}

} // namespace Tandem
