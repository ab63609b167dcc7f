#pragma once

#include "ApiTokens.h"
#include "StoreBase.h"

namespace Tandem {

/// @brief The per-agent tokens in the SQLite file (table `api_tokens`, migration 11): the board of a Tandem that
/// serves its own file beyond loopback.
class ApiTokenStore final : public StoreBase, public ApiTokens
{
public:
    using StoreBase::StoreBase;

    StoreResult add(const ApiToken &token) override;
    QList<ApiToken> all() override;
    StoreResult revoke(const QString &name) override;
    StoreResult markUsed(const QString &name, const QDateTime &when) override;
    QString lastError() const override { return StoreBase::lastError(); }
};

} // namespace Tandem
