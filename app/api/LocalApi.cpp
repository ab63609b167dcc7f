#include "LocalApi.h"

#include "api/ApiListen.h"
#include "api/ApiServer.h"
#include "chat/LocalChatRepository.h"
#include "domain/Logging.h"
#include "storage/SecretStore.h"

#include <QCryptographicHash>
#include <QDir>
#include <QHostAddress>
#include <QRandomGenerator>
#include <QSettings>
#include <QTcpServer>
#include <QTimer>

#include <utility>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
const QString kEnabledKey = u"localApi/enabled"_s;
const QString kPortKey = u"localApi/port"_s;
} // namespace

LocalApi::LocalApi(LocalChatRepository &repository, SecretStore &secrets, const QString &profileFolder, QObject *parent)
    : QObject(parent)
    , m_repository(repository)
    , m_secrets(&secrets)
    , m_tokenKey(tokenKeyFor(profileFolder))
    , m_server(new ApiServer(repository, this))
    , m_tokenRefresh(new QTimer(this))
{
    // Only the slow look finds a token another process (the window beside `tandem serve`) wrote: QtKeychain announces
    // no change, and a backend may have none to announce. A write or delete of this process's store is taken at once.
    m_tokenRefresh->setInterval(kDefaultTokenRefreshMs);
    connect(m_tokenRefresh, &QTimer::timeout, this, &LocalApi::refreshToken);
    connect(&secrets, &SecretStore::secretChanged, this, &LocalApi::tokenChangedHere);
}

LocalApi::~LocalApi()
{
    if (m_server->isListening())
        setDashboardUrl({});
}

QString LocalApi::tokenKeyFor(const QString &profileFolder)
{
    // Provider ids are slugs ([a-z0-9-]); the colon keeps this key out of their way.
    const QByteArray folder = QDir::cleanPath(QDir(profileFolder).absolutePath()).toUtf8();
    return u"local-api-token:"_s
        + QString::fromLatin1(QCryptographicHash::hash(folder, QCryptographicHash::Sha256).toHex().left(16));
}

QString LocalApi::newToken()
{
    QByteArray bytes(32, Qt::Uninitialized);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(bytes.data()), bytes.size() / 4);
    return QString::fromLatin1(bytes.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

quint16 LocalApi::freePort()
{
    QTcpServer probe;
    return probe.listen(QHostAddress::LocalHost, 0) ? probe.serverPort() : 0;
}

bool LocalApi::enabledInSettings()
{
    return QSettings().value(kEnabledKey, false).toBool();
}

void LocalApi::setEnabledInSettings(bool enabled)
{
    QSettings().setValue(kEnabledKey, enabled);
}

quint16 LocalApi::portInSettings()
{
    const int port = QSettings().value(kPortKey, 0).toInt();
    return port > 0 && port <= 65535 ? quint16(port) : 0;
}

void LocalApi::setPortInSettings(quint16 port)
{
    QSettings().setValue(kPortKey, port);
}

void LocalApi::start(quint16 port)
{
    ApiListen where;
    where.port = port;
    start(where);
}

void LocalApi::start(const ApiListen &where)
{
    const int generation = ++m_generation;
    readToken([this, generation, where](const QString &token, const QString &error) {
        if (generation != m_generation)
            return;
        m_tokenFailed = token.isEmpty();
        if (token.isEmpty()) {
            m_error = tr("The local API's token could not be read from the keychain: %1").arg(error);
            Q_EMIT failed(m_error);
            return;
        }
        m_server->setToken(token);
        if (!m_server->listen(where)) {
            m_error = m_server->errorString();
            setDashboardUrl({});
            Q_EMIT failed(m_error);
            return;
        }
        m_error.clear();
        setDashboardUrl(m_server->url());
        m_tokenRefresh->start();
        Q_EMIT started(m_server->url());
    });
}

void LocalApi::stop()
{
    ++m_generation;
    m_tokenRefresh->stop();
    if (!m_server->isListening())
        return;
    m_server->close();
    setDashboardUrl({});
    Q_EMIT stopped();
}

bool LocalApi::isRunning() const
{
    return m_server->isListening();
}

QString LocalApi::url() const
{
    return m_server->url();
}

quint16 LocalApi::port() const
{
    return m_server->port();
}

void LocalApi::readToken(TokenCallback done)
{
    if (!m_secrets) {
        done({}, tr("there is no keychain."));
        return;
    }
    QPointer<LocalApi> self(this);
    m_secrets->read(m_tokenKey, [self, done](const SecretStore::Result &result) {
        if (!self)
            return;
        if (result.ok() && !result.secret.isEmpty()) {
            done(result.secret, {});
            return;
        }
        if (result.status == SecretStore::Result::Status::Failed) {
            done({}, result.errorString);
            return;
        }
        self->regenerateToken(done); // none yet: this profile's first
    });
}

void LocalApi::regenerateToken(TokenCallback done)
{
    if (!m_secrets) {
        done({}, tr("there is no keychain."));
        return;
    }
    const QString token = newToken();
    ++m_tokenWrites; // a look at the keychain begun before this write must not bring the old token back
    QPointer<LocalApi> self(this);
    m_secrets->write(m_tokenKey, token, [self, token, done](const SecretStore::Result &result) {
        if (!self)
            return;
        ++self->m_tokenWrites;
        if (!result.ok()) {
            done({}, result.errorString);
            return;
        }
        self->m_server->setToken(token);
        if (self->m_server->isListening())
            self->setDashboardUrl(self->m_server->url()); // the outside agents started from now on get the new token
        // Where it went, truly: without a keychain the token lives in this process's memory only.
        if (self->m_secrets && self->m_secrets->isPersistent())
            qCInfo(lcApi) << "a new local API token was stored in the keychain";
        else
            qCInfo(lcApi) << "a new local API token is kept in memory for this run only: there is no keychain";
        done(token, {});
    });
}

int LocalApi::tokenRefreshInterval() const
{
    return m_tokenRefresh->interval();
}

void LocalApi::setTokenRefreshInterval(int milliseconds)
{
    m_tokenRefresh->setInterval(qMax(1, milliseconds));
}

void LocalApi::tokenChangedHere(const QString &key)
{
    if (key != m_tokenKey)
        return;
    ++m_tokenWrites; // a look begun before the change may have read the old token: it is dropped
    if (m_refreshing)
        m_refreshAgain = true;
    else
        refreshToken();
}

void LocalApi::refreshToken()
{
    // One look at a time: a keychain slower than the interval would otherwise pile reads up.
    if (!m_secrets || !m_server->isListening() || m_refreshing)
        return;
    m_refreshing = true;
    const int generation = m_generation;
    const int writes = m_tokenWrites;
    QPointer<LocalApi> self(this);
    m_secrets->read(m_tokenKey, [self, generation, writes](const SecretStore::Result &result) {
        if (!self)
            return;
        self->m_refreshing = false;
        if (std::exchange(self->m_refreshAgain, false))
            QTimer::singleShot(0, self.data(), &LocalApi::refreshToken);
        // A keychain that cannot be read right now (restarting, locked) leaves the last good token as it is; one that
        // says there is none revokes it.
        const bool failed = result.status == SecretStore::Result::Status::Failed;
        if (failed != self->m_keychainFailing) {
            self->m_keychainFailing = failed;
            if (failed)
                qCWarning(lcApi) << "the keychain cannot be read; the local API keeps its token until it can";
            else
                qCInfo(lcApi) << "the keychain can be read again";
        }
        if (failed || generation != self->m_generation || writes != self->m_tokenWrites
            || !self->m_server->isListening())
            return;
        const QString token = result.ok() ? result.secret : QString();
        if (self->m_server->setToken(token)) {
            qCInfo(lcApi) << (token.isEmpty() ? "the local API token was removed from the keychain: every request is "
                                                "refused"
                                              : "the local API token changed in the keychain: the old one is refused");
            // The outside agents started from now on get the new token.
            self->setDashboardUrl(self->m_server->url());
        }
    });
}

void LocalApi::setDashboardUrl(const QString &url)
{
    EngineConfig config = m_repository.engineConfig();
    config.dashboardUrl = url;
    config.apiToken = url.isEmpty() ? QString() : m_server->token();
    m_repository.setEngineConfig(config);
}

} // namespace Tandem
