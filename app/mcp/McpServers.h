#pragma once

#include "mcp/McpServerConfig.h"
#include "mcp/McpToolInfo.h"

#include <QCoreApplication>
#include <QList>
#include <QMap>
#include <QObject>
#include <QPair>
#include <QPointer>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

class QNetworkAccessManager;

namespace Tandem {

class McpToolProvider;
class ToolCatalog;

/// @brief The configured MCP servers of this process (the `mcp.json` file): one McpToolProvider per enabled server in
/// the ToolCatalog, their state, tools and log, and the changes the settings page and `tandem mcp` make (add, remove,
/// enable, disable, restart), written back to the file. Made once by the composition root (AppContext::mcpServers()).
///
/// Header values (Authorization, ...) go to the keychain through Secrets, never to the file: the file keeps the
/// names. The values are read from the keychain when the servers are loaded and held in memory for the transports.
/// Servers start lazily: on start() or on their first tool call; a crashed one is started again on the next call.
class McpServers final : public QObject
{
    Q_OBJECT

public:
    enum class State {
        Disabled, ///< turned off in the file: no provider, no tools
        Stopped, ///< not started yet, or shut down
        Starting, ///< the handshake runs
        Running, ///< ready, its tools listed
        Failed, ///< it exited or refused the handshake; lastError says why; the next call starts it again
    };
    Q_ENUM(State)

    /// @brief One server as the settings page and `tandem mcp list` show it.
    struct Server
    {
        McpServerConfig config;
        State state = State::Stopped;
        QString lastError;
    };

    /// @brief The keychain, asynchronous as storage's SecretStore is (app/mcp may not include storage).
    struct Secrets
    {
        std::function<void(const QString &key, std::function<void(const QString &value)> done)> read;
        std::function<void(const QString &key, const QString &value, std::function<void(bool ok)> done)> write;
        std::function<void(const QString &key, std::function<void(bool ok)> done)> remove;
    };

    /// @p catalog receives the providers; @p configPath is the servers file (McpConfigFile::defaultPath()).
    McpServers(ToolCatalog *catalog, QNetworkAccessManager *network, Secrets secrets, const QString &configPath,
        QObject *parent = nullptr);
    ~McpServers() override;
    Q_DISABLE_COPY_MOVE(McpServers)

    /// @brief The keychain key of header @p header of server @p server.
    static QString secretKey(const QString &server, const QString &header);

    /// @brief The servers that @p allowedTools (agents' front matter: `mcp:<server>/<tool>`, `mcp:<server>/*`) name.
    static QStringList serversIn(const QStringList &allowedTools);

    /// @brief Reads the file and puts the enabled servers' providers into the catalog (none is started).
    void load();
    /// @brief The file's entries that could not be used, one sentence each, and tools left out for their names.
    QStringList problems() const;
    QString configPath() const { return m_configPath; }

    QList<Server> servers() const;
    std::optional<Server> server(const QString &name) const;
    /// @brief The tools of server @p name as last listed (empty before its first start).
    QList<McpToolInfo> tools(const QString &name) const;
    /// @brief What server @p name wrote to its log (stdio: stderr), the newest bytes kept.
    QString log(const QString &name) const;
    /// @brief The provider of server @p name, or null (disabled, unknown).
    McpToolProvider *provider(const QString &name) const;

    /// @brief Why @p config cannot be added (no name, a name taken, or tools that would share their names with
    /// another server's), or empty. The server named @p replacing (the one edit() changes) does not count.
    QString check(const McpServerConfig &config, const QString &replacing = {}) const;

    /// Called once the keychain has finished with the values (false: one of them could not be kept there).
    using KeychainDone = std::function<void(bool ok)>;

    /// @brief Adds @p config (its headers' values from @p headerValues go to the keychain) and saves the file; false,
    /// with @p error saying why (check(), or the file cannot be written). @p done follows once the keychain has the
    /// values (a command waits for it before it exits).
    bool add(const McpServerConfig &config, const QList<QPair<QString, QString>> &headerValues = {},
        QString *error = nullptr, KeychainDone done = {});
    /// @brief Changes server @p name in place into @p config (its name too), in the file's order, and starts it
    /// afresh on its next use. A header given a value in @p headerValues gets it; one given none keeps its stored
    /// value, moved to the new key when the server is renamed; a header no longer named is removed from the keychain.
    /// No key is both written and removed, so the keychain's answers may come in any order. False with @p error
    /// (check(), no such server, the file cannot be written); @p done follows once the keychain has finished.
    bool edit(const QString &name, const McpServerConfig &config,
        const QList<QPair<QString, QString>> &headerValues = {}, QString *error = nullptr, KeychainDone done = {});
    /// @brief Removes server @p name, its provider and its headers in the keychain, and saves the file; @p done follows
    /// once the keychain has let go of them.
    bool remove(const QString &name, QString *error = nullptr, KeychainDone done = {});
    /// @brief Turns server @p name on or off and saves the file.
    bool setEnabled(const QString &name, bool enabled, QString *error = nullptr);
    /// @brief Starts server @p name unless it runs.
    void start(const QString &name);
    /// @brief Stops server @p name and starts it again.
    void restart(const QString &name);
    /// @brief Starts every enabled server whose name @p names holds (an agent that allows its tools is about to run).
    void startAll(const QStringList &names);
    /// @brief True while a server started by start() has neither finished its handshake nor failed.
    bool isStarting() const;
    /// @brief Shuts every server down (Tandem quits).
    void shutdownAll();

Q_SIGNALS:
    /// A server was added, removed, enabled or disabled.
    void serversChanged();
    /// Server @p name changed its state, its tools or its log.
    void serverChanged(const QString &name);

private:
    struct Entry
    {
        McpServerConfig config;
        McpToolProvider *provider = nullptr; ///< owned by the catalog
        State state = State::Stopped;
        QString lastError;
    };

    void attach(Entry &entry);
    void detach(Entry &entry);
    void readHeaders(const McpServerConfig &config);
    /// Writes (or with an empty value removes) every pair of @p values in the keychain, then calls @p done.
    void writeSecrets(const QList<QPair<QString, QString>> &values, KeychainDone done);
    bool save(QString *error);
    Entry *find(const QString &name);
    const Entry *find(const QString &name) const;
    QString headerValue(const QString &server, const QString &header) const;

    QPointer<ToolCatalog> m_catalog;
    QPointer<QNetworkAccessManager> m_network;
    Secrets m_secrets;
    QString m_configPath;
    QList<Entry> m_entries;
    QStringList m_fileProblems;
    QMap<QString, QString> m_headerValues; ///< secretKey() -> value, read from the keychain; never written anywhere
};

} // namespace Tandem
