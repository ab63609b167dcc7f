#include "McpServersViewModel.h"

#include "mcp/McpConfigFile.h"
#include "mcp/McpToolInfo.h"
#include "mcp/McpToolProvider.h"

#include <memory>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
constexpr qsizetype kMaxEvents = 200;
}

McpServersViewModel::McpServersViewModel(McpServers *servers, Secrets secrets, QObject *parent)
    : QObject(parent)
    , m_servers(servers)
    , m_secrets(std::move(secrets))
{
    if (m_servers) {
        connect(m_servers, &McpServers::serversChanged, this, [this] {
            reload();
            Q_EMIT listChanged();
        });
        connect(m_servers, &McpServers::serverChanged, this, &McpServersViewModel::onServerChanged);
    }
    reload();
    for (const Server &row : std::as_const(m_rows))
        checkSecrets(row.config);
}

McpServersViewModel::~McpServersViewModel() = default;

QString McpServersViewModel::secretKey(const QString &server, const QString &header)
{
    return McpServers::secretKey(server, header);
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

int McpServersViewModel::indexOf(const QString &name) const
{
    for (qsizetype i = 0; i < m_rows.size(); ++i)
        if (m_rows.at(i).config.name == name)
            return int(i);
    return -1;
}

QString McpServersViewModel::log(int row) const
{
    const QString name = m_rows.at(row).config.name;
    QString text = m_events.value(name).join(u'\n');
    const QString serverLog = m_servers ? m_servers->log(name) : QString();
    if (!serverLog.isEmpty())
        text += u"\n"_s + serverLog;
    return text;
}

bool McpServersViewModel::headerStored(const QString &server, const QString &header) const
{
    return m_storedHeaders.contains(secretKey(server, header));
}

McpServersViewModel::Server McpServersViewModel::rowFor(const McpServers::Server &server) const
{
    Server row { server.config, server.config.enabled, server.state, server.lastError, {} };
    if (m_servers && server.state == State::Running)
        for (const McpToolInfo &tool : m_servers->tools(server.config.name))
            row.tools << McpToolProvider::modelSafeName(server.config.name, tool.name);
    return row;
}

void McpServersViewModel::reload()
{
    m_rows.clear();
    if (!m_servers)
        return;
    for (const McpServers::Server &server : m_servers->servers())
        m_rows << rowFor(server);
}

void McpServersViewModel::onServerChanged(const QString &name)
{
    const int row = indexOf(name);
    const std::optional<McpServers::Server> server = m_servers ? m_servers->server(name) : std::nullopt;
    if (row < 0 || !server)
        return;
    const State before = m_rows.at(row).state;
    m_rows[row] = rowFor(*server);
    if (before != server->state && server->state == State::Running)
        note(name, tr("Started."));
    else if (before != server->state && server->state == State::Stopped)
        note(name, tr("Stopped."));
    else if (before != server->state && server->state == State::Failed)
        note(name, server->lastError);
    else
        Q_EMIT serverChanged(row);
}

void McpServersViewModel::note(const QString &name, const QString &event)
{
    QStringList &events = m_events[name];
    events << event;
    if (events.size() > kMaxEvents)
        events.remove(0, events.size() - kMaxEvents);
    if (const int row = indexOf(name); row >= 0)
        Q_EMIT serverChanged(row);
}

bool McpServersViewModel::save(
    const McpServerConfig &config, const QList<QPair<QString, QString>> &headerValues, const QString &previousName)
{
    if (!m_servers)
        return false;
    if (config.transport == McpServerConfig::Transport::Stdio && config.command.trimmed().isEmpty()) {
        m_lastError = tr("A local server needs a command to run.");
        return false;
    }
    if (config.transport == McpServerConfig::Transport::Http
        && (!config.url.isValid() || !config.url.scheme().startsWith("http"_L1))) {
        m_lastError = tr("An HTTP server needs an http:// or https:// address.");
        return false;
    }
    if (!previousName.isEmpty() && m_servers->server(previousName))
        return replace(config, headerValues, previousName);
    QList<QPair<QString, QString>> values;
    for (const auto &pair : headerValues)
        if (!pair.second.isEmpty())
            values << pair;
    McpServerConfig added = config;
    for (const auto &pair : headerValues)
        if (!added.headerNames.contains(pair.first))
            added.headerNames << pair.first;
    QString error;
    if (!m_servers->add(added, values, &error)) {
        m_lastError = error;
        return false;
    }
    // McpServers writes the values too, without an answer; this write says whether the keychain took them.
    for (const auto &[header, value] : values)
        storeSecret(added.name, header, value);
    return true;
}

bool McpServersViewModel::replace(
    const McpServerConfig &config, const QList<QPair<QString, QString>> &headerValues, const QString &previousName)
{
    // Changed in place: a header left empty keeps its stored value (moved to the new key on a rename), and no key is
    // removed and written again, so the keychain's answers cannot undo each other.
    QString error;
    const auto guard = QPointer<McpServersViewModel>(this);
    const bool edited = m_servers->edit(previousName, config, headerValues, &error, [guard, config](bool) {
        if (guard)
            guard->checkSecrets(config);
    });
    if (!edited) {
        m_lastError = error;
        return false;
    }
    if (previousName != config.name) {
        m_events.insert(config.name, m_events.take(previousName));
        for (auto it = m_storedHeaders.begin(); it != m_storedHeaders.end();)
            it = it->startsWith(secretKey(previousName, {})) ? m_storedHeaders.erase(it) : std::next(it);
    }
    for (const auto &[header, value] : headerValues)
        if (!value.isEmpty())
            storeSecret(config.name, header, value);
    return true;
}

bool McpServersViewModel::remove(const QString &name)
{
    QString error;
    if (!m_servers || !m_servers->remove(name, &error)) {
        m_lastError = error;
        return false;
    }
    for (auto it = m_storedHeaders.begin(); it != m_storedHeaders.end();)
        it = it->startsWith(secretKey(name, {})) ? m_storedHeaders.erase(it) : std::next(it);
    m_events.remove(name);
    return true;
}

void McpServersViewModel::setEnabled(const QString &name, bool enabled)
{
    QString error;
    if (m_servers && !m_servers->setEnabled(name, enabled, &error))
        m_lastError = error;
    // A server turned on starts at once, so the page shows whether it works.
    if (m_servers && enabled)
        m_servers->start(name);
}

void McpServersViewModel::restart(const QString &name)
{
    if (!m_servers)
        return;
    const std::optional<McpServers::Server> server = m_servers->server(name);
    if (server && (server->state == State::Running || server->state == State::Starting))
        note(name, tr("Restarted."));
    m_servers->restart(name);
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
