#pragma once

#include "domain/ProviderProfile.h"

#include <QMetaType>

Q_DECLARE_METATYPE(Tandem::ProviderProfile::Protocol)

namespace Tandem::Test {

/// @brief The data rows of a test run once per provider protocol: a `protocol` column, rows "responses" and "chat".
class ProtocolRows final
{
public:
    /// @brief Adds the column and the two rows to the current test's data; call it from a `_data()` function.
    static void add();
};

} // namespace Tandem::Test
