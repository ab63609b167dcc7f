#pragma once

#include "StoreBase.h"
#include "domain/ProviderProfile.h"

#include <QList>

#include <optional>

namespace Tandem {

/// @brief Provider profiles. Never holds a key: those are in SecretStore.
class ProviderStore : public StoreBase
{
public:
    using StoreBase::StoreBase;

    /// @brief Inserts or replaces @p profile. Refuses (false, lastError()) a base URL that carries a secret: user
    /// info or a key-like query parameter (UrlSecrets).
    StoreResult save(const ProviderProfile &profile);
    std::optional<ProviderProfile> get(const QString &id);
    QList<ProviderProfile> list();
    StoreResult remove(const QString &id);
};

} // namespace Tandem
