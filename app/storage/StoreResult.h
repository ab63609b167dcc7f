#pragma once

#include "StoreError.h"

#include <optional>

namespace Tandem {

/// @brief The outcome of a store's write: success, or the StoreError that stopped it. Tests true on success, so a
/// caller that only needs to know whether it worked reads it as before (`if (!store.create(row))`).
class StoreResult final
{
public:
    /// @brief Success.
    StoreResult() = default;
    StoreResult(StoreError error)
        : m_error(std::move(error))
    { }

    bool ok() const { return !m_error; }
    explicit operator bool() const { return ok(); }
    /// @brief The error; only when !ok().
    const StoreError &error() const { return *m_error; }

private:
    std::optional<StoreError> m_error;
};

} // namespace Tandem
