#include "KeychainModule.h"

#include "KeychainBackend.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QLibrary>

#include <atomic>

namespace Tandem {

namespace {
struct Loaded
{
    KeychainBackend *backend = nullptr;
    QString problem;
};

QStringList candidates()
{
    const QString name = QStringLiteral("tandem-keychain.so");
    const QString own = QCoreApplication::applicationDirPath();
    // Beside the executable (the build tree, where the tests' and benchmarks' folders get a copy), or in the private
    // library folder of an installed package. Never a path of the machine that built it.
    if (own.isEmpty())
        return {};
    return { own + u'/' + name, own + QStringLiteral("/" TANDEM_KEYCHAIN_INSTALL_RELATIVE "/") + name };
}

Loaded load()
{
    Loaded state;
    state.problem = QStringLiteral("tandem-keychain.so is not installed");
    for (const QString &path : candidates()) {
        if (!QFileInfo::exists(path))
            continue;
        QLibrary library(path);
        if (const auto entry = reinterpret_cast<KeychainBackendEntry>(library.resolve(kKeychainBackendEntry))) {
            state.backend = entry(); // the library stays loaded: QLibrary unloads only on unload()
            return state;
        }
        state.problem = library.errorString();
    }
    return state;
}

std::atomic<bool> &wasLoaded()
{
    static std::atomic<bool> flag = false;
    return flag;
}

/// Loaded once, at the first call from any thread (a function's static is initialised once).
const Loaded &loaded()
{
    static const Loaded state = [] {
        Loaded result = load();
        wasLoaded() = result.backend != nullptr;
        return result;
    }();
    return state;
}
} // namespace

KeychainBackend *KeychainModule::backend(QString *problem)
{
    const Loaded &state = loaded();
    if (!state.backend && problem)
        *problem = state.problem;
    return state.backend;
}

bool KeychainModule::isLoaded()
{
    return wasLoaded();
}

} // namespace Tandem
