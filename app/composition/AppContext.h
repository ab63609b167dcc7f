#pragma once

#include <QString>
#include <QtGlobal>

#include <memory>

class QNetworkAccessManager;
class QObject;

namespace Tandem {

class Database;
class LocalChatRepository;
class LocalSettingsService;
class McpServers;
class McpToolReadiness;
class SecretStore;
class ToolCatalog;
struct EngineConfig;

/// @brief The composition root's objects, each made once per process and in one order: the database, the network
/// manager, the keychain, the tool catalog, the settings and the engine's repository. The window (main.cpp) and
/// every headless command take what they need from it, so the engine is wired in one place.
///
/// Everything but the database is made on first use (a command that lists conversations never touches the
/// keychain), and everything is destroyed in the reverse order: the repository first, the database last.
class AppContext final
{
public:
    /// @brief What open() checks of a large file's pages (a small one is always checked).
    enum class IntegrityCheck {
        Deferred, ///< left to the caller (the window checks beside the open window: Database::isCheckPending())
        Now, ///< before open() returns (a headless command: an answer from a damaged file would be wrong silently)
    };

    /// @brief The profile of @p dataDirOption (the --data-dir option; empty: TANDEM_DATA_DIR or the default folder).
    explicit AppContext(const QString &dataDirOption = {});
    ~AppContext();
    Q_DISABLE_COPY_MOVE(AppContext)

    /// @brief Opens the database; false, with Database::errorString() saying why, if it cannot be used.
    bool open(IntegrityCheck check);
    /// @brief The database; open() first.
    Database &database();
    /// @brief The profile's folder (the database, the local API's files).
    QString dataFolder() const;
    /// @brief The database file of this profile.
    QString databasePath() const;

    /// @brief The process's one network manager (NetworkAccess' policy), owned here.
    QNetworkAccessManager *network();
    /// @brief The keychain of the default service.
    SecretStore &secrets();
    /// @brief The process's one tool catalog: every agent, and the settings, see the same tools.
    ToolCatalog &tools();
    /// @brief The configured MCP servers (<config folder>/mcp.json), their providers in tools(); header values in
    /// secrets(). Made on first use; no server starts before its first call or McpServers::start().
    McpServers &mcpServers();
    /// @brief Starts the MCP servers the agents of @p config name in their front matter (`mcp:<server>/...`): the model
    /// learns a server's tools only once it has listed them. With @p wait, returns once each has listed its tools or
    /// failed, so a headless turn's first request offers them; the window does not wait here (the tools join when they
    /// come, and a turn begun meanwhile waits for them: McpToolReadiness). A server no agent names starts on its first
    /// call. Commands that only read conversations start none.
    void startMcpServers(const EngineConfig &config, bool wait);
    /// @brief The window's settings service over the database, the keychain, the network and the tools.
    LocalSettingsService &settings();

    /// @brief The engine's settings every entry point starts from: the person's agent files override the shipped
    /// ones. With @p stored, also the choices saved by the window (models per agent, workspace, guardrails).
    EngineConfig engineConfig(bool stored = false) const;
    /// @brief Makes the repository (once per process) with @p config, the configured MCP servers' tools in its
    /// catalog (startMcpServers() starts them; an agent's first request waits for the servers it allows); its keys come
    /// from @p secrets (null: none from the keychain, such as a command given a base URL).
    LocalChatRepository &makeRepository(const EngineConfig &config, SecretStore *secrets);
    /// @brief The repository made by makeRepository(); null before.
    LocalChatRepository *repository() const;

private:
    QString m_dataDirOption;
    std::unique_ptr<Database> m_database;
    std::unique_ptr<QObject> m_networkOwner; ///< the network manager's parent: QtNetwork stays out of this header
    QNetworkAccessManager *m_network = nullptr;
    std::unique_ptr<SecretStore> m_secrets;
    std::unique_ptr<ToolCatalog> m_tools;
    std::unique_ptr<McpServers> m_mcpServers; ///< after the catalog: takes its providers out of it first
    std::unique_ptr<McpToolReadiness> m_mcpReadiness; ///< what the engine's first requests wait for
    std::unique_ptr<LocalSettingsService> m_settings;
    std::unique_ptr<LocalChatRepository> m_repository; ///< last: destroyed first, before what it borrows
};

} // namespace Tandem
