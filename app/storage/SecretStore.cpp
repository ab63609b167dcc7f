#include "SecretStore.h"

#include "Statement.h"
#include "domain/Logging.h"

#include <QPointer>
#include <QTimer>

#include <utility>

#if defined(Q_OS_UNIX) && !defined(Q_OS_DARWIN)
#include <QDBusConnection>
#include <QDBusConnectionInterface>
#endif

#include <qt6keychain/keychain.h>

namespace Tandem {

namespace {
// QtKeychain reports a missing Secret Service as OtherError ("Could not connect ..."), so "there is no keychain"
// is asked of the session bus itself: no bus, or no Secret Service registered or activatable on it.
bool keychainServiceExists(QKeychain::Error error)
{
    if (error == QKeychain::NoBackendAvailable)
        return false;
#if defined(Q_OS_UNIX) && !defined(Q_OS_DARWIN)
    QDBusConnection bus = QDBusConnection::sessionBus();
    if (!bus.isConnected() || !bus.interface())
        return false;
    const QString secrets = QStringLiteral("org.freedesktop.secrets");
    const QString kwallet = QStringLiteral("org.kde.kwalletd6");
    const QString kwallet5 = QStringLiteral("org.kde.kwalletd5");
    for (const QString &name : { secrets, kwallet, kwallet5 }) {
        if (bus.interface()->isServiceRegistered(name).value())
            return true;
    }
    const QStringList activatable = bus.interface()->activatableServiceNames().value();
    return activatable.contains(secrets) || activatable.contains(kwallet) || activatable.contains(kwallet5);
#else
    return true;
#endif
}
} // namespace

SecretStore::SecretStore(const QString &service, QObject *parent)
    : QObject(parent)
    , m_service(service)
{ }

SecretStore::~SecretStore() = default;

void SecretStore::read(const QString &providerId, Callback done)
{
    start(Operation::Read, providerId, {}, done, false);
}

void SecretStore::write(const QString &providerId, const QString &secret, Callback done)
{
    start(Operation::Write, providerId, secret, done, false);
}

void SecretStore::remove(const QString &providerId, Callback done)
{
    start(Operation::Remove, providerId, {}, done, false);
}

QString SecretStore::persistenceNotice() const
{
    return m_memoryOnly ? tr("No system keychain is available: API keys are kept in memory until Tandem quits "
                             "and must be entered again next time.")
                        : QString();
}

void SecretStore::start(
    Operation operation, const QString &key, const QString &secret, const Callback &done, bool retried)
{
    if (m_memoryOnly) {
        // Answer asynchronously like the keychain does, so callers see one behaviour.
        QTimer::singleShot(0, this, [=, this] { runInMemory(operation, key, secret, done); });
        return;
    }

    QKeychain::Job *job = nullptr;
    switch (operation) {
    case Operation::Read:
        job = new QKeychain::ReadPasswordJob(m_service, this);
        break;
    case Operation::Write: {
        auto *writeJob = new QKeychain::WritePasswordJob(m_service, this);
        writeJob->setTextData(secret);
        job = writeJob;
        break;
    }
    case Operation::Remove:
        job = new QKeychain::DeletePasswordJob(m_service, this);
        break;
    }
    job->setAutoDelete(true);
    job->setInsecureFallback(false); // never a plaintext file
    job->setKey(key);

    connect(job, &QKeychain::Job::finished, this, [=, this](QKeychain::Job *finished) {
        Result result;
        const QKeychain::Error error = finished->error();
        if (error == QKeychain::NoError || error == QKeychain::EntryNotFound) {
            m_keychainAnswered = true;
            if (std::exchange(m_failing, false))
                qCInfo(lcSecrets) << "the keychain answers again";
        }
        switch (error) {
        case QKeychain::NoError:
            result.status = Result::Status::Ok;
            if (operation == Operation::Read)
                result.secret = static_cast<QKeychain::ReadPasswordJob *>(finished)->textData();
            break;
        case QKeychain::EntryNotFound:
            result.status = operation == Operation::Remove ? Result::Status::Ok : Result::Status::NotFound;
            break;
        case QKeychain::NoBackendAvailable:
        case QKeychain::OtherError:
            if (!retried) {
                if (!m_failing)
                    qCInfo(lcSecrets) << "keychain did not answer, trying once more:" << finished->errorString();
                QTimer::singleShot(m_retryDelayMs, this, [=, this] { start(operation, key, secret, done, true); });
                return;
            }
            if (!m_keychainAnswered && !keychainServiceExists(finished->error())) {
                qCWarning(lcSecrets) << "no keychain available; keys stay in memory:" << finished->errorString();
                m_memoryOnly = true;
                Q_EMIT persistenceChanged(false);
                runInMemory(operation, key, secret, done);
                return;
            }
            result.errorString = tr("The system keychain failed: %1").arg(finished->errorString());
            break;
        case QKeychain::AccessDeniedByUser:
        case QKeychain::AccessDenied:
            result.errorString = tr("Access to the system keychain was denied: %1").arg(finished->errorString());
            break;
        case QKeychain::CouldNotDeleteEntry:
        case QKeychain::NotImplemented:
            result.errorString = tr("The system keychain failed: %1").arg(finished->errorString());
            break;
        }
        // A keychain that keeps failing (a poller asks every few seconds) is reported once, and its recovery once.
        if (result.status == Result::Status::Failed && !std::exchange(m_failing, true))
            qCWarning(lcSecrets) << "keychain operation failed for" << key << ":" << finished->errorString();
        finish(operation, key, result, done);
    });
    job->start();
}

void SecretStore::runInMemory(Operation operation, const QString &key, const QString &secret, const Callback &done)
{
    Result result;
    result.status = Result::Status::Ok;
    switch (operation) {
    case Operation::Read:
        if (auto it = m_memory.constFind(key); it != m_memory.cend())
            result.secret = *it;
        else
            result.status = Result::Status::NotFound;
        break;
    case Operation::Write:
        m_memory.insert(key, secret);
        break;
    case Operation::Remove:
        m_memory.remove(key);
        break;
    }
    finish(operation, key, result, done);
}

void SecretStore::finish(Operation operation, const QString &key, const Result &result, const Callback &done)
{
    QPointer<SecretStore> self(this); // the callback may end the store
    done(result);
    if (self && result.ok() && operation != Operation::Read)
        Q_EMIT self->secretChanged(key);
}

} // namespace Tandem
