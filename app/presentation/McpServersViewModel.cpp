#include "McpServersViewModel.h"

#include "mcp/McpClient.h"
#include "mcp/McpConfigFile.h"
#include "mcp/McpToolInfo.h"
#include "mcp/McpToolProvider.h"
#include "mcp/McpTransport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

using namespace Qt::StringLiterals;

namespace Tandem {

struct McpServersViewModel::Entry
{
    Server row;
    std::unique_ptr<McpToolProvider> provider;
    QHash<QString, QString> headerValues; ///< read from the keychain just before a start, for the HTTP transport
    int generation = 0; ///< a start in flight is dropped when the entry changed meanwhile
};

namespace {
constexpr auto kDisabled = "disabled"_L1;
constexpr int kMaxEvents = 200;

QJsonObject readDocument(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}
} // namespace

McpServersViewModel::McpServersViewModel(const QString &configPath, QNetworkAccessManager *network, Secrets secrets,
    const QString &workspaceRoot, QObject *parent)
    : QObject(parent)
    , m_path(configPath)
    , m_network(network)
    , m_secrets(std::move(secrets))
    , m_workspaceRoot(workspaceRoot)
{
    load();
}

McpServersViewModel::~McpServersViewModel()
{
    for (const auto &entry : m_servers)
        if (entry->provider)
            entry->provider->shutdown();
}

QString McpServersViewModel::secretKey(const QString &server, const QString &header)
{
    return u"mcp:%1:%2"_s.arg(server, header);
}

QString McpServersViewModel::stateText(State state)
{
    switch (state) {
    case State::Disabled:
        return tr("Disabled");
    case State::Stopped:
        return tr("Not running");
    case State::Starting:
        return tr("Starting…");
    case State::Running:
        return tr("Running");
    case State::Failed:
        return tr("Failed");
    }
    return {};
}

const McpServersViewModel::Server &McpServersViewModel::server(int row) const
{
    return m_servers.at(size_t(row))->row;
}

int McpServersViewModel::indexOf(const QString &name) const
{
    for (size_t i = 0; i < m_servers.size(); ++i)
        if (m_servers[i]->row.config.name == name)
            return int(i);
    return -1;
}

QString McpServersViewModel::log(int row) const
{
    const Entry &entry = *m_servers.at(size_t(row));
    QString text = entry.row.events.join(u'\n');
    if (entry.provider && entry.provider->client() && entry.provider->client()->transport()) {
        const QString serverLog = entry.provider->client()->transport()->log();
        if (!serverLog.isEmpty())
            text += u"\n"_s + serverLog;
    }
    return text;
}

bool McpServersViewModel::headerStored(const QString &server, const QString &header) const
{
    return m_storedHeaders.contains(secretKey(server, header));
}

void McpServersViewModel::load()
{
    QStringList problems;
    const QJsonObject document = readDocument(m_path);
    const QJsonObject entries = document.value("mcpServers"_L1).toObject();
    for (const McpServerConfig &config : McpConfigFile::parse(document, &problems)) {
        auto entry = std::make_unique<Entry>();
        entry->row.config = config;
        entry->row.enabled = !entries.value(config.name).toObject().value(kDisabled).toBool();
        entry->row.state = entry->row.enabled ? State::Stopped : State::Disabled;
        checkSecrets(config);
        m_servers.push_back(std::move(entry));
    }
    if (!problems.isEmpty())
        m_lastError = problems.join(u' ');
}

bool McpServersViewModel::write()
{
    QList<McpServerConfig> configs;
    for (const auto &entry : m_servers)
        configs << entry->row.config;
    QJsonObject document = McpConfigFile::toJson(configs);
    // McpConfigFile knows nothing of switching a server off; "disabled" is what Cline and others write for it.
    QJsonObject entries = document.value("mcpServers"_L1).toObject();
    for (const auto &entry : m_servers) {
        if (entry->row.enabled)
            continue;
        QJsonObject object = entries.value(entry->row.config.name).toObject();
        object.insert(kDisabled, true);
        entries.insert(entry->row.config.name, object);
    }
    document.insert("mcpServers"_L1, entries);
    QDir().mkpath(QFileInfo(m_path).absolutePath());
    QSaveFile file(m_path);
    if (!file.open(QIODevice::WriteOnly) || file.write(QJsonDocument(document).toJson()) < 0 || !file.commit()) {
        m_lastError = tr("The MCP servers could not be saved to %1: %2").arg(m_path, file.errorString());
        return false;
    }
    return true;
}

bool McpServersViewModel::validate(const McpServerConfig &config, const QString &previousName)
{
    if (config.name.trimmed().isEmpty()) {
        m_lastError = tr("The server needs a name.");
        return false;
    }
    if (config.name != previousName && indexOf(config.name) >= 0) {
        m_lastError = tr("There is already a server named \"%1\".").arg(config.name);
        return false;
    }
    if (config.transport == McpServerConfig::Transport::Stdio && config.command.trimmed().isEmpty()) {
        m_lastError = tr("A local server needs a command to run.");
        return false;
    }
    if (config.transport == McpServerConfig::Transport::Http
        && (!config.url.isValid() || !config.url.scheme().startsWith("http"_L1))) {
        m_lastError = tr("An HTTP server needs an http:// or https:// address.");
        return false;
    }
    return true;
}

bool McpServersViewModel::save(
    const McpServerConfig &config, const QList<QPair<QString, QString>> &headerValues, const QString &previousName)
{
    if (!validate(config, previousName))
        return false;
    McpServerConfig stored = config;
    stored.importedHeaders.clear();
    for (const auto &[header, value] : headerValues)
        if (!stored.headerNames.contains(header))
            stored.headerNames << header;
    const int row = previousName.isEmpty() ? -1 : indexOf(previousName);
    if (row < 0) {
        auto entry = std::make_unique<Entry>();
        entry->row.config = stored;
        m_servers.push_back(std::move(entry));
    } else {
        Entry &entry = *m_servers[size_t(row)];
        if (entry.provider)
            entry.provider->shutdown();
        entry.provider.reset();
        entry.row.config = stored;
        entry.row.state = entry.row.enabled ? State::Stopped : State::Disabled;
        entry.row.tools.clear();
        ++entry.generation;
    }
    if (!write())
        return false;
    for (const auto &[header, value] : headerValues)
        if (!value.isEmpty())
            storeSecret(stored.name, header, value);
    Q_EMIT listChanged();
    return true;
}

bool McpServersViewModel::remove(const QString &name)
{
    const int row = indexOf(name);
    if (row < 0)
        return false;
    const McpServerConfig config = m_servers[size_t(row)]->row.config;
    if (m_servers[size_t(row)]->provider)
        m_servers[size_t(row)]->provider->shutdown();
    m_servers.erase(m_servers.begin() + row);
    if (!write())
        return false;
    for (const QString &header : config.headerNames) {
        m_storedHeaders.remove(secretKey(name, header));
        if (m_secrets.remove)
            m_secrets.remove(secretKey(name, header));
    }
    Q_EMIT listChanged();
    return true;
}

void McpServersViewModel::setEnabled(const QString &name, bool enabled)
{
    const int row = indexOf(name);
    if (row < 0 || m_servers[size_t(row)]->row.enabled == enabled)
        return;
    Entry &entry = *m_servers[size_t(row)];
    entry.row.enabled = enabled;
    write();
    if (!enabled) {
        ++entry.generation;
        if (entry.provider)
            entry.provider->shutdown();
        entry.row.state = State::Disabled;
        entry.row.tools.clear();
        changed(entry);
        return;
    }
    entry.row.state = State::Stopped;
    start(entry);
}

void McpServersViewModel::restart(const QString &name)
{
    const int row = indexOf(name);
    if (row < 0 || !m_servers[size_t(row)]->row.enabled)
        return;
    Entry &entry = *m_servers[size_t(row)];
    ++entry.generation;
    if (entry.provider)
        entry.row.events << tr("Restarted.");
    start(entry);
}

void McpServersViewModel::start(Entry &entry)
{
    entry.row.state = State::Starting;
    entry.row.reason.clear();
    changed(entry);
    // The header values are read from the keychain first: the provider asks for them synchronously.
    const McpServerConfig config = entry.row.config;
    const int generation = ++entry.generation;
    auto pending = std::make_shared<int>(int(config.headerNames.size()));
    auto go = [this, name = config.name, generation] {
        const int row = indexOf(name);
        if (row < 0 || m_servers[size_t(row)]->generation != generation)
            return;
        Entry &current = *m_servers[size_t(row)];
        makeProvider(current);
        current.row.state = State::Starting;
        current.provider->ensureStarted();
    };
    if (config.transport != McpServerConfig::Transport::Http || !m_secrets.read || config.headerNames.isEmpty()) {
        go();
        return;
    }
    for (const QString &header : config.headerNames) {
        m_secrets.read(secretKey(config.name, header), [this, name = config.name, header, pending, go](QString value) {
            const int row = indexOf(name);
            if (row >= 0)
                m_servers[size_t(row)]->headerValues.insert(header, value);
            if (--*pending == 0)
                go();
        });
    }
}

void McpServersViewModel::makeProvider(Entry &entry)
{
    McpToolProvider::HeaderLookup lookup = [this](const QString &server, const QString &header) {
        const int row = indexOf(server);
        return row < 0 ? QString() : m_servers[size_t(row)]->headerValues.value(header);
    };
    // The old provider is deleted once its client has closed, so its process is ended the spec's way.
    if (McpToolProvider *old = entry.provider.release()) {
        old->setParent(this);
        connect(old, &McpToolProvider::stopped, old, &QObject::deleteLater);
        old->shutdown();
    }
    entry.provider = std::make_unique<McpToolProvider>(entry.row.config, m_network, lookup);
    entry.provider->setWorkspaceRoot(m_workspaceRoot);
    watch(entry);
}

void McpServersViewModel::watch(Entry &entry)
{
    McpToolProvider *provider = entry.provider.get();
    auto find = [this, provider]() -> Entry * {
        for (const auto &candidate : m_servers)
            if (candidate->provider.get() == provider)
                return candidate.get();
        return nullptr;
    };
    provider->setToolsChangedHandler([this, find] {
        if (Entry *current = find())
            refreshTools(*current);
    });
    connect(provider, &McpToolProvider::started, this, [this, find] {
        Entry *current = find();
        if (!current)
            return;
        current->row.state = State::Running;
        current->row.events << tr("Started.");
        refreshTools(*current);
    });
    connect(provider, &McpToolProvider::stopped, this, [this, find](const QString &reason) {
        Entry *current = find();
        if (!current || current->row.state == State::Disabled)
            return;
        current->row.state = reason.isEmpty() ? State::Stopped : State::Failed;
        current->row.reason = reason;
        current->row.events << (reason.isEmpty() ? tr("Stopped.") : reason);
        changed(*current);
    });
}

void McpServersViewModel::refreshTools(Entry &entry)
{
    entry.row.tools.clear();
    if (McpClient *client = entry.provider->client())
        for (const McpToolInfo &info : client->tools())
            entry.row.tools << McpToolProvider::modelSafeName(entry.row.config.name, info.name);
    entry.row.events << entry.provider->problems();
    changed(entry);
}

void McpServersViewModel::changed(Entry &entry)
{
    if (entry.row.events.size() > kMaxEvents)
        entry.row.events.remove(0, entry.row.events.size() - kMaxEvents);
    const int row = indexOf(entry.row.config.name);
    if (row >= 0)
        Q_EMIT serverChanged(row);
}

void McpServersViewModel::checkSecrets(const McpServerConfig &config)
{
    if (!m_secrets.read)
        return;
    for (const QString &header : config.headerNames) {
        const QString key = secretKey(config.name, header);
        m_secrets.read(key, [this, key, name = config.name](const QString &value) {
            if (value.isEmpty())
                m_storedHeaders.remove(key);
            else
                m_storedHeaders.insert(key);
            const int row = indexOf(name);
            if (row >= 0)
                Q_EMIT serverChanged(row);
        });
    }
}

void McpServersViewModel::storeSecret(const QString &server, const QString &header, const QString &value)
{
    if (!m_secrets.store)
        return;
    const QString key = secretKey(server, header);
    m_secrets.store(key, value, [this, server, header, key](bool ok, const QString &error) {
        if (ok)
            m_storedHeaders.insert(key);
        Q_EMIT secretStored(server, header, ok, error);
    });
}

int McpServersViewModel::importFile(const QString &path)
{
    QStringList problems;
    const QList<McpServerConfig> imported = McpConfigFile::read(path, &problems);
    int added = 0;
    for (McpServerConfig config : imported) {
        if (indexOf(config.name) >= 0) {
            problems << tr("\"%1\" is already configured; the imported entry is left out.").arg(config.name);
            continue;
        }
        const QList<QPair<QString, QString>> values = config.importedHeaders;
        config.importedHeaders.clear();
        if (save(config, values))
            ++added;
        else
            problems << m_lastError;
    }
    m_lastError = problems.join(u' ');
    return added;
}

} // namespace Tandem
