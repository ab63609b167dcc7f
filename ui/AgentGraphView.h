#pragma once

#include "presentation/AgentsEditorViewModel.h"

#include <QHash>
#include <QRectF>
#include <QWidget>

class QPainter;

namespace Tandem {

/// @brief The agents editor's drawing of a mode's transition graph: the agents on a circle in the order work flows,
/// each handoff an arrow labelled with its context transfer and timing; terminal agents drawn with a double border,
/// disabled ones dashed, the person and the pipeline's end as ellipses. The selected agent is highlighted.
class AgentGraphView final : public QWidget
{
    Q_OBJECT

public:
    explicit AgentGraphView(QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(AgentGraphView)

    void setGraph(const AgentsEditorViewModel::Graph &graph, const QString &selected);
    const AgentsEditorViewModel::Graph &graph() const { return m_graph; }
    /// @brief The label of @p edge as drawn ("summary · next turn").
    static QString edgeLabel(const TransitionGraph::Edge &edge);

    QSize sizeHint() const override { return { 420, 320 }; }
    QSize minimumSizeHint() const override { return { 300, 220 }; }

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    /// @brief The nodes in the order they go round the circle: from the agents nobody hands to, breadth first.
    QList<int> order() const;
    /// @brief Each node's box, by id, for the current size.
    QHash<QString, QRectF> layout() const;
    void drawEdge(QPainter &painter, const TransitionGraph::Edge &edge, const QHash<QString, QRectF> &boxes) const;
    void drawNode(QPainter &painter, const AgentsEditorViewModel::Node &node, const QRectF &box) const;

    AgentsEditorViewModel::Graph m_graph;
    QString m_selected;
};

} // namespace Tandem
