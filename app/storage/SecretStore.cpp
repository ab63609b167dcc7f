#include "SecretStore.h"

#include "KeychainBackend.h"
#include "KeychainModule.h"
#include "Statement.h"
#include "domain/Logging.h"

#include <QPointer>
#include <QTimer>

#include <utility>

namespace Tandem {

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

    QString problem;
    KeychainBackend *keychain = KeychainModule::backend(&problem);
    if (!keychain) {
        // An installation without its keychain module: said as a failure, never a fallback to memory or a file.
        QTimer::singleShot(0, this, [=, this] {
            Result result;
            result.errorString = tr("The system keychain failed: %1").arg(problem);
            if (!std::exchange(m_failing, true))
                qCWarning(lcSecrets) << "the keychain module cannot be loaded:" << problem;
            finish(operation, key, result, done);
        });
        return;
    }
    const auto backendOperation = operation == Operation::Read ? KeychainBackend::Operation::Read
        : operation == Operation::Write                        ? KeychainBackend::Operation::Write
                                                               : KeychainBackend::Operation::Remove;
    keychain->start(backendOperation, m_service, key, secret, this, [=, this](const KeychainAnswer &answer) {
        Result result;
        if (answer.kind == KeychainAnswer::Kind::Ok || answer.kind == KeychainAnswer::Kind::NotFound) {
            m_keychainAnswered = true;
            if (std::exchange(m_failing, false))
                qCInfo(lcSecrets) << "the keychain answers again";
        }
        switch (answer.kind) {
        case KeychainAnswer::Kind::Ok:
            result.status = Result::Status::Ok;
            result.secret = answer.secret;
            break;
        case KeychainAnswer::Kind::NotFound:
            result.status = operation == Operation::Remove ? Result::Status::Ok : Result::Status::NotFound;
            break;
        case KeychainAnswer::Kind::NoBackend:
        case KeychainAnswer::Kind::NotAnswering:
            if (!retried) {
                if (!m_failing)
                    qCInfo(lcSecrets) << "keychain did not answer, trying once more:" << answer.errorString;
                QTimer::singleShot(m_retryDelayMs, this, [=, this] { start(operation, key, secret, done, true); });
                return;
            }
            if (!m_keychainAnswered && !keychain->serviceExists(answer.kind)) {
                qCWarning(lcSecrets) << "no keychain available; keys stay in memory:" << answer.errorString;
                m_memoryOnly = true;
                Q_EMIT persistenceChanged(false);
                runInMemory(operation, key, secret, done);
                return;
            }
            result.errorString = tr("The system keychain failed: %1").arg(answer.errorString);
            break;
        case KeychainAnswer::Kind::Denied:
            result.errorString = tr("Access to the system keychain was denied: %1").arg(answer.errorString);
            break;
        case KeychainAnswer::Kind::Failed:
            result.errorString = tr("The system keychain failed: %1").arg(answer.errorString);
            break;
        }
        // A keychain that keeps failing (a poller asks every few seconds) is reported once, and its recovery once.
        if (result.status == Result::Status::Failed && !std::exchange(m_failing, true))
            qCWarning(lcSecrets) << "keychain operation failed for" << key << ":" << answer.errorString;
        finish(operation, key, result, done);
    });
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
