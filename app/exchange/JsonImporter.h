#pragma once

#include "JsonFieldReader.h"
#include "domain/Agent.h"
#include "storage/ConversationArchive.h"

#include <QCoreApplication>
#include <QList>
#include <QSet>
#include <QStringList>

#include <optional>

namespace Tandem {

class ExchangeStore;

/// @brief Reads a Tandem JSON export (docs/export-format.md) and adds its conversations as new ones.
///
/// Everything is checked before anything is written: the size, the JSON, the format name and version, every
/// member's type, enum values, lengths, numbers, duplicate ids and every reference between rows. A file that fails
/// any check is refused with a message naming the place (e.g. `conversations[0].messages[3].role`), and the
/// database is not touched; a file that passes is written in one transaction with new ids.
class JsonImporter final
{
    Q_DECLARE_TR_FUNCTIONS(JsonImporter)

public:
    enum class Error {
        None,
        File, ///< the file could not be read
        Invalid, ///< the file was refused: not a Tandem export, a newer version, malformed, too large, inconsistent
        Storage, ///< the database could not write the import
    };

    /// @brief @p store is borrowed and must outlive the importer.
    explicit JsonImporter(ExchangeStore *store);

    /// @brief Files larger than @p bytes are refused unread (default ExchangeFormat::kMaxFileBytes).
    void setMaxFileBytes(qint64 bytes) { m_maxFileBytes = bytes; }

    /// @brief Reads, checks and imports the file at @p path; false with error() and errorString() otherwise.
    bool importFile(const QString &path);
    /// @brief Checks and imports @p data, the content of an export.
    bool importData(const QByteArray &data);
    /// @brief Only reads and checks @p data into archives() and agents(), writing nothing.
    bool read(const QByteArray &data);

    Error error() const { return m_error; }
    QString errorString() const { return m_errorString; }
    const QList<ConversationArchive> &archives() const { return m_archives; }
    const QList<Agent> &agents() const { return m_agents; }
    /// @brief The ids the imported conversations got, in the file's order.
    QList<qint64> importedIds() const { return m_importedIds; }
    /// @brief Messages in the file that was read.
    qint64 messageCount() const { return m_messageCount; }
    /// @brief Agent definitions the import added (those absent here).
    int agentsAdded() const { return m_agentsAdded; }

private:
    bool refuse(const QString &message);
    /// Refuses with what the field reader found wrong.
    bool refused();

    ExchangeStore *m_store;
    qint64 m_maxFileBytes;
    Error m_error = Error::None;
    QString m_errorString;
    JsonFieldReader m_fields; ///< reads the members, knows where it is for refusals
    QList<ConversationArchive> m_archives;
    QList<Agent> m_agents;
    QList<qint64> m_importedIds;
    qint64 m_messageCount = 0;
    int m_agentsAdded = 0;
};

} // namespace Tandem
