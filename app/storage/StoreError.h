#pragma once

#include <QString>

namespace Tandem {

/// @brief Why a store's write failed, in kinds a caller can act on whichever database is behind the store: retry
/// later (Busy), read the row again (Lost), refuse the input (Constraint), stop and repair (Corrupt).
///
/// The database's own codes are mapped to kinds in one place (SqlDialect::errorOf); the code is kept for the
/// sentences Database::writeProblem tells a person.
class StoreError final
{
public:
    enum class Kind {
        Busy, ///< another writer holds the database (SQLite's lock) past the busy timeout: try again later
        Lost, ///< another writer changed the row first: it is no longer in the state the write expected, or is gone
        Constraint, ///< the row breaks a rule of the schema (a foreign key, a unique key, NOT NULL, a CHECK)
        Corrupt, ///< the file is damaged, or is not a database
        Other, ///< anything else (read-only, disk full, I/O): the message says which
    };

    StoreError(Kind kind, QString message, int code = 0)
        : m_kind(kind)
        , m_message(std::move(message))
        , m_code(code)
    { }

    Kind kind() const { return m_kind; }
    /// @brief The database's message (or the store's, for a lost row); for logs, not for a person as is.
    QString message() const { return m_message; }
    /// @brief The database's own result code, 0 when the store decided (Lost).
    int code() const { return m_code; }
    /// @brief The kind's name for logs and tests ("busy", "lost", ...).
    static QString kindName(Kind kind);

private:
    Kind m_kind;
    QString m_message;
    int m_code;
};

} // namespace Tandem
