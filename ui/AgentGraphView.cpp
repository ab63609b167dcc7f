#include "AgentGraphView.h"

#include "Theme.h"

#include <QPainter>
#include <QPainterPath>
#include <QSet>

#include <cmath>
#include <numbers>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
constexpr qreal kBend = 22.0; ///< how far an arrow bows from the straight line, so A→B and B→A stay apart

QRectF nodeRect(const QPointF &centre, const QFontMetricsF &metrics, const QString &name)
{
    const qreal width = qMax(70.0, metrics.horizontalAdvance(name) + 20.0);
    return { centre.x() - width / 2, centre.y() - 16, width, 32 };
}

/// Where the line from @p rect's centre towards @p towards leaves @p rect.
QPointF border(const QRectF &rect, const QPointF &towards)
{
    const QPointF d = towards - rect.center();
    if (qFuzzyIsNull(d.x()) && qFuzzyIsNull(d.y()))
        return rect.center();
    const qreal sx = qFuzzyIsNull(d.x()) ? 1e9 : (rect.width() / 2) / std::abs(d.x());
    const qreal sy = qFuzzyIsNull(d.y()) ? 1e9 : (rect.height() / 2) / std::abs(d.y());
    return rect.center() + d * qMin(sx, sy);
}
} // namespace

AgentGraphView::AgentGraphView(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(u"AgentGraph"_s);
    setAccessibleName(tr("Transition graph"));
}

void AgentGraphView::setGraph(const AgentsEditorViewModel::Graph &graph, const QString &selected)
{
    m_graph = graph;
    m_selected = selected;
    QStringList lines;
    for (const TransitionGraph::Edge &edge : graph.edges)
        lines << tr("%1 to %2: %3").arg(edge.from, edge.to, edgeLabel(edge));
    setAccessibleDescription(lines.join(u"; "_s));
    update();
}

QString AgentGraphView::edgeLabel(const TransitionGraph::Edge &edge)
{
    QString transfer = tr("payload");
    if (edge.transfer == ContextTransfer::Summary)
        transfer = tr("summary");
    else if (edge.transfer == ContextTransfer::FullHistory)
        transfer = tr("full history");
    else if (edge.transfer == ContextTransfer::Reference)
        transfer = tr("reference to history");
    QString label = transfer + u" · "_s + (edge.timing == HandoffTiming::SameTurn ? tr("same turn") : tr("next turn"));
    if (edge.warm)
        label += u" · "_s + tr("warm");
    return label;
}

QList<int> AgentGraphView::order() const
{
    QSet<QString> targeted;
    for (const TransitionGraph::Edge &edge : m_graph.edges)
        targeted.insert(edge.to);
    QList<int> ordered;
    QSet<int> placed;
    const auto visitFrom = [&](int start) {
        QList<int> queue { start };
        placed.insert(start);
        while (!queue.isEmpty()) {
            const int index = queue.takeFirst();
            ordered << index;
            for (const TransitionGraph::Edge &edge : m_graph.edges) {
                if (edge.from != m_graph.nodes.at(index).id)
                    continue;
                for (int next = 0; next < m_graph.nodes.size(); ++next) {
                    if (m_graph.nodes.at(next).id == edge.to && !placed.contains(next)) {
                        placed.insert(next);
                        queue << next;
                    }
                }
            }
        }
    };
    for (int i = 0; i < m_graph.nodes.size(); ++i)
        if (!targeted.contains(m_graph.nodes.at(i).id) && !placed.contains(i))
            visitFrom(i);
    for (int i = 0; i < m_graph.nodes.size(); ++i)
        if (!placed.contains(i))
            visitFrom(i);
    return ordered;
}

QHash<QString, QRectF> AgentGraphView::layout() const
{
    const QList<int> ordered = order();
    const QFontMetricsF metrics(font());
    const QPointF centre = QRectF(rect()).center();
    const qreal radiusX = qMax(40.0, width() / 2.0 - 70.0);
    const qreal radiusY = qMax(30.0, height() / 2.0 - 34.0);
    QHash<QString, QRectF> boxes;
    for (int slot = 0; slot < ordered.size(); ++slot) {
        // Round the circle clockwise from its left, so the first agent stands left and work flows over the top.
        const qreal angle = std::numbers::pi + 2 * std::numbers::pi * slot / ordered.size();
        const QPointF at
            = ordered.size() == 1 ? centre : centre + QPointF(radiusX * std::cos(angle), radiusY * std::sin(angle));
        const AgentsEditorViewModel::Node &node = m_graph.nodes.at(ordered.at(slot));
        boxes.insert(node.id, nodeRect(at, metrics, node.name));
    }
    return boxes;
}

void AgentGraphView::drawEdge(
    QPainter &painter, const TransitionGraph::Edge &edge, const QHash<QString, QRectF> &boxes) const
{
    const QRectF from = boxes.value(edge.from);
    const QRectF to = boxes.value(edge.to);
    const QPointF d = to.center() - from.center();
    const qreal length = std::hypot(d.x(), d.y());
    if (length < 1)
        return;
    const QColor line = palette().color(QPalette::Text);
    const QPointF normal(-d.y() / length, d.x() / length);
    const QPointF control = (from.center() + to.center()) / 2 + normal * kBend;
    const QPointF end = border(to, control);
    QPainterPath path(border(from, control));
    path.quadTo(control, end);
    painter.setPen(QPen(line, 1.4));
    painter.setBrush(Qt::NoBrush);
    painter.drawPath(path);
    const QPointF back = end - control;
    const qreal backLength = std::hypot(back.x(), back.y());
    const QPointF unit = backLength > 0 ? back / backLength : QPointF(1, 0);
    const QPointF side(-unit.y(), unit.x());
    painter.setBrush(line);
    painter.drawPolygon(QPolygonF { end, end - unit * 9 + side * 4.5, end - unit * 9 - side * 4.5 });

    const QString label = edgeLabel(edge);
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.85);
    painter.setFont(small);
    const QRectF bounds = QFontMetricsF(small).boundingRect(label).adjusted(-3, -1, 3, 1);
    // Beside the arrow's middle, moved further out while it would cover an agent.
    QRectF placed = bounds.translated(path.pointAtPercent(0.5) + normal * 8 - bounds.center());
    for (int step = 0; step < 4; ++step) {
        const bool covers = std::any_of(boxes.cbegin(), boxes.cend(),
            [&](const QRectF &box) { return box.adjusted(-2, -2, 2, 2).intersects(placed); });
        if (!covers)
            break;
        placed.translate(normal * 10);
    }
    painter.setPen(Qt::NoPen);
    painter.setBrush(palette().color(QPalette::Base));
    painter.drawRect(placed);
    painter.setPen(palette().color(QPalette::PlaceholderText));
    painter.drawText(placed, Qt::AlignCenter, label);
    painter.setFont(font());
}

void AgentGraphView::drawNode(QPainter &painter, const AgentsEditorViewModel::Node &node, const QRectF &box) const
{
    const bool selected = node.id == m_selected;
    QPen pen(selected ? Theme::activeColor() : palette().color(QPalette::Text), selected ? 2.2 : 1.2);
    if (!node.enabled)
        pen.setStyle(Qt::DashLine);
    painter.setPen(pen);
    painter.setBrush(palette().color(node.pseudo ? QPalette::AlternateBase : QPalette::Button));
    if (node.pseudo)
        painter.drawEllipse(box);
    else
        painter.drawRoundedRect(box, 6, 6);
    if (node.terminal) { // a terminal agent: a second border inside the first
        painter.setBrush(Qt::NoBrush);
        painter.drawRoundedRect(box.adjusted(3, 3, -3, -3), 4, 4);
    }
    painter.setPen(palette().color(node.enabled ? QPalette::ButtonText : QPalette::PlaceholderText));
    painter.drawText(box, Qt::AlignCenter, node.name);
}

void AgentGraphView::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.fillRect(rect(), palette().base());
    if (m_graph.nodes.isEmpty()) {
        painter.drawText(rect(), Qt::AlignCenter, tr("This mode has no agents."));
        return;
    }
    const QHash<QString, QRectF> boxes = layout();
    for (const TransitionGraph::Edge &edge : std::as_const(m_graph.edges))
        drawEdge(painter, edge, boxes);
    for (const AgentsEditorViewModel::Node &node : std::as_const(m_graph.nodes))
        drawNode(painter, node, boxes.value(node.id));
    // A legend for the marks, in a corner.
    painter.setPen(palette().color(QPalette::PlaceholderText));
    painter.drawText(rect().adjusted(6, 4, -6, -4), Qt::AlignLeft | Qt::AlignBottom,
        tr("Double border: terminal · dashed: disabled"));
}

} // namespace Tandem
