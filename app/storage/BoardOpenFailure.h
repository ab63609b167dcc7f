#pragma once

namespace Tandem {

/// @brief Why a team board could not be opened, so that `tandem serve --board` says what to do about it and exits with
/// the code that fits (storage-internal meaning, no driver types).
enum class BoardOpenFailure {
    None,
    DriverMissing, ///< Qt's PostgreSQL driver (libqt6sql6-psql) is not installed
    Unreachable, ///< no server answers at the URL's host and port (or socket)
    PasswordNeeded, ///< the server asks for a password and the keychain holds none for the board
    PasswordWrong, ///< the server refused the password (or the user)
    Ssl, ///< the URL's sslmode could not be met
    Schema, ///< connected, but the board's tables could not be made or are newer than this Tandem
    Other,
};

} // namespace Tandem
