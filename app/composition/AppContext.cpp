#include "AppContext.h"

#include "agents/AgentCatalog.h"
#include "agents/EngineConfig.h"
#include "chat/EngineSettings.h"
#include "chat/LocalChatRepository.h"
#include "chat/LocalSettingsService.h"
#include "llm/NetworkAccess.h"
#include "storage/DataLocation.h"
#include "storage/Database.h"
#include "storage/SecretStore.h"
#include "tools/ToolCatalog.h"

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
    m_repository
        = std::make_unique<LocalChatRepository>(m_database->work(), network(), secrets, &tools().registry(), config);
    return *m_repository;
}

LocalChatRepository *AppContext::repository() const
{
    return m_repository.get();
}

} // namespace Tandem
