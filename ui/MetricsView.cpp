#include "MetricsView.h"

#include "presentation/MetricsViewModel.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QButtonGroup>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QRadioButton>
#include <QSplitter>
#include <QStyle>
#include <QTableView>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

/// Every figure is a count (turns, handoffs, tokens) or whole milliseconds: the axis steps by a whole 1, 2 or 5 × 10ⁿ,
/// at most five steps, so that no two ticks read the same (%.0f of 0.2, 0.4 … read 0, 0, 0, 1, 1).
qint64 wholeStep(double top)
{
    const double raw = top / 5.0;
    if (raw <= 1.0)
        return 1;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    const double residual = raw / magnitude;
    return qint64(std::llround((residual <= 1.0          ? 1.0
                                       : residual <= 2.0 ? 2.0
                                       : residual <= 5.0 ? 5.0
                                                         : 10.0)
        * magnitude));
}

} // namespace

MetricsView::MetricsView(ChatRepository *repository, QWidget *parent)
    : QWidget(parent)
    , m_viewModel(new MetricsViewModel(repository, this))
    , m_conversation(new QRadioButton(this))
    , m_overall(new QRadioButton(this))
    , m_figure(new QComboBox(this))
    , m_summary(new QLabel(this))
    , m_table(new QTableView(this))
    , m_chart(new QChart)
    , m_chartView(new QChartView(m_chart, this))
    , m_series(new QBarSeries)
    , m_categories(new QBarCategoryAxis)
    , m_values(new QValueAxis)
{
    setObjectName(u"MetricsView"_s);
    m_conversation->setObjectName(u"MetricsConversationScope"_s);
    m_overall->setObjectName(u"MetricsOverallScope"_s);
    m_figure->setObjectName(u"MetricsFigure"_s);
    m_table->setObjectName(u"MetricsTable"_s);
    m_chartView->setObjectName(u"MetricsChart"_s);
    auto *scope = new QButtonGroup(this);
    scope->addButton(m_conversation);
    scope->addButton(m_overall);
    m_conversation->setChecked(true);
    connect(m_overall, &QRadioButton::toggled, m_viewModel, &MetricsViewModel::setOverall);
    connect(m_figure, &QComboBox::currentIndexChanged, this, &MetricsView::rebuildChart);

    m_table->setModel(m_viewModel);
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_chart->addSeries(m_series);
    m_chart->addAxis(m_categories, Qt::AlignBottom);
    m_chart->addAxis(m_values, Qt::AlignLeft);
    m_series->attachAxis(m_categories);
    m_series->attachAxis(m_values);
    m_values->setLabelFormat(u"%.0f"_s);
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_chart->setMargins(QMargins(4, 4, 4, 4));
    m_chartView->setRenderHint(QPainter::Antialiasing);
    m_chartView->setMinimumHeight(200);
    m_summary->setWordWrap(true);

    auto *controls = new QHBoxLayout;
    controls->addWidget(m_conversation);
    controls->addWidget(m_overall);
    controls->addStretch(1);
    controls->addWidget(m_figure);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_table);
    split->addWidget(m_chartView);
    split->setChildrenCollapsible(false);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 6);
    layout->addLayout(controls);
    layout->addWidget(m_summary);
    layout->addWidget(split, 1);
    connect(m_viewModel, &MetricsViewModel::refreshed, this, &MetricsView::refresh);
    retranslate();
    refresh();
}

void MetricsView::setConversation(qint64 conversationId)
{
    m_viewModel->setConversation(conversationId);
}

void MetricsView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        m_viewModel->reload();
    }
    QWidget::changeEvent(event);
}

void MetricsView::retranslate()
{
    m_conversation->setText(tr("This conversation"));
    m_overall->setText(tr("All conversations"));
    m_figure->setAccessibleName(tr("Figure in the chart"));
    m_table->setAccessibleName(tr("Metrics per agent"));
    m_chartView->setAccessibleName(tr("Chart of the metrics per agent"));
    const int current = std::max(0, m_figure->currentIndex());
    const QSignalBlocker blocker(m_figure);
    m_figure->clear();
    for (const MetricsViewModel::ChartFigure figure : MetricsViewModel::figures())
        m_figure->addItem(MetricsViewModel::figureName(figure), int(figure));
    m_figure->setCurrentIndex(current);
}

void MetricsView::refresh()
{
    const Metrics &metrics = m_viewModel->metrics();
    m_summary->setText(metrics.agents.isEmpty()
            ? tr("Nothing measured yet: the figures appear once an agent has answered.")
            : tr("Runs: %1 · routing decisions: %2").arg(metrics.runs).arg(metrics.routing.size()));
    fitColumns();
    rebuildChart();
}

void MetricsView::fitColumns()
{
    // All the columns at their full width, headers and values, in every language and font size.
    const QHeaderView *header = m_table->horizontalHeader();
    int width = 0;
    const int grid = m_table->showGrid() ? 1 : 0;
    for (int column = 0; column < m_viewModel->columnCount(); ++column) {
        int widest = header->sectionSizeHint(column);
        for (int row = 0; row < m_viewModel->rowCount(); ++row)
            widest = std::max(widest, m_table->sizeHintForIndex(m_viewModel->index(row, column)).width() + grid);
        width += widest;
    }
    m_tableWidth = width + 2 * m_table->frameWidth()
        + m_table->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, m_table);
    updateGeometry();
}

QSize MetricsView::sizeHint() const
{
    // Wide enough for every column, so the dock opens showing them all; narrower only when the person (or a small
    // screen) makes it so, and the table then scrolls.
    const QSize base = QWidget::sizeHint();
    const QMargins margins = layout()->contentsMargins();
    return { std::max(base.width(), m_tableWidth + margins.left() + margins.right()), base.height() };
}

void MetricsView::rebuildChart()
{
    // One series and two axes for the view's life, refilled: recreating them leaves stale axes drawn behind.
    m_series->clear();
    m_categories->clear();
    const auto figure = MetricsViewModel::ChartFigure(m_figure->currentData().toInt());
    m_chart->setTitle(MetricsViewModel::figureName(figure));
    double top = 0.0;
    const QList<MetricsViewModel::Series> sets = m_viewModel->series(figure);
    for (const MetricsViewModel::Series &each : sets) {
        auto *set = new QBarSet(each.name);
        for (const double value : each.values) {
            set->append(value);
            top = std::max(top, value);
        }
        m_series->append(set);
    }
    m_categories->append(m_viewModel->categories());
    const qint64 step = wholeStep(top);
    const qint64 steps = std::max<qint64>(1, qint64(std::ceil(top / double(step))));
    m_values->setRange(0, double(step * steps));
    m_values->setTickCount(int(steps) + 1);
}

} // namespace Tandem
