#pragma once

#include <QString>

namespace Tandem::Test {

class PostgresCluster;

/// @brief Stops and starts again the server of a running PostgresCluster, for the tests of a board that goes away
/// and comes back: the same data folder, the same socket.
class PostgresServerSwitch final
{
public:
    /// @brief Stops the server of @p cluster (`pg_ctl stop -m immediate`: connections drop as in a crash).
    static bool stop(const PostgresCluster &cluster, QString *error);
    /// @brief Starts it again on the same socket, as PostgresCluster::start() did.
    static bool start(const PostgresCluster &cluster, QString *error);
};

} // namespace Tandem::Test
