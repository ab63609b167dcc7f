#include "PipelinePanel.h"

#include "AgentStrip.h"
#include "Theme.h"
#include "presentation/HandoffInspectorViewModel.h"
#include "presentation/PipelineViewModel.h"

#include <QEvent>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QTreeWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
constexpr int kHandoffIdRole = Qt::UserRole + 1;

QString firstLine(const QString &text, int limit = 160)
{
    QString line = text.simplified();
    if (line.size() > limit)
        line = line.left(limit - 1) + u'…';
    return line;
}
} // namespace

PipelinePanel::PipelinePanel(ChatRepository *repository, QWidget *parent)
    : QWidget(parent)
    , m_viewModel(new PipelineViewModel(repository, this))
    , m_strip(new AgentStrip(this))
    , m_phase(new QLabel(this))
    , m_historyTitle(new QLabel(this))
    , m_empty(new QLabel(this))
    , m_history(new QTreeWidget(this))
    , m_currentAgent(new QLabel(this))
    , m_routingTitle(new QLabel(this))
    , m_routing(new QTreeWidget(this))
{
    setObjectName(u"PipelinePanel"_s);
    m_phase->setObjectName(u"PipelinePhase"_s);
    QFont bold = m_historyTitle->font();
    bold.setBold(true);
    m_historyTitle->setFont(bold);
    m_phase->setFont(bold);
    m_currentAgent->setFont(bold);
    m_currentAgent->setObjectName(u"RouterCurrentAgent"_s);
    m_routingTitle->setFont(bold);
    m_routing->setObjectName(u"RoutingDecisions"_s);
    m_routing->setColumnCount(2);
    m_routing->setHeaderHidden(true);
    m_routing->setWordWrap(true);
    m_routing->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_routing->header()->setStretchLastSection(true);
    m_empty->setWordWrap(true);
    m_empty->setForegroundRole(QPalette::PlaceholderText);
    m_history->setObjectName(u"HandoffHistory"_s);
    m_history->setColumnCount(2);
    m_history->setHeaderHidden(true);
    m_history->setWordWrap(true);
    m_history->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_history->header()->setStretchLastSection(true);
    m_history->setExpandsOnDoubleClick(false);
    connect(m_history, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem *item) {
        QTreeWidgetItem *top = item->parent() ? item->parent() : item;
        if (const qint64 id = top->data(0, kHandoffIdRole).toLongLong(); id > 0)
            Q_EMIT handoffActivated(id);
    });

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 6);
    layout->addWidget(m_strip);
    layout->addWidget(m_phase);
    layout->addWidget(m_currentAgent);
    layout->addWidget(m_routingTitle);
    layout->addWidget(m_routing, 1);
    layout->addSpacing(4);
    layout->addWidget(m_historyTitle);
    layout->addWidget(m_empty);
    layout->addWidget(m_history, 1);
    connect(m_viewModel, &PipelineViewModel::changed, this, &PipelinePanel::refresh);
    refresh();
}

void PipelinePanel::setConversation(qint64 conversationId)
{
    m_viewModel->setConversation(conversationId);
}

void PipelinePanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        m_viewModel->reload();
    QWidget::changeEvent(event);
}

void PipelinePanel::refresh()
{
    m_strip->setHub(m_viewModel->isRouter());
    m_strip->setAgents(m_viewModel->agents());
    m_strip->setAccessibleName(tr("Agents and their states"));
    const QString phase = m_viewModel->phaseText();
    QStringList heading;
    if (!m_viewModel->storyId().isEmpty())
        heading << tr("Story: %1").arg(m_viewModel->storyId());
    if (!phase.isEmpty())
        heading << tr("Phase: %1").arg(phase);
    m_phase->setText(heading.join(u"  ·  "_s));
    m_phase->setVisible(!heading.isEmpty());
    m_historyTitle->setText(tr("Handoff history"));
    m_history->setAccessibleName(tr("Handoff history"));
    m_history->setToolTip(tr("Double-click an entry to inspect the handoff"));

    // Keep what the person expanded.
    QSet<qint64> expanded;
    for (int i = 0; i < m_history->topLevelItemCount(); ++i)
        if (m_history->topLevelItem(i)->isExpanded())
            expanded.insert(m_history->topLevelItem(i)->data(0, kHandoffIdRole).toLongLong());
    m_history->clear();
    const QList<Handoff> handoffs = m_viewModel->handoffs();
    const QLocale locale;
    for (const Handoff &handoff : handoffs) {
        auto *item = new QTreeWidgetItem(m_history);
        item->setData(0, kHandoffIdRole, handoff.id);
        item->setText(0, locale.toString(handoff.createdAt.toLocalTime().time(), u"HH:mm:ss"_s));
        item->setText(1,
            tr("%1 → %2 · %3")
                .arg(m_viewModel->agentName(handoff.fromAgent), m_viewModel->agentName(handoff.toAgent),
                    HandoffInspectorViewModel::statusName(handoff.status()).toLower()));
        item->setToolTip(1, item->text(1));
        if (handoff.status() == Handoff::Status::Rejected)
            item->setForeground(1, Theme::rejectedColor());
        else if (handoff.status() == Handoff::Status::TimedOut)
            item->setForeground(1, Theme::timedOutColor());
        const auto addDetail = [item](const QString &label, const QString &text) {
            if (text.trimmed().isEmpty())
                return;
            auto *child = new QTreeWidgetItem(item);
            child->setText(0, label);
            child->setText(1, firstLine(text));
            child->setToolTip(1, text);
        };
        if (handoff.processedAt().isValid())
            addDetail(tr("Settled"), locale.toString(handoff.processedAt().toLocalTime(), QLocale::ShortFormat));
        addDetail(tr("Reason"), handoff.reason);
        addDetail(tr("Rejected"), handoff.rejectionReason());
        addDetail(tr("Payload"), handoff.payload.value(u"text"_s).toString());
        item->setExpanded(expanded.contains(handoff.id));
    }
    m_empty->setText(tr("No handoff yet in this conversation."));
    m_empty->setVisible(handoffs.isEmpty());
    m_history->setVisible(!handoffs.isEmpty());
    if (!handoffs.isEmpty())
        m_history->scrollToItem(m_history->topLevelItem(m_history->topLevelItemCount() - 1));
    refreshRouting();
}

void PipelinePanel::refreshRouting()
{
    const bool router = m_viewModel->isRouter();
    const QString current = m_viewModel->currentAgent();
    m_currentAgent->setText(
        tr("Current agent: %1").arg(current.isEmpty() ? tr("none yet") : m_viewModel->agentName(current)));
    m_routingTitle->setText(tr("Routing decisions"));
    m_routing->setAccessibleName(tr("Routing decisions"));
    m_currentAgent->setVisible(router);
    m_routingTitle->setVisible(router);
    m_routing->setVisible(router);
    m_routing->clear();
    if (!router)
        return;
    const QLocale locale;
    const QList<RoutingDecision> decisions = m_viewModel->routing();
    for (const RoutingDecision &decision : decisions) {
        auto *item = new QTreeWidgetItem(m_routing);
        item->setText(0, locale.toString(decision.createdAt.toLocalTime().time(), u"HH:mm:ss"_s));
        // A confirmation or a direct choice ran no classifier: it has no confidence to show.
        const bool classified = decision.method != RoutingDecision::Method::Confirmation
            && decision.method != RoutingDecision::Method::Direct;
        item->setText(1,
            classified ? tr("→ %1 · %2 · %3")
                             .arg(m_viewModel->agentName(decision.agentId),
                                 locale.toString(decision.confidence, 'f', 2), PipelineViewModel::methodText(decision))
                       : tr("→ %1 · %2")
                             .arg(m_viewModel->agentName(decision.agentId), PipelineViewModel::methodText(decision)));
        item->setToolTip(1, item->text(1));
        if (decision.failed())
            item->setForeground(1, Theme::timedOutColor());
        const auto addDetail = [item](const QString &label, const QString &text) {
            if (text.trimmed().isEmpty())
                return;
            auto *child = new QTreeWidgetItem(item);
            child->setText(0, label);
            child->setText(1, firstLine(text));
            child->setToolTip(1, text);
        };
        if (!decision.classifiedAgent.isEmpty() && decision.classifiedAgent != decision.agentId)
            addDetail(tr("Classifier said"),
                tr("%1 · %2").arg(
                    m_viewModel->agentName(decision.classifiedAgent), locale.toString(decision.confidence, 'f', 2)));
        addDetail(tr("Failed"), decision.error);
        if (decision.method != RoutingDecision::Method::Confirmation) // its reason is the engine's note, not a model's
            addDetail(tr("Reason"), decision.reason);
        item->setExpanded(decision.failed());
    }
    if (m_routing->topLevelItemCount() > 0)
        m_routing->scrollToItem(m_routing->topLevelItem(m_routing->topLevelItemCount() - 1));
}

} // namespace Tandem
