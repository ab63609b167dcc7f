#include "AgentsSettingsPage.h"

#include "presentation/SettingsViewModel.h"

#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

using namespace Qt::StringLiterals;

namespace Tandem {

AgentsSettingsPage::AgentsSettingsPage(SettingsViewModel *settings, QWidget *parent)
    : QWidget(parent)
    , m_settings(settings)
{
    QWidget *page = this;
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
}

} // namespace Tandem
