#include "McpServers.h"

#include "mcp/McpClient.h"
#include "mcp/McpConfigFile.h"
#include "mcp/McpTool.h"
#include "mcp/McpToolProvider.h"
#include "mcp/McpTransport.h"
#include "tools/ToolCatalog.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSaveFile>
#include <QSet>

#include <algorithm>
#include <memory>
#include <utility>

using namespace Qt::StringLiterals;

namespace Tandem {

McpServers::McpServers(
    ToolCatalog *catalog, QNetworkAccessManager *network, Secrets secrets, const QString &configPath, QObject *parent)
    : QObject(parent)
    , m_catalog(catalog)
    , m_network(network)
    , m_secrets(std::move(secrets))
    , m_configPath(configPath)
{ }

McpServers::~McpServers()
{
    // The catalog may outlive this object: take the providers out so none calls back into it.
    for (Entry &entry : m_entries)
        detach(entry);
}

QString McpServers::secretKey(const QString &server, const QString &header)
{
    return u"mcp/"_s + server + u'/' + header;
}

QStringList McpServers::serversIn(const QStringList &allowedTools)
{
    QStringList names;
    for (const QString &entry : allowedTools) {
        if (!entry.startsWith(u"mcp:"))
            continue;
        const QString name = entry.mid(4).section(u'/', 0, 0);
        if (!name.isEmpty() && !names.contains(name))
            names << name;
    }
    return names;
}

void McpServers::load()
{
    for (Entry &entry : m_entries)
        detach(entry);
    m_entries.clear();
    m_fileProblems.clear();
    const QList<McpServerConfig> configs = McpConfigFile::read(m_configPath, &m_fileProblems);
    bool importedValues = false;
    for (const McpServerConfig &config : configs) {
        importedValues = importedValues || !config.importedHeaders.isEmpty();
        m_entries.append(Entry { config, nullptr, State::Stopped, {} });
        readHeaders(config);
        if (config.enabled)
            attach(m_entries.last());
        else
            m_entries.last().state = State::Disabled;
        m_entries.last().config.importedHeaders.clear();
    }
    if (importedValues)
        save(nullptr); // the values are in the keychain now: the file keeps the names only
    Q_EMIT serversChanged();
}

QStringList McpServers::problems() const
{
    QStringList problems = m_fileProblems;
    for (const Entry &entry : m_entries)
        if (entry.provider)
            problems << entry.provider->problems();
    return problems;
}

QList<McpServers::Server> McpServers::servers() const
{
    QList<Server> list;
    for (const Entry &entry : m_entries)
        list << Server { entry.config, entry.state, entry.lastError };
    return list;
}

std::optional<McpServers::Server> McpServers::server(const QString &name) const
{
    const Entry *entry = find(name);
    if (!entry)
        return std::nullopt;
    return Server { entry->config, entry->state, entry->lastError };
}

QList<McpToolInfo> McpServers::tools(const QString &name) const
{
    const Entry *entry = find(name);
    QList<McpToolInfo> list;
    if (!entry || !entry->provider)
        return list;
    for (const Tool *tool : entry->provider->tools())
        list << static_cast<const McpTool *>(tool)->info();
    return list;
}

QString McpServers::log(const QString &name) const
{
    const Entry *entry = find(name);
    if (!entry || !entry->provider || !entry->provider->client() || !entry->provider->client()->transport())
        return {};
    return entry->provider->client()->transport()->log();
}

McpToolProvider *McpServers::provider(const QString &name) const
{
    const Entry *entry = find(name);
    return entry ? entry->provider : nullptr;
}

bool McpServers::add(const McpServerConfig &config, const QList<QPair<QString, QString>> &headerValues, QString *error,
    KeychainDone done)
{
    const QString problem = check(config);
    if (!problem.isEmpty()) {
        if (error)
            *error = problem;
        return false;
    }
    McpServerConfig stored = config;
    stored.importedHeaders.clear();
    QList<QPair<QString, QString>> secrets;
    for (const auto &[header, value] : headerValues) {
        if (!stored.headerNames.contains(header))
            stored.headerNames << header;
        m_headerValues.insert(secretKey(config.name, header), value);
        secrets.append({ secretKey(config.name, header), value });
    }
    writeSecrets(secrets, std::move(done));
    m_entries.append(Entry { stored, nullptr, stored.enabled ? State::Stopped : State::Disabled, {} });
    if (stored.enabled)
        attach(m_entries.last());
    const bool saved = save(error);
    Q_EMIT serversChanged();
    return saved;
}

QString McpServers::check(const McpServerConfig &config, const QString &replacing) const
{
    if (config.name.trimmed().isEmpty())
        return tr("An MCP server needs a name.");
    const QString prefix = McpToolProvider::modelSafeName(config.name, {});
    for (const Entry &entry : m_entries) {
        if (!replacing.isEmpty() && entry.config.name == replacing)
            continue;
        if (entry.config.name == config.name)
            return tr("There is already an MCP server named \"%1\".").arg(config.name);
        // Their tools would share names (fs.x and fs_x both give fs_x__<tool>): the model could not tell them apart.
        if (McpToolProvider::modelSafeName(entry.config.name, {}) == prefix)
            return tr("The MCP server \"%1\" would give its tools the same names as the server \"%2\".")
                .arg(config.name, entry.config.name);
    }
    return {};
}

bool McpServers::edit(const QString &name, const McpServerConfig &config,
    const QList<QPair<QString, QString>> &headerValues, QString *error, KeychainDone done)
{
    Entry *entry = find(name);
    const QString problem = entry ? check(config, name) : tr("There is no MCP server named \"%1\".").arg(name);
    if (!problem.isEmpty()) {
        if (error)
            *error = problem;
        return false;
    }
    McpServerConfig stored = config;
    stored.importedHeaders.clear();
    QList<QPair<QString, QString>> writes;
    for (const auto &[header, value] : headerValues) {
        if (!stored.headerNames.contains(header))
            stored.headerNames << header;
        if (!value.isEmpty())
            writes.append({ secretKey(stored.name, header), value });
    }
    // A renamed server's values move to their new keys; the in-memory copy (read when the servers were loaded) is
    // written there, and only a key nothing is written to is removed.
    const auto written = [&writes](const QString &key) {
        return std::any_of(writes.cbegin(), writes.cend(), [&key](const auto &pair) { return pair.first == key; });
    };
    QSet<QString> unread; // the keychain has not answered yet: left where it is rather than lost
    for (const QString &header : std::as_const(stored.headerNames)) {
        const QString oldKey = secretKey(name, header);
        const QString newKey = secretKey(stored.name, header);
        if (newKey == oldKey || written(newKey) || !entry->config.headerNames.contains(header))
            continue;
        if (m_headerValues.contains(oldKey))
            writes.append({ newKey, m_headerValues.value(oldKey) });
        else
            unread.insert(oldKey);
    }
    QList<QPair<QString, QString>> secrets = writes;
    for (const QString &header : std::as_const(entry->config.headerNames)) {
        const QString oldKey = secretKey(name, header);
        const bool kept = (stored.name == name && stored.headerNames.contains(header)) || unread.contains(oldKey);
        if (!kept && !written(oldKey)) {
            m_headerValues.remove(oldKey);
            secrets.append({ oldKey, QString() });
        }
    }
    for (const auto &[key, value] : std::as_const(writes))
        m_headerValues.insert(key, value);
    writeSecrets(secrets, std::move(done));

    detach(*entry); // the old process ends; the new entry starts on its next use
    entry->config = stored;
    entry->state = stored.enabled ? State::Stopped : State::Disabled;
    entry->lastError.clear();
    if (stored.enabled)
        attach(*entry);
    const bool saved = save(error);
    Q_EMIT serversChanged();
    return saved;
}

bool McpServers::remove(const QString &name, QString *error, KeychainDone done)
{
    Entry *entry = find(name);
    if (!entry) {
        if (error)
            *error = tr("There is no MCP server named \"%1\".").arg(name);
        return false;
    }
    detach(*entry);
    QList<QPair<QString, QString>> secrets;
    for (const QString &header : std::as_const(entry->config.headerNames)) {
        m_headerValues.remove(secretKey(name, header));
        secrets.append({ secretKey(name, header), QString() });
    }
    writeSecrets(secrets, std::move(done));
    m_entries.removeIf([&name](const Entry &candidate) { return candidate.config.name == name; });
    const bool saved = save(error);
    Q_EMIT serversChanged();
    return saved;
}

bool McpServers::setEnabled(const QString &name, bool enabled, QString *error)
{
    Entry *entry = find(name);
    if (!entry) {
        if (error)
            *error = tr("There is no MCP server named \"%1\".").arg(name);
        return false;
    }
    if (entry->config.enabled == enabled)
        return true;
    entry->config.enabled = enabled;
    if (enabled) {
        entry->state = State::Stopped;
        attach(*entry);
    } else {
        detach(*entry);
        entry->state = State::Disabled;
    }
    const bool saved = save(error);
    Q_EMIT serversChanged();
    return saved;
}

void McpServers::start(const QString &name)
{
    Entry *entry = find(name);
    if (!entry || !entry->provider)
        return;
    const McpClient *client = entry->provider->client();
    if (client && (client->state() == McpClient::State::Ready || client->state() == McpClient::State::Starting))
        return;
    entry->state = State::Starting;
    entry->provider->ensureStarted();
    Q_EMIT serverChanged(name);
}

void McpServers::restart(const QString &name)
{
    Entry *entry = find(name);
    if (!entry || !entry->provider)
        return;
    McpToolProvider *provider = entry->provider;
    const McpClient *client = provider->client();
    if (!client || client->state() == McpClient::State::Closed) {
        start(name);
        return;
    }
    // Start again once the old process has gone, so two never run at once.
    connect(
        provider, &McpToolProvider::stopped, this, [this, name] { start(name); }, Qt::SingleShotConnection);
    provider->shutdown();
}

void McpServers::startAll(const QStringList &names)
{
    for (const QString &name : names)
        start(name);
}

bool McpServers::isStarting() const
{
    return std::any_of(
        m_entries.cbegin(), m_entries.cend(), [](const Entry &entry) { return entry.state == State::Starting; });
}

void McpServers::shutdownAll()
{
    for (const Entry &entry : std::as_const(m_entries))
        if (entry.provider)
            entry.provider->shutdown();
}

void McpServers::attach(Entry &entry)
{
    if (entry.provider || !m_catalog)
        return;
    auto provider = std::make_unique<McpToolProvider>(entry.config, m_network,
        [this](const QString &server, const QString &header) { return headerValue(server, header); });
    McpToolProvider *raw = provider.get();
    const QString name = entry.config.name;
    raw->setToolsChangedHandler([this, name] {
        if (m_catalog)
            m_catalog->refresh();
        Q_EMIT serverChanged(name);
    });
    connect(raw, &McpToolProvider::started, this, [this, name] {
        if (Entry *found = find(name)) {
            found->state = State::Running;
            found->lastError.clear();
        }
        Q_EMIT serverChanged(name);
    });
    connect(raw, &McpToolProvider::stopped, this, [this, name](const QString &reason) {
        if (Entry *found = find(name)) {
            found->state = reason.isEmpty() ? State::Stopped : State::Failed;
            found->lastError = reason;
        }
        Q_EMIT serverChanged(name);
    });
    if (!m_catalog->addProvider(std::move(provider)))
        return;
    entry.provider = raw;
}

void McpServers::detach(Entry &entry)
{
    if (!entry.provider)
        return;
    entry.provider->disconnect(this);
    entry.provider->setToolsChangedHandler({});
    entry.provider = nullptr;
    if (m_catalog)
        m_catalog->removeProvider(u"mcp:"_s + entry.config.name);
}

void McpServers::readHeaders(const McpServerConfig &config)
{
    // An imported file's values go to the keychain once; the file is written again without them (save()).
    QList<QPair<QString, QString>> imported;
    for (const auto &[header, value] : config.importedHeaders) {
        m_headerValues.insert(secretKey(config.name, header), value);
        imported.append({ secretKey(config.name, header), value });
    }
    writeSecrets(imported, {});
    if (!m_secrets.read)
        return;
    for (const QString &header : config.headerNames) {
        const QString key = secretKey(config.name, header);
        if (m_headerValues.contains(key))
            continue;
        m_secrets.read(key, [guard = QPointer<McpServers>(this), key](const QString &value) {
            if (guard && !value.isEmpty())
                guard->m_headerValues.insert(key, value);
        });
    }
}

void McpServers::writeSecrets(const QList<QPair<QString, QString>> &values, KeychainDone done)
{
    struct Pending
    {
        int left = 0;
        bool ok = true;
        KeychainDone done;
    };
    auto pending = std::make_shared<Pending>(Pending { int(values.size()), true, std::move(done) });
    auto finished = [pending](bool ok) {
        pending->ok = pending->ok && ok;
        if (--pending->left <= 0 && pending->done)
            std::exchange(pending->done, {})(pending->ok);
    };
    if (values.isEmpty() || !m_secrets.write || !m_secrets.remove) {
        pending->left = 0;
        finished(values.isEmpty());
        return;
    }
    for (const auto &[key, value] : values) {
        if (value.isEmpty())
            m_secrets.remove(key, finished);
        else
            m_secrets.write(key, value, finished);
    }
}

QString McpServers::headerValue(const QString &server, const QString &header) const
{
    return m_headerValues.value(secretKey(server, header));
}

bool McpServers::save(QString *error)
{
    QList<McpServerConfig> configs;
    for (const Entry &entry : std::as_const(m_entries))
        configs << entry.config;
    QDir().mkpath(QFileInfo(m_configPath).absolutePath());
    QSaveFile file(m_configPath);
    if (file.open(QIODevice::WriteOnly)
        && file.write(QJsonDocument(McpConfigFile::toJson(configs)).toJson(QJsonDocument::Indented)) >= 0
        && file.commit())
        return true;
    if (error)
        *error = tr("Cannot write the MCP servers file %1.").arg(QDir::toNativeSeparators(m_configPath));
    return false;
}

McpServers::Entry *McpServers::find(const QString &name)
{
    for (Entry &entry : m_entries)
        if (entry.config.name == name)
            return &entry;
    return nullptr;
}

const McpServers::Entry *McpServers::find(const QString &name) const
{
    for (const Entry &entry : m_entries)
        if (entry.config.name == name)
            return &entry;
    return nullptr;
}

} // namespace Tandem
