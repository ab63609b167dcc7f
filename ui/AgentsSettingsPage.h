#pragma once

#include <QPointer>
#include <QWidget>

class QLineEdit;

namespace Tandem {

class SettingsViewModel;

/// @brief The settings' "Agents" page: the default model of each agent and the file tools' workspace folder.
class AgentsSettingsPage final : public QWidget
{
    Q_OBJECT

public:
    explicit AgentsSettingsPage(SettingsViewModel *settings, QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(AgentsSettingsPage)

private:
    QPointer<SettingsViewModel> m_settings;
    QLineEdit *m_assistantModel = nullptr;
    QLineEdit *m_agent1Model = nullptr;
    QLineEdit *m_agent2Model = nullptr;
    QLineEdit *m_workspace = nullptr;
};

} // namespace Tandem
