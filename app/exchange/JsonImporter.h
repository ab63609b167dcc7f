#pragma once

#include "domain/Agent.h"
#include "storage/ConversationArchive.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QJsonValue>
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

    /// @brief One step of the reader's path: a member's name, or an index into an array (name empty).
    struct PathPart
    {
        QStringView name;
        qsizetype index = -1;
    };

private:
    bool refuse(const QString &message);
    bool invalid(const QString &what);
    QString where() const;

    // Each reads one member of @p object (the path names it in a refusal); false once something is wrong.
    bool member(const QJsonObject &object, QStringView name, QJsonValue *value);
    bool string(const QJsonObject &object, QStringView name, QString *out, qsizetype maxLength, bool nullable = false,
        bool nonEmpty = false);
    bool integer(const QJsonObject &object, QStringView name, qint64 *out, bool nullable = false, qint64 min = 0);
    bool boolean(const QJsonObject &object, QStringView name, bool *out);
    bool time(const QJsonObject &object, QStringView name, QDateTime *out, bool nullable = false);
    bool array(const QJsonObject &object, QStringView name, QJsonArray *out, qint64 maxSize);
    bool object(const QJsonValue &value, QJsonObject *out);
    bool stringList(const QJsonObject &object, QStringView name, QStringList *out);
    bool usage(const QJsonObject &object, TokenUsage *out);
    bool payloadDepth(const QJsonValue &value, int depth);

    bool readConversation(const QJsonObject &object, QSet<QString> *agentIds);
    bool readAgent(const QJsonObject &object, Agent *out);
    bool agentOptions(const QJsonObject &object, Agent *out);
    bool readRun(const QJsonObject &object, ConversationArchive::Run *out);
    bool readHandoff(const QJsonObject &object, const QSet<qint64> &runs, Handoff *out);
    bool readApproval(const QJsonObject &object, const QSet<qint64> &runs, ConversationArchive::Approval *out);
    bool readMessage(const QJsonObject &object, const QSet<qint64> &runs, const QSet<qint64> &handoffs, Message *out);

    ExchangeStore *m_store;
    qint64 m_maxFileBytes;
    Error m_error = Error::None;
    QString m_errorString;
    QList<PathPart> m_path; ///< where the reader is, for refusals; names are literals
    QList<ConversationArchive> m_archives;
    QList<Agent> m_agents;
    QList<qint64> m_importedIds;
    qint64 m_messageCount = 0;
    int m_agentsAdded = 0;
};

} // namespace Tandem
