#pragma once

#include "BoardOpenFailure.h"
#include "BoardUrl.h"

#include <QSqlDatabase>
#include <QString>

class QSqlError;

namespace Tandem {

/// @brief One QPSQL connection to a team board (storage-internal): the driver's settings from a BoardUrl, what a
/// failure to connect means (BoardOpenFailure), and whether a failed statement lost the connection, so that the board
/// and its change feed reconnect instead of failing for good.
class PostgresConnection final
{
public:
    /// @brief Opens a connection named @p name to @p url with @p password (empty: none); an invalid QSqlDatabase, its
    /// name already removed, with *@p failure and *@p error saying why otherwise.
    static QSqlDatabase open(
        const BoardUrl &url, const QString &password, const QString &name, BoardOpenFailure *failure, QString *error);
    /// @brief Closes the connection @p name and removes it from Qt's list.
    static void close(const QString &name);
    /// @brief A new connection name, unique in this process, starting with @p prefix.
    static QString nextName(const QString &prefix);
    /// @brief What libpq's message @p text, from a failed connect, means.
    static BoardOpenFailure failureOf(const QString &text);
    /// @brief True if @p error says the server ended the connection or can no longer be reached (the backend was
    /// terminated, the server restarted, the network dropped).
    static bool isConnectionLost(const QSqlError &error);
};

} // namespace Tandem
