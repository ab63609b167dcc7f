#include "AppContext.h"

#include "agents/AgentCatalog.h"
#include "agents/EngineConfig.h"
#include "chat/EngineSettings.h"
#include "chat/LocalChatRepository.h"
#include "chat/LocalSettingsService.h"
#include "llm/NetworkAccess.h"
#include "mcp/McpConfigFile.h"
#include "mcp/McpServers.h"
#include "mcp/McpToolReadiness.h"
#include "storage/DataLocation.h"
#include "storage/Database.h"
#include "storage/SecretStore.h"
#include "tools/ToolCatalog.h"

#include <QEventLoop>
#include <QObject>

namespace Tandem {

AppContext::AppContext(const QString &dataDirOption)
    : m_dataDirOption(dataDirOption)
    , m_database(std::make_unique<Database>())
{ }

AppContext::~AppContext() = default;

bool AppContext::open(IntegrityCheck check)
{
    if (!m_database->open(databasePath()))
        return false;
    return check == IntegrityCheck::Deferred || !m_database->isCheckPending() || m_database->checkIntegrity();
}

Database &AppContext::database()
{
    return *m_database;
}

QString AppContext::dataFolder() const
{
    return DataLocation::folder(m_dataDirOption);
}

QString AppContext::databasePath() const
{
    return DataLocation::databasePath(m_dataDirOption);
}

QNetworkAccessManager *AppContext::network()
{
    if (!m_network) {
        m_networkOwner = std::make_unique<QObject>();
        m_network = NetworkAccess::createManager(m_networkOwner.get());
    }
    return m_network;
}

SecretStore &AppContext::secrets()
{
    if (!m_secrets)
        m_secrets = std::make_unique<SecretStore>();
    return *m_secrets;
}

ToolCatalog &AppContext::tools()
{
    if (!m_tools)
        m_tools = ToolCatalog::withBuiltins();
    return *m_tools;
}

McpServers &AppContext::mcpServers()
{
    if (!m_mcpServers) {
        SecretStore *store = &secrets();
        McpServers::Secrets keychain;
        keychain.read = [store](const QString &key, std::function<void(const QString &)> done) {
            store->read(key, [done = std::move(done)](const SecretStore::Result &result) {
                done(result.ok() ? result.secret : QString());
            });
        };
        keychain.write = [store](const QString &key, const QString &value, std::function<void(bool)> done) {
            store->write(key, value, [done = std::move(done)](const SecretStore::Result &result) {
                if (done)
                    done(result.ok());
            });
        };
        keychain.remove = [store](const QString &key, std::function<void(bool)> done) {
            store->remove(key, [done = std::move(done)](const SecretStore::Result &result) {
                // Nothing stored under the key is what removing it wanted.
                if (done)
                    done(result.status != SecretStore::Result::Status::Failed);
            });
        };
        m_mcpServers = std::make_unique<McpServers>(&tools(), network(), keychain, McpConfigFile::defaultPath());
        m_mcpServers->load();
    }
    return *m_mcpServers;
}

void AppContext::startMcpServers(const EngineConfig &config, bool wait)
{
    QStringList allowed;
    const AgentCatalog catalog(config.agentsFolder);
    for (const Agent &agent : catalog.agents())
        allowed << agent.allowedTools;
    McpServers &servers = mcpServers();
    servers.startAll(McpServers::serversIn(allowed));
    if (!wait || !servers.isStarting())
        return;
    QEventLoop loop;
    QObject::connect(&servers, &McpServers::serverChanged, &loop, [&servers, &loop] {
        if (!servers.isStarting())
            loop.quit();
    });
    loop.exec();
}

LocalSettingsService &AppContext::settings()
{
    if (!m_settings) {
        m_settings = std::make_unique<LocalSettingsService>(&m_database->work(), &secrets(), network());
        m_settings->setToolCatalog(&tools());
    }
    return *m_settings;
}

EngineConfig AppContext::engineConfig(bool stored) const
{
    EngineConfig config;
    if (stored)
        EngineSettings::applyTo(config);
    config.agentsFolder = AgentCatalog::userFolder();
    return config;
}

LocalChatRepository &AppContext::makeRepository(const EngineConfig &config, SecretStore *secrets)
{
    Q_ASSERT(!m_repository); // one engine per process
    mcpServers(); // the configured servers' tools join the catalog the engine reads
    m_repository
        = std::make_unique<LocalChatRepository>(m_database->work(), network(), secrets, &tools().registry(), config);
    m_mcpReadiness = std::make_unique<McpToolReadiness>(m_mcpServers.get());
    m_repository->setToolReadiness(m_mcpReadiness.get());
    return *m_repository;
}

LocalChatRepository *AppContext::repository() const
{
    return m_repository.get();
}

} // namespace Tandem
