#pragma once

#include "FuzzTargets.h"

#include <cstddef>
#include <cstdint>

namespace Tandem {

/// @brief What every libFuzzer target in tests/fuzz does around its FuzzTargets function.
class FuzzEntry
{
public:
    /// @brief Once per process: a QCoreApplication, and the app's log output dropped (it would cost more than the
    /// parsing and hide libFuzzer's own lines); fatal messages still reach stderr.
    static int initialize(int *argc, char ***argv);
    /// @brief Runs @p target on one input; a broken promise is printed and aborts, so libFuzzer keeps the input.
    static int run(FuzzTargets::Target target, const std::uint8_t *data, std::size_t size);
};

} // namespace Tandem
