#pragma once

#include <QDialog>
#include <QPointer>

class QDialogButtonBox;
class QTabWidget;

namespace Tandem {

class LocalApi;
class McpServersViewModel;
class ProvidersSettingsPage;
class SettingsViewModel;
class TeamBoardSettingsViewModel;

/// @brief Settings: one tab per page (ProvidersSettingsPage, AgentsSettingsPage, GuardrailsSettingsPage,
/// AppearanceSettingsPage, LocalApiPage, McpServersPage, TeamBoardPage), made again in the new language when it
/// changes.
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
    /// @brief Adds the "Team board" page of @p board (borrowed; it must outlive the dialog).
    void addTeamBoardPage(TeamBoardSettingsViewModel *board);

    /// @brief The placeholder the key field shows when a key is stored ("•••• stored").
    static QString storedKeyPlaceholder();

protected:
    void changeEvent(QEvent *event) override;

private:
    /// @brief Makes every page in the installed language (again after a language change).
    void createPages();
    void retranslate();

    QPointer<SettingsViewModel> m_settings;
    QString m_currentId; ///< the provider shown, kept across a language change
    QTabWidget *m_tabs = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    ProvidersSettingsPage *m_providers = nullptr;
    LocalApi *m_localApi = nullptr; ///< borrowed: the "Local API" page's, made again with the others
    McpServersViewModel *m_mcpServers = nullptr; ///< borrowed: the "Tools" page's
    TeamBoardSettingsViewModel *m_teamBoard = nullptr; ///< borrowed: the "Team board" page's
    bool m_retranslating = false;
};

} // namespace Tandem
