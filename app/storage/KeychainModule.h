#pragma once

#include <QString>

namespace Tandem {

class KeychainBackend;

/// @brief Loads tandem-keychain.so (app/keychain) on first use: SecretStore's way to the OS keychain.
///
/// Looked for beside the executable (the build tree), in the private library folder once installed (as tandem-cli
/// finds tandem-commands.so), and where the build wrote it (the tests and benchmarks, which run from other folders).
class KeychainModule final
{
public:
    /// @brief The process's keychain backend, the module loaded at the first call; null if it cannot be loaded, with
    /// the reason in @p problem.
    static KeychainBackend *backend(QString *problem);
    /// @brief Whether this process has loaded the module (tests: a process that reads no key never does).
    static bool isLoaded();
};

} // namespace Tandem
