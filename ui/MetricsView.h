#pragma once

#include <QWidget>

class QBarCategoryAxis;
class QBarSeries;
class QButtonGroup;
class QChart;
class QChartView;
class QComboBox;
class QLabel;
class QRadioButton;
class QTableView;
class QValueAxis;

namespace Tandem {

class ChatRepository;
class MetricsViewModel;

/// @brief The metrics view (a dock; how each agent performs): per agent turns, handoffs, rejections,
/// tokens and latency of the open conversation or of all, as a table and as a bar chart (Qt Charts) of the figure
/// the person picks. The numbers are those of `tandem metrics`.
class MetricsView final : public QWidget
{
    Q_OBJECT

public:
    explicit MetricsView(ChatRepository *repository, QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(MetricsView)

    /// @brief Follows @p conversationId (0: none).
    void setConversation(qint64 conversationId);
    MetricsViewModel *viewModel() const { return m_viewModel; }
    QTableView *table() const { return m_table; }
    QChart *chart() const { return m_chart; }
    QComboBox *figureBox() const { return m_figure; }
    QRadioButton *conversationButton() const { return m_conversation; }
    QRadioButton *overallButton() const { return m_overall; }

    QSize sizeHint() const override;

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void refresh();
    void rebuildChart();
    void fitColumns();

    MetricsViewModel *m_viewModel;
    QRadioButton *m_conversation;
    QRadioButton *m_overall;
    QComboBox *m_figure;
    QLabel *m_summary;
    QTableView *m_table;
    int m_tableWidth = 0; ///< what the table needs to show every column whole
    QChart *m_chart;
    QChartView *m_chartView;
    QBarSeries *m_series; ///< owned by the chart, refilled on each change
    QBarCategoryAxis *m_categories;
    QValueAxis *m_values;
};

} // namespace Tandem
