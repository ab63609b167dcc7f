#pragma once

#include "domain/GuardrailLimits.h"
#include "domain/ProviderProfile.h"

#include <QDialog>
#include <QPointer>

class QComboBox;
class QDoubleSpinBox;
class QDialogButtonBox;
class QLabel;
class QLayout;
class QLineEdit;
class QListWidget;
class QPushButton;
class QSpinBox;
class QTabWidget;

namespace Tandem {

class LocalApi;
class McpServersViewModel;
class SettingsViewModel;

/// @brief Settings: providers (add, edit, remove, test the connection, list the models; the key goes to the
/// keychain and is never shown back), the default model of each agent, the guardrail limits, the language and the
/// theme.
class SettingsDialog final : public QDialog
{
    Q_OBJECT

public:
    explicit SettingsDialog(SettingsViewModel *settings, QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(SettingsDialog)

    /// @brief Adds the "Local API" page for @p api (borrowed; it must outlive the dialog).
    void addLocalApiPage(LocalApi *api);
    /// @brief Adds the "Tools" page with the MCP servers of @p servers (borrowed; it must outlive the dialog).
    void addMcpServersPage(McpServersViewModel *servers);

    /// @brief The placeholder the key field shows when a key is stored ("•••• stored").
    static QString storedKeyPlaceholder();

protected:
    void changeEvent(QEvent *event) override;

private:
    /// @brief Makes every page in the installed language (again after a language change).
    void createPages();
    void retranslate();
    QWidget *createProvidersPage();
    QWidget *createAgentsPage();
    QWidget *createGuardrailsPage();
    QLayout *createCriticalTools(QWidget *page);
    QDoubleSpinBox *createRouterThreshold(QWidget *page);
    void showGuardrails();
    void saveCriticalTools();
    void saveGuardrails();
    QWidget *createAppearancePage();
    void reloadProviders(const QString &select = {});
    void showProvider(int row);
    ProviderProfile editedProfile() const;
    void saveProvider();
    void removeProvider();
    void addPreset(const ProviderProfile &preset);
    void testConnection();
    void setStatus(const QString &text, bool error = false);

    QPointer<SettingsViewModel> m_settings;
    QList<ProviderProfile> m_providers;
    QString m_currentId;
    QTabWidget *m_tabs = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    LocalApi *m_localApi = nullptr; ///< borrowed: the "Local API" page's, made again with the others
    McpServersViewModel *m_mcpServers = nullptr; ///< borrowed: the "Tools" page's
    bool m_retranslating = false;
    QListWidget *m_providerList = nullptr;
    QLineEdit *m_name = nullptr;
    QComboBox *m_protocol = nullptr;
    QLineEdit *m_baseUrl = nullptr;
    QComboBox *m_model = nullptr;
    QLineEdit *m_key = nullptr;
    QPushButton *m_save = nullptr;
    QPushButton *m_remove = nullptr;
    QPushButton *m_test = nullptr;
    QLabel *m_status = nullptr;
    QLineEdit *m_assistantModel = nullptr;
    QLineEdit *m_agent1Model = nullptr;
    QLineEdit *m_agent2Model = nullptr;
    QLineEdit *m_workspace = nullptr;
    QList<QPair<GuardrailLimits::Field, QSpinBox *>> m_guardrails;
    QListWidget *m_criticalTools = nullptr;
    QLabel *m_guardrailStatus = nullptr;
    QDoubleSpinBox *m_routerThreshold = nullptr;
    QComboBox *m_language = nullptr;
    QComboBox *m_theme = nullptr;
};

} // namespace Tandem
