#include "QtKeychainBackend.h"

#include <QObject>

#if defined(Q_OS_UNIX) && !defined(Q_OS_DARWIN)
#include <QDBusConnection>
#include <QDBusConnectionInterface>
#endif

#include <qt6keychain/keychain.h>

namespace Tandem {

namespace {
KeychainAnswer answerOf(QKeychain::Job *job, KeychainBackend::Operation operation)
{
    KeychainAnswer answer;
    answer.errorString = job->errorString();
    switch (job->error()) {
    case QKeychain::NoError:
        answer.kind = KeychainAnswer::Kind::Ok;
        answer.errorString.clear();
        if (operation == KeychainBackend::Operation::Read)
            answer.secret = static_cast<QKeychain::ReadPasswordJob *>(job)->textData();
        break;
    case QKeychain::EntryNotFound:
        answer.kind = KeychainAnswer::Kind::NotFound;
        break;
    case QKeychain::NoBackendAvailable:
        answer.kind = KeychainAnswer::Kind::NoBackend;
        break;
    case QKeychain::OtherError:
        answer.kind = KeychainAnswer::Kind::NotAnswering;
        break;
    case QKeychain::AccessDeniedByUser:
    case QKeychain::AccessDenied:
        answer.kind = KeychainAnswer::Kind::Denied;
        break;
    case QKeychain::CouldNotDeleteEntry:
    case QKeychain::NotImplemented:
        answer.kind = KeychainAnswer::Kind::Failed;
        break;
    }
    return answer;
}
} // namespace

void QtKeychainBackend::start(
    Operation operation, const QString &service, const QString &key, const QString &secret, QObject *context, Done done)
{
    QKeychain::Job *job = nullptr;
    switch (operation) {
    case Operation::Read:
        job = new QKeychain::ReadPasswordJob(service, context);
        break;
    case Operation::Write: {
        auto *writeJob = new QKeychain::WritePasswordJob(service, context);
        writeJob->setTextData(secret);
        job = writeJob;
        break;
    }
    case Operation::Remove:
        job = new QKeychain::DeletePasswordJob(service, context);
        break;
    }
    job->setAutoDelete(true);
    job->setInsecureFallback(false); // never a plaintext file
    job->setKey(key);
    QObject::connect(job, &QKeychain::Job::finished, context,
        [operation, done = std::move(done)](QKeychain::Job *finished) { done(answerOf(finished, operation)); });
    job->start();
}

// QtKeychain reports a missing Secret Service as OtherError ("Could not connect ..."), so "there is no keychain"
// is asked of the session bus itself: no bus, or no Secret Service registered or activatable on it.
bool QtKeychainBackend::serviceExists(KeychainAnswer::Kind failure)
{
    if (failure == KeychainAnswer::Kind::NoBackend)
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

} // namespace Tandem

extern "C" __attribute__((visibility("default"))) Tandem::KeychainBackend *tandem_keychain_backend()
{
    static Tandem::QtKeychainBackend backend;
    return &backend;
}
