#include "JsonImporter.h"

#include "ConversationReader.h"
#include "ExchangeFormat.h"
#include "domain/Logging.h"
#include "storage/ExchangeStore.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

using namespace Qt::StringLiterals;

namespace Tandem {

JsonImporter::JsonImporter(ExchangeStore *store)
    : m_store(store)
    , m_maxFileBytes(ExchangeFormat::kMaxFileBytes)
{ }

bool JsonImporter::refuse(const QString &message)
{
    m_error = Error::Invalid;
    m_errorString = message;
    qCInfo(lcExchange) << "import refused:" << message;
    return false;
}

bool JsonImporter::refused()
{
    return refuse(m_fields.errorString());
}

bool JsonImporter::importFile(const QString &path)
{
    m_error = Error::None;
    m_errorString.clear();
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        m_error = Error::File;
        m_errorString = tr("“%1” could not be read: %2").arg(path, file.errorString());
        return false;
    }
    if (file.size() > m_maxFileBytes)
        return refuse(tr("“%1” is too large to import (%2 MB; the limit is %3 MB).")
                          .arg(path)
                          .arg(double(file.size()) / 1048576.0, 0, 'f', 1)
                          .arg(double(m_maxFileBytes) / 1048576.0, 0, 'f', 1));
    // Read one byte past the limit: a file that grew since its size was asked is refused all the same.
    const QByteArray data = file.read(m_maxFileBytes + 1);
    if (data.size() > m_maxFileBytes)
        return refuse(tr("“%1” is too large to import.").arg(path));
    if (file.error() != QFileDevice::NoError) {
        m_error = Error::File;
        m_errorString = tr("“%1” could not be read: %2").arg(path, file.errorString());
        return false;
    }
    return importData(data);
}

bool JsonImporter::importData(const QByteArray &data)
{
    QElapsedTimer timer;
    timer.start();
    if (!read(data))
        return false;
    const qint64 readMs = timer.restart();
    if (!m_store->importArchives(m_archives, m_agents, &m_importedIds, &m_agentsAdded)) {
        m_error = Error::Storage;
        m_errorString = tr("The import could not be saved; nothing was changed. %1").arg(m_store->lastError());
        return false;
    }
    qCInfo(lcExchange) << "imported" << m_importedIds.size() << "conversations," << m_messageCount
                       << "messages; read in" << readMs << "ms, written in" << timer.elapsed() << "ms";
    return true;
}

bool JsonImporter::read(const QByteArray &data)
{
    m_error = Error::None;
    m_errorString.clear();
    m_archives.clear();
    m_agents.clear();
    m_importedIds.clear();
    m_messageCount = 0;
    m_agentsAdded = 0;
    m_fields.reset();
    if (data.size() > m_maxFileBytes)
        return refuse(tr("The file is too large to import."));

    QElapsedTimer timer;
    timer.start();
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(data, &parseError);
    qCDebug(lcExchange) << "parsed" << data.size() << "bytes in" << timer.elapsed() << "ms";
    if (parseError.error != QJsonParseError::NoError)
        return refuse(tr("This is not a valid Tandem export: the JSON is malformed or cut short at byte %1 (%2).")
                          .arg(parseError.offset)
                          .arg(parseError.errorString()));
    if (!document.isObject())
        return refuse(tr("This is not a Tandem export: the file does not hold a JSON object."));
    const QJsonObject root = document.object();
    if (root.value(u"format"_s).toString() != ExchangeFormat::kFormatName)
        return refuse(tr("This is not a Tandem export: its “format” is not “%1”.").arg(ExchangeFormat::kFormatName));
    const QJsonValue versionValue = root.value(u"version"_s);
    const qint64 version = versionValue.isDouble() ? versionValue.toInteger(-1) : -1;
    if (version < 1)
        return refuse(tr("This is not a valid Tandem export: its “version” is not a positive whole number."));
    if (version > ExchangeFormat::kVersion)
        return refuse(tr("This export was written by a newer Tandem (format version %1); this Tandem reads up to "
                         "version %2. Update Tandem to import it.")
                          .arg(version)
                          .arg(ExchangeFormat::kVersion));
    QDateTime exportedAt;
    if (!m_fields.time(root, u"exported_at", &exportedAt, true))
        return refused();
    QJsonArray conversations;
    if (!m_fields.array(root, u"conversations", &conversations, ExchangeFormat::kMaxConversations))
        return refused();

    QSet<qint64> conversationIds;
    QSet<QString> agentIds;
    ConversationReader reader(m_fields);
    JsonFieldReader::Step step(m_fields, u"conversations");
    for (qsizetype i = 0; i < conversations.size(); ++i) {
        JsonFieldReader::Step item(m_fields, i);
        QJsonObject conversation;
        ConversationArchive archive;
        if (!m_fields.object(conversations.at(i), &conversation)
            || !reader.read(conversation, int(version), ExchangeFormat::kMaxMessages - m_messageCount, &agentIds,
                &m_agents, &archive))
            return refused();
        m_messageCount += archive.messages.size();
        m_archives.append(std::move(archive));
        if (conversationIds.contains(m_archives.constLast().conversation.id)) {
            JsonFieldReader::Step id(m_fields, u"id");
            m_fields.invalid(tr("repeats the id of an earlier conversation"));
            return refused();
        }
        conversationIds.insert(m_archives.constLast().conversation.id);
    }
    return true;
}

} // namespace Tandem
