#pragma once

#include "storage/KeychainBackend.h"

namespace Tandem {

/// @brief KeychainBackend on QtKeychain (the Secret Service, KWallet): the module tandem-keychain.so.
class QtKeychainBackend final : public KeychainBackend
{
public:
    void start(Operation operation, const QString &service, const QString &key, const QString &secret, QObject *context,
        Done done) override;
    bool serviceExists(KeychainAnswer::Kind failure) override;
};

} // namespace Tandem
