#pragma once

#include "mcp/McpServerConfig.h"

#include <QObject>
#include <QPointer>
#include <QSet>
#include <QStringList>

#include <functional>
#include <memory>
#include <vector>

class QNetworkAccessManager;

namespace Tandem {

class McpToolProvider;

/// @brief What Settings → Tools → MCP servers edits: the servers of the config file (McpConfigFile), each with its
/// state, its tools and its log; add, edit, remove, enable, disable, restart and import from another client's file.
///
/// Header values go to the keychain through the injected McpSecrets, never to the file; the view only learns whether
/// a value is stored.
class McpServersViewModel final : public QObject
{
    Q_OBJECT

public:
    enum class State { Disabled, Stopped, Starting, Running, Failed };

    /// @brief The keychain as the page needs it; the key of a header value is secretKey().
    struct Secrets
    {
        std::function<void(const QString &key, const QString &value, std::function<void(bool ok, QString error)>)>
            store;
        /// Answers the value, empty when none is stored (or the keychain failed).
        std::function<void(const QString &key, std::function<void(QString value)>)> read;
        std::function<void(const QString &key)> remove;
    };

    /// @brief One row of the page.
    struct Server
    {
        McpServerConfig config;
        bool enabled = true;
        State state = State::Stopped;
        QString reason; ///< why it stopped or failed
        QStringList tools; ///< the names the model sees
        QStringList events; ///< what the page saw happen (started, stopped, restarted)
    };

    /// @brief Reads @p configPath (McpConfigFile's format); @p network is borrowed for the HTTP servers.
    McpServersViewModel(const QString &configPath, QNetworkAccessManager *network, Secrets secrets,
        const QString &workspaceRoot = {}, QObject *parent = nullptr);
    ~McpServersViewModel() override;
    Q_DISABLE_COPY_MOVE(McpServersViewModel)

    /// @brief The keychain entry of @p header's value for @p server.
    static QString secretKey(const QString &server, const QString &header);
    static QString stateText(State state);

    int count() const { return int(m_servers.size()); }
    const Server &server(int row) const;
    int indexOf(const QString &name) const;
    /// @brief The server's log: its stderr (stdio) after the page's own events.
    QString log(int row) const;
    /// @brief Whether a value is stored for @p header of @p server, as far as the keychain has answered.
    bool headerStored(const QString &server, const QString &header) const;

    /// @brief Adds or replaces (@p previousName, empty for a new one) @p config and stores @p headerValues (name,
    /// value; an empty value keeps the stored one) in the keychain. False with lastError() for a bad entry.
    bool save(const McpServerConfig &config, const QList<QPair<QString, QString>> &headerValues,
        const QString &previousName = {});
    bool remove(const QString &name);
    void setEnabled(const QString &name, bool enabled);
    /// @brief Stops the server if it runs and starts it again (an enabled one).
    void restart(const QString &name);
    /// @brief Adds the servers of another client's file; their header values go to the keychain. Returns how many.
    int importFile(const QString &path);
    QString lastError() const { return m_lastError; }

Q_SIGNALS:
    /// Rows were added, removed or renamed.
    void listChanged();
    /// The state, tools or log of @p row changed.
    void serverChanged(int row);
    /// A header value was stored (or not) in the keychain.
    void secretStored(const QString &server, const QString &header, bool ok, const QString &error);

private:
    struct Entry;

    void load();
    bool write();
    void makeProvider(Entry &entry);
    void watch(Entry &entry);
    void refreshTools(Entry &entry);
    void checkSecrets(const McpServerConfig &config);
    void start(Entry &entry);
    void storeSecret(const QString &server, const QString &header, const QString &value);
    void changed(Entry &entry);
    bool validate(const McpServerConfig &config, const QString &previousName);

    QString m_path;
    QPointer<QNetworkAccessManager> m_network;
    Secrets m_secrets;
    QString m_workspaceRoot;
    std::vector<std::unique_ptr<Entry>> m_servers;
    QSet<QString> m_storedHeaders; ///< secretKey()s the keychain holds
    QString m_lastError;
};

} // namespace Tandem
