#pragma once

#include "mcp/McpServerConfig.h"
#include "mcp/McpServers.h"

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QStringList>

#include <functional>

namespace Tandem {

/// @brief What Settings → Tools → MCP servers shows and edits: the process's McpServers (the servers in the tool
/// catalog), each with its state, its tools and its log; add, edit, remove, enable, disable, restart, and import from
/// another client's file.
///
/// Header values go to the keychain (through McpServers and the injected Secrets), never to the file; the view only
/// learns whether a value is stored.
class McpServersViewModel final : public QObject
{
    Q_OBJECT

public:
    using State = McpServers::State;

    /// @brief The keychain as the page needs it: whether a value is stored, and storing one with an answer.
    struct Secrets
    {
        /// Answers the value, empty when none is stored (or the keychain failed).
        std::function<void(const QString &key, std::function<void(QString value)>)> read;
        std::function<void(const QString &key, const QString &value, std::function<void(bool ok, QString error)>)>
            store;
    };

    /// @brief One row of the page.
    struct Server
    {
        McpServerConfig config;
        bool enabled = true;
        State state = State::Stopped;
        QString reason; ///< why it stopped or failed
        QStringList tools; ///< the names the model sees
    };

    /// @brief @p servers is borrowed and must outlive the view model.
    McpServersViewModel(McpServers *servers, Secrets secrets, QObject *parent = nullptr);
    ~McpServersViewModel() override;
    Q_DISABLE_COPY_MOVE(McpServersViewModel)

    /// @brief The keychain entry of @p header's value for @p server (McpServers::secretKey()).
    static QString secretKey(const QString &server, const QString &header);
    static QString stateText(State state);

    /// @brief The servers it shows (the agents editor offers their tools).
    McpServers *servers() const { return m_servers; }
    int count() const { return int(m_rows.size()); }
    const Server &server(int row) const { return m_rows.at(row); }
    int indexOf(const QString &name) const;
    /// @brief The server's log: what the page saw happen (started, stopped, restarted), then its stderr (stdio).
    QString log(int row) const;
    /// @brief Whether a value is stored for @p header of @p server, as far as the keychain has answered.
    bool headerStored(const QString &server, const QString &header) const;

    /// @brief Adds or replaces (@p previousName, empty for a new one) @p config; @p headerValues (name, value) go to
    /// the keychain, an empty value keeps the stored one. False with lastError() for a bad entry.
    bool save(const McpServerConfig &config, const QList<QPair<QString, QString>> &headerValues,
        const QString &previousName = {});
    bool remove(const QString &name);
    void setEnabled(const QString &name, bool enabled);
    /// @brief Starts the server, or stops it and starts it again.
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
    void reload();
    Server rowFor(const McpServers::Server &server) const;
    void onServerChanged(const QString &name);
    void note(const QString &name, const QString &event);
    void checkSecrets(const McpServerConfig &config);
    void storeSecret(const QString &server, const QString &header, const QString &value);
    bool replace(
        const McpServerConfig &config, const QList<QPair<QString, QString>> &headerValues, const QString &previousName);

    QPointer<McpServers> m_servers;
    Secrets m_secrets;
    QList<Server> m_rows;
    QHash<QString, QStringList> m_events; ///< per server name, what the page saw happen
    QSet<QString> m_storedHeaders; ///< secretKey()s the keychain holds
    QString m_lastError;
};

} // namespace Tandem
