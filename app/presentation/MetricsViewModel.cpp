#include "MetricsViewModel.h"

#include "chat/ChatRepository.h"
#include "domain/ShippedAgentText.h"

#include <QLocale>

using namespace Qt::StringLiterals;

namespace Tandem {

MetricsViewModel::MetricsViewModel(ChatRepository *repository, QObject *parent)
    : MetricsViewModel(repository, repository, repository, parent)
{ }

MetricsViewModel::MetricsViewModel(
    MetricsApi *metrics, ConversationsApi *conversations, ChatEvents *events, QObject *parent)
    : QAbstractTableModel(parent)
    , m_events(events)
    , m_metricsApi(metrics)
    , m_conversations(conversations)
{
    if (!events)
        return;
    const auto mine = [this](qint64 conversationId) {
        return m_overall || conversationId == m_conversationId;
    };
    connect(events, &ChatEvents::runFinished, this, [this, mine](qint64 conversationId) {
        if (mine(conversationId))
            reload();
    });
    connect(events, &ChatEvents::handoffStatusChanged, this, [this, mine](const Handoff &handoff) {
        if (mine(handoff.conversationId))
            reload();
    });
    connect(events, &ChatEvents::changedElsewhere, this, &MetricsViewModel::reload);
    connect(events, &ChatEvents::conversationsChanged, this, [this] {
        if (m_overall)
            reload();
    });
}

void MetricsViewModel::setConversation(qint64 conversationId)
{
    m_conversationId = conversationId;
    reload();
}

void MetricsViewModel::setOverall(bool overall)
{
    m_overall = overall;
    reload();
}

void MetricsViewModel::reload()
{
    beginResetModel();
    m_metrics = Metrics {};
    m_names.clear();
    if (m_events && (m_overall || m_conversationId > 0)) {
        m_metrics = m_metricsApi->metrics(m_overall ? 0 : m_conversationId);
        if (m_conversationId > 0) {
            const QList<Tandem::Agent> agents = m_conversations->modeAgents(m_conversationId);
            for (const Tandem::Agent &agent : agents)
                m_names.insert(agent.id, ShippedAgentText::name(agent));
        }
    }
    endResetModel();
    Q_EMIT refreshed();
}

QString MetricsViewModel::agentName(const QString &agentId) const
{
    if (agentId == u"orchestrator")
        return tr("Orchestrator");
    if (agentId == u"person")
        return tr("You");
    const QString name = m_names.value(agentId);
    return name.isEmpty() ? agentId : name;
}

QStringList MetricsViewModel::categories() const
{
    QStringList names;
    for (const AgentMetrics &agent : m_metrics.agents)
        names << agentName(agent.agentId);
    return names;
}

QList<MetricsViewModel::Series> MetricsViewModel::series(ChartFigure figure) const
{
    const auto of = [this](const QString &name, int column) {
        Series series { name, {} };
        for (const AgentMetrics &agent : m_metrics.agents)
            series.values << value(agent, column);
        return series;
    };
    switch (figure) {
    case ChartFigure::Turns:
        return { of(tr("Turns"), Turns) };
    case ChartFigure::Handoffs:
        return { of(tr("Given"), HandoffsGiven), of(tr("Received"), HandoffsReceived) };
    case ChartFigure::Rejections:
        return { of(tr("Given"), RejectionsGiven), of(tr("Received"), RejectionsReceived) };
    case ChartFigure::Tokens:
        return { of(tr("Input"), InputTokens), of(tr("Output"), OutputTokens) };
    case ChartFigure::Latency:
        return { of(tr("Mean (ms)"), LatencyMean), of(tr("95th percentile (ms)"), LatencyP95) };
    }
    return {};
}

QString MetricsViewModel::figureName(ChartFigure figure)
{
    switch (figure) {
    case ChartFigure::Turns:
        return tr("Turns");
    case ChartFigure::Handoffs:
        return tr("Handoffs");
    case ChartFigure::Rejections:
        return tr("Rejections");
    case ChartFigure::Tokens:
        return tr("Tokens");
    case ChartFigure::Latency:
        return tr("Latency");
    }
    return {};
}

QList<MetricsViewModel::ChartFigure> MetricsViewModel::figures()
{
    return { ChartFigure::Turns, ChartFigure::Handoffs, ChartFigure::Rejections, ChartFigure::Tokens,
        ChartFigure::Latency };
}

double MetricsViewModel::value(const AgentMetrics &metrics, int column)
{
    switch (column) {
    case Turns:
        return metrics.turns;
    case HandoffsGiven:
        return metrics.handoffsGiven;
    case HandoffsReceived:
        return metrics.handoffsReceived;
    case RejectionsGiven:
        return metrics.rejectionsGiven;
    case RejectionsReceived:
        return metrics.rejectionsReceived;
    case InputTokens:
        return double(metrics.inputTokens);
    case OutputTokens:
        return double(metrics.outputTokens);
    case LatencyMean:
        return metrics.latencyMeanMs;
    case LatencyP95:
        return double(metrics.latencyP95Ms);
    default:
        return 0.0;
    }
}

const AgentMetrics &MetricsViewModel::rowMetrics(int row) const
{
    return row < m_metrics.agents.size() ? m_metrics.agents.at(row) : m_metrics.total;
}

int MetricsViewModel::rowCount(const QModelIndex &parent) const
{
    // The agents, then the total (none when nothing was measured).
    return parent.isValid() || m_metrics.agents.isEmpty() ? 0 : int(m_metrics.agents.size()) + 1;
}

int MetricsViewModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant MetricsViewModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const AgentMetrics &metrics = rowMetrics(index.row());
    const bool total = index.row() == m_metrics.agents.size();
    if (role == Qt::TextAlignmentRole)
        return index.column() == Agent ? QVariant() : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::UserRole)
        return index.column() == Agent ? QVariant(metrics.agentId) : QVariant(value(metrics, index.column()));
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    if (index.column() == Agent)
        return total ? tr("Total") : agentName(metrics.agentId);
    const double number = value(metrics, index.column());
    return index.column() == LatencyMean ? QLocale().toString(number, 'f', 0) : QLocale().toString(qint64(number));
}

QVariant MetricsViewModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return {};
    const bool tip = role == Qt::ToolTipRole;
    switch (section) {
    case Agent:
        return tr("Agent");
    case Turns:
        return tip ? tr("Runs in which the agent called its model") : tr("Turns");
    case HandoffsGiven:
        return tip ? tr("Handoffs the agent gave") : tr("Handoffs out");
    case HandoffsReceived:
        return tip ? tr("Handoffs the agent received") : tr("Handoffs in");
    case RejectionsGiven:
        return tip ? tr("Work handed to the agent that it rejected") : tr("Rejected");
    case RejectionsReceived:
        return tip ? tr("Work of the agent that was rejected") : tr("Was rejected");
    case InputTokens:
        return tip ? tr("Tokens sent to the model") : tr("Tokens in");
    case OutputTokens:
        return tip ? tr("Tokens the model wrote") : tr("Tokens out");
    case LatencyMean:
        return tip ? tr("Mean duration of a model call, in milliseconds") : tr("Mean ms");
    case LatencyP95:
        return tip ? tr("95th percentile of a model call's duration, in milliseconds") : tr("p95 ms");
    default:
        return {};
    }
}

} // namespace Tandem
