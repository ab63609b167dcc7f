#pragma once

#include <QString>

#include <functional>

class QObject;

namespace Tandem {

/// @brief Settings → Team board's "Test connection": opens the board once on a thread of its own and says what it
/// found, the number of stories or the server's refusal sorted into what the person can act on.
class TeamBoardProbe final
{
public:
    enum class Problem {
        None,
        BadUrl, ///< not a board URL (BoardUrl's sentence in detail)
        Unreachable, ///< no server answers at that host, port or socket
        WrongPassword, ///< the server refused the password (or wanted one and got none)
        SslRefused, ///< sslmode asked for TLS and the server does not offer it (or the other way round)
        NoDatabase, ///< the server answered, but knows no such database or role
        Other,
    };
    struct Result
    {
        Problem problem = Problem::Other;
        int stories = 0;
        QString detail; ///< the server's own words, for the person who set it up
        bool ok() const { return problem == Problem::None; }
    };

    /// @brief Opens the board of @p url with @p password off the calling thread; @p done runs on @p context's thread
    /// (not at all if @p context is gone by then).
    static void run(const QString &url, const QString &password, QObject *context, std::function<void(Result)> done);
    /// @brief The problem libpq's message @p error names.
    static Problem classify(const QString &error);
    /// @brief Opens, counts and closes, on the calling thread.
    static Result probe(const QString &url, const QString &password);
};

} // namespace Tandem
