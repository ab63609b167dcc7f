#include "AgentsEditor.h"

#include "AgentGraphView.h"
#include "AgentTargetsTable.h"
#include "Theme.h"
#include "domain/ModeLabel.h"
#include "presentation/AgentsEditorViewModel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Tandem {

AgentsEditor::AgentsEditor(AgentsEditorViewModel *viewModel, QWidget *parent)
    : QDialog(parent)
    , m_model(viewModel)
{
    setObjectName(u"AgentsEditor"_s);
    m_modeLabel = new QLabel(this);
    m_mode = new QComboBox(this);
    m_mode->setObjectName(u"AgentsMode"_s);
    for (const Conversation::Mode mode : AgentsEditorViewModel::modes())
        m_mode->addItem(QString(), int(mode));
    m_modeLabel->setBuddy(m_mode);
    connect(m_mode, &QComboBox::currentIndexChanged, this, &AgentsEditor::showMode);
    auto *modeRow = new QHBoxLayout;
    modeRow->addWidget(m_modeLabel);
    modeRow->addWidget(m_mode);
    modeRow->addStretch(1);

    m_agents = new QListWidget(this);
    m_agents->setObjectName(u"AgentsList"_s);
    connect(m_agents, &QListWidget::currentRowChanged, this, &AgentsEditor::showRow);
    m_tabs = new QTabWidget(this);
    m_tabs->addTab(createAgentPage(), QString());
    m_tabs->addTab(createToolsPage(), QString());
    m_targets = new AgentTargetsTable(this);
    connect(m_targets, &AgentTargetsTable::changed, this, &AgentsEditor::edited);
    m_tabs->addTab(m_targets, QString());
    m_graph = new AgentGraphView(this);

    auto *splitter = new QSplitter(this);
    splitter->addWidget(m_agents);
    splitter->addWidget(m_tabs);
    splitter->addWidget(m_graph);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 3);
    splitter->setStretchFactor(2, 2);
    splitter->setSizes({ 170, 460, 390 });

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(modeRow);
    layout->addWidget(splitter, 1);
    QLayout *buttons = createButtons(); // makes m_status too
    layout->addWidget(m_status);
    layout->addLayout(buttons);
    resize(1060, 620);
    retranslate();
    showMode();
}

void AgentsEditor::open(
    ChatRepository *repository, qint64 conversationId, Conversation::Mode mode, QWidget *parent, McpServers *mcpServers)
{
    if (!repository)
        return;
    AgentsEditorViewModel model(repository);
    model.setConversation(conversationId);
    model.setMcpServers(mcpServers);
    AgentsEditor editor(&model, parent);
    editor.select(mode);
    editor.exec();
}

QLayout *AgentsEditor::createButtons()
{
    m_status = new QLabel(this);
    m_status->setObjectName(u"AgentsStatus"_s);
    m_status->setWordWrap(true);
    m_preset = new QPushButton(this);
    m_preset->setObjectName(u"ResetToPreset"_s);
    connect(m_preset, &QPushButton::clicked, this, &AgentsEditor::resetToPreset);
    m_new = new QPushButton(this);
    m_new->setObjectName(u"NewAgent"_s);
    connect(m_new, &QPushButton::clicked, this, &AgentsEditor::newAgent);
    m_remove = new QPushButton(this);
    m_remove->setObjectName(u"RemoveAgent"_s);
    connect(m_remove, &QPushButton::clicked, this, &AgentsEditor::removeAgent);
    m_thread = new QPushButton(this);
    m_thread->setObjectName(u"ResetThread"_s);
    connect(m_thread, &QPushButton::clicked, this, &AgentsEditor::resetThread);
    m_save = new QPushButton(this);
    m_save->setObjectName(u"SaveAgent"_s);
    m_save->setDefault(true);
    connect(m_save, &QPushButton::clicked, this, &AgentsEditor::save);
    m_close = new QPushButton(this);
    m_close->setObjectName(u"CloseAgents"_s);
    connect(m_close, &QPushButton::clicked, this, &QDialog::accept);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_preset);
    buttons->addWidget(m_new);
    buttons->addWidget(m_remove);
    buttons->addWidget(m_thread);
    buttons->addStretch(1);
    buttons->addWidget(m_save);
    buttons->addWidget(m_close);
    return buttons;
}

QWidget *AgentsEditor::createAgentPage()
{
    auto *page = new QWidget(this);
    const auto field = [page, this](QLineEdit *&edit, QLabel *&label, const QString &objectName) {
        edit = new QLineEdit(page);
        edit->setObjectName(objectName);
        label = new QLabel(page);
        label->setBuddy(edit);
        connect(edit, &QLineEdit::textChanged, this, &AgentsEditor::edited);
    };
    field(m_name, m_nameLabel, u"AgentName"_s);
    field(m_role, m_roleLabel, u"AgentRole"_s);
    field(m_modelField, m_modelLabel, u"AgentModel"_s);
    field(m_provider, m_providerLabel, u"AgentProvider"_s);
    field(m_description, m_descriptionLabel, u"AgentDescription"_s);
    field(m_handles, m_handlesLabel, u"AgentHandles"_s);
    m_instructions = new QPlainTextEdit(page);
    m_instructions->setObjectName(u"AgentInstructions"_s);
    connect(m_instructions, &QPlainTextEdit::textChanged, this, &AgentsEditor::updateModified);
    m_instructionsLabel = new QLabel(page);
    m_instructionsLabel->setBuddy(m_instructions);
    m_variablesNote = new QLabel(page);
    m_variablesNote->setWordWrap(true);
    m_terminal = new QCheckBox(page);
    m_terminal->setObjectName(u"AgentTerminal"_s);
    connect(m_terminal, &QCheckBox::toggled, this, &AgentsEditor::edited);
    m_enabled = new QCheckBox(page);
    m_enabled->setObjectName(u"AgentEnabled"_s);
    connect(m_enabled, &QCheckBox::toggled, this, &AgentsEditor::edited);
    auto *checks = new QHBoxLayout;
    checks->addWidget(m_terminal);
    checks->addWidget(m_enabled);
    checks->addStretch(1);
    auto *form = new QFormLayout(page);
    form->addRow(m_nameLabel, m_name);
    form->addRow(m_roleLabel, m_role);
    form->addRow(m_modelLabel, m_modelField);
    form->addRow(m_providerLabel, m_provider);
    form->addRow(m_descriptionLabel, m_description);
    form->addRow(m_handlesLabel, m_handles);
    form->addRow(checks);
    form->addRow(m_instructionsLabel);
    form->addRow(m_instructions);
    form->addRow(m_variablesNote);
    return page;
}

QWidget *AgentsEditor::createToolsPage()
{
    auto *page = new QWidget(this);
    m_tools = new QListWidget(page);
    m_tools->setObjectName(u"AgentTools"_s);
    connect(m_tools, &QListWidget::itemChanged, this, &AgentsEditor::updateModified);
    if (m_model)
        connect(m_model, &AgentsEditorViewModel::toolsChanged, this, &AgentsEditor::refreshTools);
    m_toolsNote = new QLabel(page);
    m_toolsNote->setWordWrap(true);
    auto *layout = new QVBoxLayout(page);
    layout->addWidget(m_toolsNote);
    layout->addWidget(m_tools, 1);
    return page;
}

void AgentsEditor::retranslate()
{
    setWindowTitle(tr("Agents") + u"[*]"_s); // "*" while there are unsaved changes
    m_modeLabel->setText(tr("&Mode:"));
    m_mode->setAccessibleName(tr("Mode"));
    for (int i = 0; i < m_mode->count(); ++i)
        m_mode->setItemText(i, ModeLabel::text(Conversation::Mode(m_mode->itemData(i).toInt())));
    m_agents->setAccessibleName(tr("Agents of the mode"));
    m_tabs->setTabText(0, tr("A&gent"));
    m_tabs->setTabText(1, tr("T&ools"));
    m_tabs->setTabText(2, tr("&Handoffs"));
    m_nameLabel->setText(tr("&Name:"));
    m_roleLabel->setText(tr("&Role:"));
    m_modelLabel->setText(tr("Mo&del:"));
    m_modelField->setPlaceholderText(tr("The conversation's model"));
    m_providerLabel->setText(tr("&Provider:"));
    m_provider->setPlaceholderText(tr("The conversation's provider"));
    m_descriptionLabel->setText(tr("Des&cription:"));
    m_description->setPlaceholderText(tr("What it handles, for the orchestrator (router mode)"));
    m_handlesLabel->setText(tr("&Keywords:"));
    m_handles->setPlaceholderText(tr("Words that send a message here, separated by commas (router mode)"));
    m_instructionsLabel->setText(tr("&Instructions:"));
    m_variablesNote->setText(tr("Variables such as $STORY_ID, $BRANCH or $DASHBOARD_URL take the conversation's "
                                "values; write $$ for a dollar sign."));
    m_terminal->setText(tr("&Terminal (never hands over)"));
    m_enabled->setText(tr("&Enabled"));
    m_toolsNote->setText(tr("The tools this agent may call. Tools that need approval are chosen in Settings → "
                            "Guardrails."));
    m_tools->setAccessibleName(tr("Allowed tools"));
    m_preset->setText(tr("Reset to &Preset"));
    m_preset->setToolTip(tr("Remove your changes: the agent shipped with Tandem returns"));
    m_new->setText(tr("Ne&w Agent…"));
    m_new->setToolTip(tr("Add your own agent to this mode"));
    m_remove->setText(tr("Re&move Agent"));
    m_remove->setToolTip(tr("Remove an agent Tandem does not ship: your own, or one that came with an import"));
    m_thread->setText(tr("Reset T&hread"));
    m_thread->setToolTip(tr("The agent forgets the open conversation; the others keep theirs"));
    m_save->setText(tr("&Save"));
    m_close->setText(tr("Close"));
    m_status->setAccessibleName(tr("Agents editor status"));
    updateGraph();
}

void AgentsEditor::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

Conversation::Mode AgentsEditor::mode() const
{
    return Conversation::Mode(m_mode->currentData().toInt());
}

void AgentsEditor::select(Conversation::Mode mode, const QString &agentId)
{
    m_mode->setCurrentIndex(qMax(0, m_mode->findData(int(mode))));
    if (const int row = rowOf(agentId); row >= 0 && m_listedMode == mode)
        m_agents->setCurrentRow(row);
}

int AgentsEditor::rowOf(const QString &agentId) const
{
    for (int row = 0; row < m_agents->count(); ++row)
        if (m_agents->item(row)->data(Qt::UserRole).toString() == agentId)
            return row;
    return -1;
}

void AgentsEditor::showMode()
{
    if (mode() != m_listedMode && !mayLeave()) {
        const QSignalBlocker blocker(m_mode);
        m_mode->setCurrentIndex(m_mode->findData(int(m_listedMode)));
        return;
    }
    listAgents(m_agentId);
}

void AgentsEditor::showRow(int row)
{
    const QString agentId = row >= 0 ? m_agents->item(row)->data(Qt::UserRole).toString() : QString();
    if (agentId.isEmpty() || agentId == m_agentId)
        return;
    if (!mayLeave()) {
        const QSignalBlocker blocker(m_agents);
        m_agents->setCurrentRow(rowOf(m_agentId));
        return;
    }
    labelAgents(); // the agent left may have been saved just now
    showAgent(agentId);
}

void AgentsEditor::listAgents(const QString &agentId)
{
    if (!m_model)
        return;
    m_listedMode = mode();
    QList<QPair<QString, QString>> choices;
    const QStringList targets = m_model->targetChoices(mode(), {});
    for (const QString &target : targets)
        choices.append({ target, m_model->targetName(mode(), target) });
    m_targets->setChoices(choices);
    const QSignalBlocker blocker(m_agents);
    m_agents->clear();
    const QList<Agent> agents = m_model->agents(mode());
    for (const Agent &agent : agents)
        (new QListWidgetItem(m_agents))->setData(Qt::UserRole, agent.id);
    labelAgents();
    const int row = agents.isEmpty() ? -1 : qMax(0, rowOf(agentId));
    m_agents->setCurrentRow(row);
    showAgent(row >= 0 ? agents.at(row).id : QString());
}

void AgentsEditor::labelAgents()
{
    for (int row = 0; row < m_agents->count(); ++row) {
        QListWidgetItem *item = m_agents->item(row);
        const QString agentId = item->data(Qt::UserRole).toString();
        const std::optional<Agent> agent = m_model ? m_model->agent(agentId) : std::nullopt;
        const QString name = agent ? AgentsEditorViewModel::displayName(*agent) : agentId;
        // An imported agent is marked: it takes part in nothing until the person switches it on and saves it.
        if (m_model && m_model->isImported(agentId))
            item->setText(tr("%1 (imported)").arg(name));
        else
            item->setText(m_model && m_model->hasOverride(agentId) ? tr("%1 (edited)").arg(name) : name);
    }
}

void AgentsEditor::showAgent(const QString &agentId)
{
    const std::optional<Agent> found = m_model ? m_model->agent(agentId) : std::nullopt;
    m_agentId = found ? agentId : QString();
    m_shown = found.value_or(Agent {});
    {
        const QSignalBlocker names(m_name), roles(m_role), models(m_modelField), providers(m_provider),
            descriptions(m_description), handles(m_handles), instructions(m_instructions), terminal(m_terminal),
            enabled(m_enabled), tools(m_tools), targets(m_targets);
        m_name->setText(found ? AgentsEditorViewModel::displayName(*found) : QString());
        m_role->setText(AgentsEditorViewModel::displayRole(m_shown));
        m_modelField->setText(m_shown.model);
        m_provider->setText(m_shown.providerId);
        m_description->setText(m_shown.description);
        m_handles->setText(AgentsEditorViewModel::keywordsText(m_shown.handles));
        for (QLineEdit *edit : { m_name, m_role, m_modelField, m_provider, m_description, m_handles })
            edit->setCursorPosition(0); // the start of a long role, not its end
        m_instructions->setPlainText(m_shown.instructions);
        m_terminal->setChecked(m_shown.terminal);
        m_enabled->setChecked(m_shown.enabled);
        m_targets->setAgent(m_shown);
        showTools(m_shown);
    }
    // What the fields make of the stored agent (the shipped name translated, the instructions trimmed, the tools in
    // the list's order) is the baseline: an edit typed back to it is no change.
    m_loaded = editedAgent();
    m_tabs->setEnabled(found.has_value());
    m_preset->setEnabled(found && m_model->hasOverride(agentId) && !m_model->isRemovable(agentId));
    m_remove->setEnabled(found && m_model->isRemovable(agentId));
    m_thread->setEnabled(found && m_model->conversationId() > 0);
    setStatus({});
    edited();
}

void AgentsEditor::showTools(const Agent &agent)
{
    m_tools->clear();
    QStringList names = m_model ? m_model->toolNames() : QStringList {};
    for (const QString &tool : agent.allowedTools)
        if (!names.contains(tool))
            names << tool; // an unknown one, shown so it can be unchecked
    for (const QString &name : std::as_const(names)) {
        auto *item = new QListWidgetItem(name, m_tools);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
        item->setCheckState(agent.allowedTools.contains(name) ? Qt::Checked : Qt::Unchecked);
    }
}

void AgentsEditor::refreshTools()
{
    if (m_agentId.isEmpty())
        return;
    const bool unchanged = !hasUnsavedChanges();
    Agent ticked = m_shown;
    ticked.allowedTools = editedAgent().allowedTools;
    {
        const QSignalBlocker blocker(m_tools);
        showTools(ticked);
    }
    if (unchanged)
        m_loaded = editedAgent(); // the ticked tools in the list's new order are still no change
    updateModified();
}

Agent AgentsEditor::editedAgent() const
{
    Agent agent = m_shown;
    agent.name = m_name->text();
    agent.role = m_role->text().trimmed();
    agent.model = m_modelField->text().trimmed();
    agent.providerId = m_provider->text().trimmed();
    agent.description = m_description->text().trimmed();
    agent.handles = AgentsEditorViewModel::keywordsFrom(m_handles->text());
    agent.instructions = m_instructions->toPlainText().trimmed();
    agent.terminal = m_terminal->isChecked();
    agent.enabled = m_enabled->isChecked();
    agent.allowedTools.clear();
    for (int row = 0; row < m_tools->count(); ++row)
        if (m_tools->item(row)->checkState() == Qt::Checked)
            agent.allowedTools << m_tools->item(row)->text();
    m_targets->applyTo(agent);
    return agent;
}

void AgentsEditor::edited()
{
    updateGraph();
    updateModified();
}

bool AgentsEditor::hasUnsavedChanges() const
{
    return !m_agentId.isEmpty() && editedAgent() != m_loaded;
}

void AgentsEditor::updateModified()
{
    const bool changed = hasUnsavedChanges();
    setWindowModified(changed);
    m_save->setEnabled(changed);
}

void AgentsEditor::updateGraph()
{
    if (!m_model)
        return;
    const std::optional<Agent> draft = m_agentId.isEmpty() ? std::nullopt : std::optional<Agent>(editedAgent());
    m_graph->setGraph(m_model->graph(mode(), draft), m_agentId);
}

bool AgentsEditor::save()
{
    if (!store())
        return false;
    listAgents(m_agentId);
    setStatus(tr("Saved; the next answer uses this agent."));
    return true;
}

bool AgentsEditor::store()
{
    if (!m_model || m_agentId.isEmpty())
        return false;
    if (m_model->save(m_listedMode, editedAgent()))
        return true;
    using Field = AgentsEditorViewModel::Field;
    const AgentsEditorViewModel::Problem problem = m_model->lastProblem();
    setStatus(problem.message, true);
    m_tabs->setCurrentIndex(problem.field == Field::Tools ? 1 : problem.field == Field::Targets ? 2 : 0);
    if (problem.field == Field::Name)
        m_name->setFocus();
    else if (problem.field == Field::Terminal)
        m_terminal->setFocus();
    else if (problem.field == Field::Tools)
        m_tools->setFocus();
    return false;
}

bool AgentsEditor::mayLeave()
{
    if (!hasUnsavedChanges())
        return true;
    QMessageBox box(QMessageBox::Question, tr("Unsaved Changes"),
        tr("Save your changes to “%1”?").arg(AgentsEditorViewModel::displayName(m_shown)),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, this);
    box.setObjectName(u"UnsavedAgentQuestion"_s);
    box.setInformativeText(tr("If you do not save them, your changes are lost."));
    box.setDefaultButton(QMessageBox::Save);
    box.setEscapeButton(QMessageBox::Cancel);
    const int answer = box.exec();
    if (answer == QMessageBox::Save)
        return store(); // a problem keeps the person here, its field shown
    return answer == QMessageBox::Discard;
}

void AgentsEditor::done(int result)
{
    if (!mayLeave())
        return;
    if (hasUnsavedChanges())
        showAgent(m_agentId); // saved or discarded: shown again, the editor starts from the file
    QDialog::done(result);
}

void AgentsEditor::resetToPreset()
{
    if (!m_model || m_agentId.isEmpty())
        return;
    const QString question = hasUnsavedChanges()
        ? tr("Remove your changes to “%1”, the unsaved ones too? The agent shipped with Tandem returns.")
        : tr("Remove your changes to “%1”? The agent shipped with Tandem returns.");
    if (QMessageBox::question(this, tr("Reset to Preset"), question.arg(m_name->text()),
            QMessageBox::Reset | QMessageBox::Cancel, QMessageBox::Cancel)
        != QMessageBox::Reset)
        return;
    if (!m_model->resetToPreset(m_agentId)) {
        setStatus(m_model->lastProblem().message, true);
        return;
    }
    listAgents(m_agentId);
    setStatus(tr("The shipped agent is back."));
}

void AgentsEditor::removeAgent()
{
    if (!m_model || m_agentId.isEmpty())
        return;
    const QString name = m_name->text();
    if (QMessageBox::question(this, tr("Remove Agent"),
            tr("Remove “%1”? Its conversations keep their messages.").arg(name), QMessageBox::Yes | QMessageBox::Cancel,
            QMessageBox::Cancel)
        != QMessageBox::Yes)
        return;
    if (!m_model->remove(m_agentId)) {
        setStatus(m_model->lastProblem().message, true);
        return;
    }
    m_loaded = m_shown = Agent {}; // nothing unsaved is left of it
    listAgents({});
    setStatus(tr("“%1” was removed.").arg(name));
}

void AgentsEditor::newAgent()
{
    if (!m_model || !mayLeave())
        return;
    bool ok = false;
    const QString name
        = QInputDialog::getText(this, tr("New Agent"), tr("Name of the new agent:"), QLineEdit::Normal, QString(), &ok);
    if (!ok || name.trimmed().isEmpty())
        return;
    const QString id = m_model->create(mode(), name);
    if (id.isEmpty()) {
        setStatus(m_model->lastProblem().message, true);
        return;
    }
    listAgents(id);
    setStatus(tr("“%1” was added; give it its instructions and save.").arg(name.trimmed()));
}

void AgentsEditor::resetThread()
{
    if (!m_model || m_agentId.isEmpty())
        return;
    if (m_model->resetThread(m_agentId))
        setStatus(tr("%1 starts afresh in this conversation.").arg(m_name->text()));
    else
        setStatus(m_model->lastProblem().message, true);
}

void AgentsEditor::setStatus(const QString &text, bool error)
{
    m_status->setText(text);
    m_status->setStyleSheet(error ? u"color: %1;"_s.arg(Theme::errorColor().name()) : QString());
}

} // namespace Tandem
