#pragma once

#include "domain/Metrics.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QList>
#include <QPointer>
#include <QString>
#include <QStringList>

namespace Tandem {

class ChatRepository;
class ChatEvents;
class ConversationsApi;
class MetricsApi;

/// @brief The metrics view (how each agent of router mode performs): per agent turns, handoffs, rejections, tokens and
/// latency, of the open conversation or of all, as a table (one row per agent, then the total) and as the series of a
/// chart. The figures are ChatRepository::metrics(), the same that `tandem metrics` prints.
class MetricsViewModel final : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        Agent,
        Turns,
        HandoffsGiven,
        HandoffsReceived,
        RejectionsGiven,
        RejectionsReceived,
        InputTokens,
        OutputTokens,
        LatencyMean,
        LatencyP95,
        ColumnCount
    };
    /// What the chart shows: each a group of bars per agent.
    enum class ChartFigure { Turns, Handoffs, Rejections, Tokens, Latency };
    Q_ENUM(ChartFigure)

    /// One bar set of the chart: its name and a value per agent.
    struct Series
    {
        QString name;
        QList<double> values;
    };

    /// @brief The interfaces it reads and calls, and the events it follows (borrowed, of one façade).
    MetricsViewModel(
        MetricsApi *metrics, ConversationsApi *conversations, ChatEvents *events, QObject *parent = nullptr);
    /// @brief All of them from @p repository (may be null: nothing to read or call), for the window, which wires the
    /// façade whole.
    explicit MetricsViewModel(ChatRepository *repository, QObject *parent = nullptr);
    Q_DISABLE_COPY_MOVE(MetricsViewModel)

    /// @brief The open conversation (0: none).
    void setConversation(qint64 conversationId);
    /// @brief True: every conversation; false: the open one.
    void setOverall(bool overall);
    bool isOverall() const { return m_overall; }
    /// @brief Reads the figures again (a finished run, a settled handoff or another process's writes do this).
    void reload();

    const Metrics &metrics() const { return m_metrics; }
    /// @brief The agent's name as the window shows it ("Task agent"; its id if unknown).
    QString agentName(const QString &agentId) const;
    /// @brief The chart's categories: the agents' names, in the table's order.
    QStringList categories() const;
    /// @brief The bar sets of @p figure.
    QList<Series> series(ChartFigure figure) const;
    static QString figureName(ChartFigure figure);
    static QList<ChartFigure> figures();
    /// @brief The number in @p column of @p metrics (the table's cell, as a number).
    static double value(const AgentMetrics &metrics, int column);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    void refreshed();

private:
    const AgentMetrics &rowMetrics(int row) const;

    QPointer<ChatEvents> m_events; ///< null once the façade is gone: then nothing is read or called
    MetricsApi *m_metricsApi = nullptr;
    ConversationsApi *m_conversations = nullptr;
    qint64 m_conversationId = 0;
    bool m_overall = false;
    Metrics m_metrics;
    QHash<QString, QString> m_names;
};

} // namespace Tandem
