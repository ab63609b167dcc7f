#pragma once

#include <QString>

#include <functional>

class QObject;

namespace Tandem {

/// @brief What the keychain answered to one operation, in the terms SecretStore decides on.
struct KeychainAnswer
{
    enum class Kind {
        Ok,
        NotFound,
        NoBackend, ///< no keychain library or service at all
        NotAnswering, ///< the keychain did not answer (it may be starting): worth one retry
        Denied,
        Failed,
    };
    Kind kind = Kind::Failed;
    QString secret; ///< the key, for a successful read
    QString errorString;
};

/// @brief The OS keychain (QtKeychain over D-Bus) behind SecretStore, in the module tandem-keychain.so (app/keychain).
///
/// SecretStore loads the module at its first key operation (storage/KeychainModule), so that a process that reads
/// no key maps neither QtKeychain nor QtDBus, libdbus, libsystemd and libgcrypt (about 1.4 MiB and their load time;
/// docs/architecture.md, "Performance budgets").
class KeychainBackend
{
public:
    enum class Operation { Read, Write, Remove };
    using Done = std::function<void(const KeychainAnswer &)>;

    virtual ~KeychainBackend() = default;

    /// @brief Starts @p operation on @p key of @p service; @p done runs later on this thread, unless @p context ended.
    virtual void start(Operation operation, const QString &service, const QString &key, const QString &secret,
        QObject *context, Done done)
        = 0;
    /// @brief Whether a Secret Service exists at all (asked of the session bus), after a NoBackend or NotAnswering.
    virtual bool serviceExists(KeychainAnswer::Kind failure) = 0;
};

/// The module's one exported function: the process's backend, made once and kept until the process ends.
using KeychainBackendEntry = KeychainBackend *(*)();
inline constexpr const char kKeychainBackendEntry[] = "tandem_keychain_backend";

} // namespace Tandem
