#include "SettingsDialog.h"

#include "LocalApiPage.h"
#include "McpServersPage.h"
#include "domain/RoutingPolicy.h"
#include "presentation/SettingsViewModel.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
void showStatus(QLabel *label, const QString &text, bool error)
{
    label->setText(text);
    label->setStyleSheet(error ? u"color: #d92d20;"_s : QString());
}
} // namespace

QString SettingsDialog::storedKeyPlaceholder()
{
    return tr("•••• stored");
}

SettingsDialog::SettingsDialog(SettingsViewModel *settings, QWidget *parent)
    : QDialog(parent)
    , m_settings(settings)
{
    setObjectName(u"SettingsDialog"_s);
    m_tabs = new QTabWidget(this);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::accept);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_tabs);
    layout->addWidget(m_buttons);
    resize(760, 480);
    createPages();

    connect(settings, &SettingsViewModel::keyState, this, [this](const QString &id, bool stored) {
        if (id == m_currentId)
            m_key->setPlaceholderText(stored ? storedKeyPlaceholder() : tr("No key (not needed for local servers)"));
    });
    connect(settings, &SettingsViewModel::keyStored, this, [this](const QString &id, bool ok, const QString &error) {
        if (ok) {
            setStatus(tr("Saved; the key is in the keychain."));
            if (id == m_currentId)
                m_key->setPlaceholderText(storedKeyPlaceholder());
        } else {
            setStatus(tr("The key could not be stored: %1").arg(error), true);
        }
    });
    connect(settings, &SettingsViewModel::connectionTested, this,
        [this](const QString &, bool ok, const QString &message, const QStringList &models) {
            setStatus(message, !ok);
            m_test->setEnabled(true);
            if (!ok)
                return;
            const QString current = m_model->currentText();
            m_model->clear();
            m_model->addItems(models);
            m_model->setCurrentText(current.isEmpty() && !models.isEmpty() ? models.constFirst() : current);
        });
}

void SettingsDialog::createPages()
{
    setWindowTitle(tr("Settings"));
    m_tabs->setAccessibleName(tr("Settings pages"));
    m_buttons->button(QDialogButtonBox::Close)->setText(tr("Close"));
    m_buttons->button(QDialogButtonBox::Close)->setAccessibleName(tr("Close settings"));
    m_guardrails.clear();
    m_tabs->addTab(createProvidersPage(), tr("&Providers"));
    m_tabs->addTab(createAgentsPage(), tr("&Agents"));
    m_tabs->addTab(createGuardrailsPage(), tr("&Guardrails"));
    m_tabs->addTab(createAppearancePage(), tr("A&ppearance"));
    if (m_localApi)
        m_tabs->addTab(new LocalApiPage(m_localApi, this), tr("&Local API"));
    if (m_mcpServers)
        m_tabs->addTab(new McpServersPage(m_mcpServers, this), tr("T&ools"));
    reloadProviders(m_currentId);
}

void SettingsDialog::changeEvent(QEvent *event)
{
    // The pages are made again in the new language, once the event (one per translator installed or removed) has
    // passed: the language box that asked for it may be on the stack now.
    if (event->type() == QEvent::LanguageChange && !m_retranslating) {
        m_retranslating = true;
        QMetaObject::invokeMethod(this, &SettingsDialog::retranslate, Qt::QueuedConnection);
    }
    QDialog::changeEvent(event);
}

void SettingsDialog::retranslate()
{
    m_retranslating = false;
    const int current = m_tabs->currentIndex();
    const QString provider = m_currentId;
    while (m_tabs->count() > 0) {
        QWidget *page = m_tabs->widget(0);
        m_tabs->removeTab(0);
        delete page; // queued: no widget of it is on the stack
    }
    m_currentId = provider;
    createPages();
    m_tabs->setCurrentIndex(current);
}

QWidget *SettingsDialog::createProvidersPage()
{
    auto *page = new QWidget(this);
    m_providerList = new QListWidget(page);
    m_providerList->setObjectName(u"ProviderList"_s);
    m_providerList->setAccessibleName(tr("Providers"));
    m_providerList->setMaximumWidth(220);
    connect(m_providerList, &QListWidget::currentRowChanged, this, &SettingsDialog::showProvider);

    auto *add = new QPushButton(tr("&Add"), page);
    add->setAccessibleName(tr("Add a provider"));
    auto *presets = new QMenu(add);
    const QList<ProviderProfile> all = m_settings ? m_settings->presets() : QList<ProviderProfile> {};
    for (const ProviderProfile &preset : all)
        presets->addAction(preset.name, this, [this, preset] { addPreset(preset); });
    add->setMenu(presets);
    m_remove = new QPushButton(tr("&Remove"), page);
    m_remove->setAccessibleName(tr("Remove the provider"));
    connect(m_remove, &QPushButton::clicked, this, &SettingsDialog::removeProvider);
    auto *listButtons = new QHBoxLayout;
    listButtons->addWidget(add);
    listButtons->addWidget(m_remove);
    auto *left = new QVBoxLayout;
    left->addWidget(m_providerList, 1);
    left->addLayout(listButtons);

    m_name = new QLineEdit(page);
    m_name->setObjectName(u"ProviderName"_s);
    m_name->setAccessibleName(tr("Provider name"));
    m_protocol = new QComboBox(page);
    m_protocol->setAccessibleName(tr("Protocol"));
    m_protocol->addItem(tr("Responses API (OpenAI)"), int(ProviderProfile::Protocol::Responses));
    m_protocol->addItem(tr("Chat Completions (OpenAI-compatible)"), int(ProviderProfile::Protocol::ChatCompletions));
    m_baseUrl = new QLineEdit(page);
    m_baseUrl->setObjectName(u"ProviderBaseUrl"_s);
    m_baseUrl->setAccessibleName(tr("Base URL"));
    m_baseUrl->setPlaceholderText(u"http://127.0.0.1:11434/v1"_s);
    m_model = new QComboBox(page);
    m_model->setObjectName(u"ProviderModel"_s);
    m_model->setEditable(true);
    m_model->setAccessibleName(tr("Default model"));
    m_key = new QLineEdit(page);
    m_key->setObjectName(u"ProviderKey"_s);
    m_key->setAccessibleName(tr("API key"));
    m_key->setEchoMode(QLineEdit::Password);
    m_key->setToolTip(tr("Stored in the system keychain; leave empty to keep the stored key"));

    m_save = new QPushButton(tr("&Save"), page);
    m_save->setObjectName(u"SaveProvider"_s);
    m_save->setAccessibleName(tr("Save the provider"));
    connect(m_save, &QPushButton::clicked, this, &SettingsDialog::saveProvider);
    m_test = new QPushButton(tr("&Test connection and list models"), page);
    m_test->setObjectName(u"TestConnection"_s);
    m_test->setAccessibleName(tr("Test the connection and list the models"));
    connect(m_test, &QPushButton::clicked, this, &SettingsDialog::testConnection);
    m_status = new QLabel(page);
    m_status->setObjectName(u"ProviderStatus"_s);
    m_status->setWordWrap(true);
    m_status->setAccessibleName(tr("Provider status"));

    auto *form = new QFormLayout;
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("P&rotocol:"), m_protocol);
    form->addRow(tr("&Base URL:"), m_baseUrl);
    form->addRow(tr("&Model:"), m_model);
    form->addRow(tr("API &key:"), m_key);
    auto *actions = new QHBoxLayout;
    actions->addWidget(m_test);
    actions->addStretch(1);
    actions->addWidget(m_save);
    auto *right = new QVBoxLayout;
    right->addLayout(form);
    right->addLayout(actions);
    right->addWidget(m_status);
    if (m_settings && !m_settings->keyPersistenceNotice().isEmpty()) {
        auto *notice = new QLabel(m_settings->keyPersistenceNotice(), page);
        notice->setWordWrap(true);
        right->addWidget(notice);
    }
    right->addStretch(1);

    auto *layout = new QHBoxLayout(page);
    layout->addLayout(left);
    layout->addLayout(right, 1);
    return page;
}

QWidget *SettingsDialog::createAgentsPage()
{
    auto *page = new QWidget(this);
    auto modelField = [this, page](const QString &agentId, const QString &objectName, const QString &accessibleName) {
        auto *field = new QLineEdit(m_settings ? m_settings->defaultModel(agentId) : QString(), page);
        field->setObjectName(objectName);
        field->setAccessibleName(accessibleName);
        field->setPlaceholderText(tr("The provider's default"));
        field->setClearButtonEnabled(true);
        connect(field, &QLineEdit::editingFinished, this, [this, field, agentId] {
            if (m_settings)
                m_settings->setDefaultModel(agentId, field->text());
        });
        return field;
    };
    m_assistantModel = modelField(u"assistant"_s, u"AssistantModel"_s, tr("Assistant default model"));
    m_agent1Model = modelField(u"agent1"_s, u"Agent1Model"_s, tr("Agent 1 default model"));
    m_agent2Model = modelField(u"agent2"_s, u"Agent2Model"_s, tr("Agent 2 default model"));

    m_workspace = new QLineEdit(m_settings ? m_settings->workspaceFolder() : QString(), page);
    m_workspace->setObjectName(u"WorkspaceFolder"_s);
    m_workspace->setAccessibleName(tr("Workspace folder for the file tools"));
    m_workspace->setPlaceholderText(tr("None: the file tools are off"));
    m_workspace->setClearButtonEnabled(true);
    connect(m_workspace, &QLineEdit::editingFinished, this, [this] {
        if (m_settings)
            m_settings->setWorkspaceFolder(m_workspace->text());
    });
    auto *browse = new QPushButton(tr("&Browse…"), page);
    browse->setAccessibleName(tr("Choose the workspace folder"));
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString folder = QFileDialog::getExistingDirectory(this, tr("Workspace folder"), m_workspace->text());
        if (folder.isEmpty())
            return;
        m_workspace->setText(folder);
        if (m_settings)
            m_settings->setWorkspaceFolder(folder);
    });
    auto *workspaceRow = new QHBoxLayout;
    workspaceRow->addWidget(m_workspace, 1);
    workspaceRow->addWidget(browse);

    auto *form = new QFormLayout(page);
    auto *intro = new QLabel(tr("The model each agent uses when a conversation does not name one."), page);
    intro->setWordWrap(true);
    form->addRow(intro);
    form->addRow(tr("A&ssistant (single agent):"), m_assistantModel);
    form->addRow(tr("Agent &1 (clarifies):"), m_agent1Model);
    form->addRow(tr("Agent &2 (validates, rewrites):"), m_agent2Model);
    auto *workspaceNote = new QLabel(tr("The file tools may list and read files only inside this folder; writing and "
                                        "deleting always ask you first."),
        page);
    workspaceNote->setWordWrap(true);
    form->addRow(tr("&Workspace folder:"), workspaceRow);
    form->addRow(workspaceNote);
    return page;
}

QWidget *SettingsDialog::createGuardrailsPage()
{
    using Field = GuardrailLimits::Field;
    auto *page = new QWidget(this);
    auto *form = new QFormLayout;
    auto *intro = new QLabel(tr("Limits every answer obeys, however many agents take part. The next answer uses "
                                "them."),
        page);
    intro->setWordWrap(true);
    form->addRow(intro);
    const auto add
        = [this, page, form](Field field, const QString &label, const QString &suffix, const QString &offText = {}) {
              auto *box = new QSpinBox(page);
              box->setObjectName(u"guardrail-"_s + GuardrailLimits::name(field));
              box->setRange(int(GuardrailLimits::minimum(field)), int(GuardrailLimits::maximum(field)));
              box->setSuffix(suffix);
              box->setGroupSeparatorShown(true);
              box->setAccelerated(true);
              if (!offText.isEmpty())
                  box->setSpecialValueText(offText); // shown at the minimum, 0
              box->setAccessibleName(QString(label).remove(u'&').remove(u':'));
              connect(box, &QSpinBox::editingFinished, this, &SettingsDialog::saveGuardrails);
              form->addRow(label, box);
              m_guardrails.append({ field, box });
          };
    add(Field::MaxTurnsPerRun, tr("&Model calls per answer:"), {});
    add(Field::MaxTokensPerRun, tr("&Tokens per answer:"), tr(" tokens"), tr("No limit"));
    add(Field::MaxTokensPerConversation, tr("Tokens per &conversation:"), tr(" tokens"), tr("No limit"));
    add(Field::RunTimeoutSeconds, tr("T&ime per answer:"), tr(" s"));
    add(Field::MaxHopsPerTurn, tr("&Handoffs per answer:"), {});
    add(Field::MaxBouncesPerEdge, tr("Handoffs a&long one path per answer:"), {});
    add(Field::RepeatedPairWindow, tr("&Back and forth after:"), tr(" handoffs"));
    add(Field::StaleHandoffMinutes, tr("A pending handoff &expires after:"), tr(" min"));
    add(Field::MaxOutputTokens, tr("&Output tokens per model call:"), tr(" tokens"), tr("The provider's limit"));
    form->addRow(tr("Router: the classifier &decides from:"), createRouterThreshold(page));

    m_guardrailStatus = new QLabel(page);
    m_guardrailStatus->setObjectName(u"GuardrailStatus"_s);
    m_guardrailStatus->setWordWrap(true);
    m_guardrailStatus->setAccessibleName(tr("Guardrail status"));
    auto *defaults = new QPushButton(tr("&Restore Defaults"), page);
    defaults->setObjectName(u"GuardrailDefaults"_s);
    defaults->setAccessibleName(tr("Restore the built-in limits"));
    connect(defaults, &QPushButton::clicked, this, [this] {
        if (m_settings) {
            m_settings->resetGuardrailLimits();
            m_settings->resetCriticalTools();
            m_settings->setRouterThreshold(RoutingPolicy::kDefaultThreshold);
        }
        showGuardrails();
        showStatus(m_guardrailStatus, tr("The built-in limits are back."), false);
    });
    form->addRow(m_guardrailStatus);
    form->addRow(defaults);
    auto *layout = new QHBoxLayout(page);
    layout->addLayout(form, 2);
    layout->addLayout(createCriticalTools(page), 1);
    showGuardrails();
    return page;
}

QDoubleSpinBox *SettingsDialog::createRouterThreshold(QWidget *page)
{
    m_routerThreshold = new QDoubleSpinBox(page);
    m_routerThreshold->setObjectName(u"RouterThreshold"_s);
    m_routerThreshold->setRange(0.0, 1.0);
    m_routerThreshold->setDecimals(2);
    m_routerThreshold->setSingleStep(0.05);
    m_routerThreshold->setAccessibleName(tr("Router mode's confidence threshold"));
    m_routerThreshold->setToolTip(tr("Router mode: at or above this confidence the orchestrator's choice answers; "
                                     "below it, the active agent keeps the conversation or keyword rules decide."));
    connect(m_routerThreshold, &QDoubleSpinBox::editingFinished, this, [this] {
        if (!m_settings || qFuzzyCompare(m_routerThreshold->value() + 1.0, m_settings->routerThreshold() + 1.0))
            return;
        if (m_settings->setRouterThreshold(m_routerThreshold->value()))
            showStatus(m_guardrailStatus, tr("Saved; the next message in router mode uses it."), false);
        else
            showStatus(m_guardrailStatus, m_settings->lastError(), true);
    });
    return m_routerThreshold;
}

QLayout *SettingsDialog::createCriticalTools(QWidget *page)
{
    auto *label = new QLabel(tr("Tools that ask &first:"), page);
    m_criticalTools = new QListWidget(page);
    m_criticalTools->setObjectName(u"CriticalTools"_s);
    m_criticalTools->setAccessibleName(tr("Tools that need your approval"));
    label->setBuddy(m_criticalTools);
    const QStringList names = m_settings ? m_settings->toolNames() : QStringList {};
    for (const QString &name : names) {
        auto *item = new QListWidgetItem(name, m_criticalTools);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
        item->setCheckState(Qt::Unchecked);
    }
    connect(m_criticalTools, &QListWidget::itemChanged, this, &SettingsDialog::saveCriticalTools);
    auto *note = new QLabel(tr("A checked tool waits for your approval before each call; an unchecked one runs at "
                               "once."),
        page);
    note->setWordWrap(true);
    auto *column = new QVBoxLayout;
    column->addWidget(label);
    column->addWidget(m_criticalTools, 1);
    column->addWidget(note);
    return column;
}

void SettingsDialog::saveCriticalTools()
{
    if (!m_settings)
        return;
    QStringList critical;
    for (int row = 0; row < m_criticalTools->count(); ++row)
        if (m_criticalTools->item(row)->checkState() == Qt::Checked)
            critical << m_criticalTools->item(row)->text();
    if (m_settings->setCriticalTools(critical))
        showStatus(m_guardrailStatus,
            tr("Saved; the next answer asks before: %1.")
                .arg(critical.isEmpty() ? tr("no tool") : critical.join(u", "_s)),
            false);
    else
        showStatus(m_guardrailStatus, m_settings->lastError(), true);
}

void SettingsDialog::showGuardrails()
{
    const GuardrailLimits limits = m_settings ? m_settings->guardrailLimits() : GuardrailLimits {};
    for (const auto &[field, box] : std::as_const(m_guardrails)) {
        const QSignalBlocker blocker(box);
        box->setValue(int(limits.value(field)));
    }
    {
        const QSignalBlocker blocker(m_routerThreshold);
        m_routerThreshold->setValue(m_settings ? m_settings->routerThreshold() : RoutingPolicy::kDefaultThreshold);
    }
    const QStringList critical = m_settings ? m_settings->criticalTools() : QStringList {};
    const QSignalBlocker blocker(m_criticalTools);
    for (int row = 0; row < m_criticalTools->count(); ++row) {
        QListWidgetItem *item = m_criticalTools->item(row);
        item->setCheckState(critical.contains(item->text()) ? Qt::Checked : Qt::Unchecked);
    }
}

void SettingsDialog::saveGuardrails()
{
    if (!m_settings)
        return;
    GuardrailLimits limits = m_settings->guardrailLimits();
    for (const auto &[field, box] : std::as_const(m_guardrails))
        limits.setValue(field, box->value());
    if (limits == m_settings->guardrailLimits())
        return;
    if (m_settings->setGuardrailLimits(limits))
        showStatus(m_guardrailStatus, tr("Saved; the next answer uses these limits."), false);
    else
        showStatus(m_guardrailStatus, m_settings->lastError(), true);
}

void SettingsDialog::addLocalApiPage(LocalApi *api)
{
    m_localApi = api;
    m_tabs->addTab(new LocalApiPage(api, this), tr("&Local API"));
}

void SettingsDialog::addMcpServersPage(McpServersViewModel *servers)
{
    m_mcpServers = servers;
    m_tabs->addTab(new McpServersPage(servers, this), tr("T&ools"));
}

QWidget *SettingsDialog::createAppearancePage()
{
    auto *page = new QWidget(this);
    m_language = new QComboBox(page);
    m_language->setObjectName(u"LanguageSelector"_s);
    m_language->setAccessibleName(tr("Language"));
    m_language->addItem(u"English"_s, u"en"_s);
    m_language->addItem(u"Русский"_s, u"ru"_s);
    m_theme = new QComboBox(page);
    m_theme->setObjectName(u"ThemeSelector"_s);
    m_theme->setAccessibleName(tr("Theme"));
    m_theme->addItem(tr("Follow the system"), u"system"_s);
    m_theme->addItem(tr("Light"), u"light"_s);
    m_theme->addItem(tr("Dark"), u"dark"_s);
    if (m_settings) {
        m_language->setCurrentIndex(qMax(0, m_language->findData(m_settings->language())));
        m_theme->setCurrentIndex(qMax(0, m_theme->findData(m_settings->theme())));
    }
    connect(m_language, &QComboBox::activated, this,
        [this] { m_settings->setLanguage(m_language->currentData().toString()); });
    connect(m_theme, &QComboBox::activated, this, [this] { m_settings->setTheme(m_theme->currentData().toString()); });
    auto *form = new QFormLayout(page);
    form->addRow(tr("&Language:"), m_language);
    form->addRow(tr("&Theme:"), m_theme);
    return page;
}

void SettingsDialog::reloadProviders(const QString &select)
{
    m_providers = m_settings ? m_settings->providers() : QList<ProviderProfile> {};
    const QSignalBlocker blocker(m_providerList);
    m_providerList->clear();
    int row = m_providers.isEmpty() ? -1 : 0;
    for (int i = 0; i < m_providers.size(); ++i) {
        m_providerList->addItem(m_providers.at(i).name);
        if (m_providers.at(i).id == select)
            row = i;
    }
    m_providerList->setCurrentRow(row);
    showProvider(row);
}

void SettingsDialog::showProvider(int row)
{
    const bool valid = row >= 0 && row < m_providers.size();
    const ProviderProfile profile = valid ? m_providers.at(row) : ProviderProfile {};
    m_currentId = profile.id;
    m_name->setText(profile.name);
    m_protocol->setCurrentIndex(qMax(0, m_protocol->findData(int(profile.protocol))));
    m_baseUrl->setText(profile.baseUrl.toString());
    m_model->clear();
    m_model->setCurrentText(profile.defaultModel);
    m_key->clear();
    m_key->setPlaceholderText(tr("Checking the keychain…"));
    for (QWidget *w : { static_cast<QWidget *>(m_name), static_cast<QWidget *>(m_protocol),
             static_cast<QWidget *>(m_baseUrl), static_cast<QWidget *>(m_model), static_cast<QWidget *>(m_key),
             static_cast<QWidget *>(m_save), static_cast<QWidget *>(m_test), static_cast<QWidget *>(m_remove) })
        w->setEnabled(valid);
    setStatus({});
    if (valid && m_settings)
        m_settings->checkKey(profile.id);
    else
        m_key->setPlaceholderText({});
}

ProviderProfile SettingsDialog::editedProfile() const
{
    ProviderProfile profile;
    for (const ProviderProfile &p : m_providers)
        if (p.id == m_currentId)
            profile = p;
    profile.id = m_currentId;
    profile.name = m_name->text().trimmed();
    profile.protocol = ProviderProfile::Protocol(m_protocol->currentData().toInt());
    profile.baseUrl = QUrl(m_baseUrl->text().trimmed());
    profile.defaultModel = m_model->currentText().trimmed();
    return profile;
}

void SettingsDialog::saveProvider()
{
    if (!m_settings)
        return;
    const QString id = m_settings->saveProvider(editedProfile());
    if (id.isEmpty()) {
        setStatus(m_settings->lastError(), true);
        return;
    }
    const QString key = m_key->text();
    m_key->clear(); // the key leaves the widget at once
    reloadProviders(id);
    if (!key.isEmpty()) {
        setStatus(tr("Storing the key…"));
        m_settings->storeKey(id, key);
    } else {
        setStatus(tr("Saved."));
    }
}

void SettingsDialog::removeProvider()
{
    if (!m_settings || m_currentId.isEmpty())
        return;
    if (QMessageBox::question(this, tr("Remove Provider"), tr("Remove “%1” and its stored key?").arg(m_name->text()),
            QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel)
        != QMessageBox::Yes)
        return;
    m_settings->removeProvider(m_currentId);
    reloadProviders();
}

void SettingsDialog::addPreset(const ProviderProfile &preset)
{
    if (!m_settings)
        return;
    const QString id = m_settings->addPreset(preset);
    if (id.isEmpty()) {
        setStatus(m_settings->lastError(), true);
        return;
    }
    reloadProviders(id);
    m_name->setFocus();
}

void SettingsDialog::testConnection()
{
    if (!m_settings)
        return;
    setStatus(tr("Connecting…"));
    m_test->setEnabled(false);
    m_settings->testConnection(editedProfile(), m_key->text());
}

void SettingsDialog::setStatus(const QString &text, bool error)
{
    showStatus(m_status, text, error);
}

} // namespace Tandem
