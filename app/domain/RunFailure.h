#pragma once

#include <QMetaType>

namespace Tandem {

/// @brief What made a run fail (RunOutcome::Failed): the model provider, or this machine.
enum class RunFailure {
    Provider, ///< the network, an HTTP error, a refused key, a broken stream
    Storage, ///< the database or the keychain could not be read or written
    Setup, ///< the conversation has no provider, or names an agent that does not exist
};

} // namespace Tandem

Q_DECLARE_METATYPE(Tandem::RunFailure)
