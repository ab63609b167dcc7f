#pragma once

#include "mcp/McpClient.h"
#include "mcp/McpServerConfig.h"
#include "mcp/McpTool.h"
#include "tools/ToolProvider.h"

#include <QCoreApplication>
#include <QNetworkAccessManager>
#include <QObject>
#include <QPointer>

#include <functional>
#include <memory>
#include <vector>

namespace Tandem {

class ToolJob;

/// @brief One MCP server's tools as a provider of the ToolCatalog ("mcp:<server>"), each under a model-safe name
/// `<server>__<tool>`; two tools that would share a name are refused with a message (problems()).
///
/// The server starts lazily: on ensureStarted() or on the first call. A server that crashed fails its calls with a
/// clear error and is started again on the next call; its tools stay listed meanwhile.
class McpToolProvider final : public QObject, public ToolProvider
{
    Q_OBJECT

public:
    /// The value of header @p header for server @p server, from the keychain (the composition root's business).
    using HeaderLookup = std::function<QString(const QString &server, const QString &header)>;

    explicit McpToolProvider(const McpServerConfig &config, QNetworkAccessManager *network = nullptr,
        HeaderLookup headers = {}, QObject *parent = nullptr);
    ~McpToolProvider() override;
    Q_DISABLE_COPY_MOVE(McpToolProvider)

    /// @brief `<server>__<tool>` with every character a model may not use replaced by `_`, at most 64 characters.
    static QString modelSafeName(const QString &server, const QString &tool);

    QString name() const override { return u"mcp:" + m_config.name; }
    QList<const Tool *> tools() const override;

    /// @brief The folder offered to the server as its root (and its working folder when its entry names none).
    void setWorkspaceRoot(const QString &folder);
    /// @brief Called after the tools changed, so the catalog can refresh().
    void setToolsChangedHandler(std::function<void()> handler) { m_toolsChanged = std::move(handler); }
    /// @brief Starts the server unless it runs; started() or stopped() follows.
    void ensureStarted();
    /// @brief Shuts the server down as the spec says.
    void shutdown();
    /// @brief The running client, or null.
    McpClient *client() const { return m_client; }
    /// @brief Tools left out, one sentence each.
    QStringList problems() const { return m_problems; }

    /// @brief A job calling @p tool with @p arguments, starting the server first if needed.
    ToolJob *call(const McpToolInfo &tool, const QJsonObject &arguments, const ToolContext &context);

Q_SIGNALS:
    void started();
    /// The server stopped; @p reason is empty after shutdown().
    void stopped(const QString &reason);

private:
    std::unique_ptr<McpTransport> makeTransport();
    void rebuildTools();

    McpServerConfig m_config;
    QPointer<QNetworkAccessManager> m_network;
    HeaderLookup m_headers;
    QString m_workspaceRoot;
    McpClient *m_client = nullptr;
    std::vector<std::unique_ptr<McpTool>> m_tools;
    QStringList m_problems;
    std::function<void()> m_toolsChanged;
};

} // namespace Tandem
