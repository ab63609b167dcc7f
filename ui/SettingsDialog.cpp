#include "SettingsDialog.h"

#include "AgentsSettingsPage.h"
#include "AppearanceSettingsPage.h"
#include "GuardrailsSettingsPage.h"
#include "LocalApiPage.h"
#include "McpServersPage.h"
#include "ProvidersSettingsPage.h"
#include "TeamBoardPage.h"
#include "presentation/SettingsViewModel.h"

#include <QDialogButtonBox>
#include <QEvent>
#include <QPushButton>
#include <QTabWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Tandem {

QString SettingsDialog::storedKeyPlaceholder()
{
    return ProvidersSettingsPage::storedKeyPlaceholder();
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
    createPages();
    // Tall enough for the longest page as laid out: below its size hint, the Guardrails page's wrapped intro is cut.
    resize(QSize(760, 480).expandedTo(sizeHint()));
}

void SettingsDialog::createPages()
{
    setWindowTitle(tr("Settings"));
    m_tabs->setAccessibleName(tr("Settings pages"));
    m_buttons->button(QDialogButtonBox::Close)->setText(tr("Close"));
    m_buttons->button(QDialogButtonBox::Close)->setAccessibleName(tr("Close settings"));
    m_providers = new ProvidersSettingsPage(m_settings, m_currentId, this);
    m_tabs->addTab(m_providers, tr("&Providers"));
    m_tabs->addTab(new AgentsSettingsPage(m_settings, this), tr("&Agents"));
    m_tabs->addTab(new GuardrailsSettingsPage(m_settings, this), tr("&Guardrails"));
    m_tabs->addTab(new AppearanceSettingsPage(m_settings, this), tr("A&ppearance"));
    if (m_localApi)
        m_tabs->addTab(new LocalApiPage(m_localApi, this), tr("&Local API"));
    if (m_mcpServers)
        m_tabs->addTab(new McpServersPage(m_mcpServers, this), tr("T&ools"));
    if (m_teamBoard)
        m_tabs->addTab(new TeamBoardPage(m_teamBoard, this), tr("Team &board"));
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
    m_currentId = m_providers ? m_providers->currentId() : QString();
    while (m_tabs->count() > 0) {
        QWidget *page = m_tabs->widget(0);
        m_tabs->removeTab(0);
        delete page; // queued: no widget of it is on the stack
    }
    createPages();
    m_tabs->setCurrentIndex(current);
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

void SettingsDialog::addTeamBoardPage(TeamBoardSettingsViewModel *board)
{
    m_teamBoard = board;
    m_tabs->addTab(new TeamBoardPage(board, this), tr("Team &board"));
}

} // namespace Tandem
