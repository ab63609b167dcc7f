#include "Exporter.h"

#include "ConversationWriter.h"
#include "domain/Logging.h"
#include "storage/ExchangeStore.h"
#include "storage/PrivateFiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

using namespace Qt::StringLiterals;

namespace Tandem {

Exporter::Exporter(ExchangeStore *store, ExportRequest request)
    : m_store(store)
    , m_request(std::move(request))
{
    if (!m_request.exportedAt.isValid())
        m_request.exportedAt = QDateTime::currentDateTimeUtc();
}

Exporter::~Exporter()
{
    if (m_state == State::Running)
        cancel();
}

QString Exporter::fileNameFor(qint64 id, const QString &title, ExportFormat format)
{
    const QString part = slug(title);
    return u"conversation-%1%2.%3"_s.arg(id).arg(
        part.isEmpty() ? QString() : u"-"_s + part, exportFormatSuffix(format));
}

QString Exporter::slug(const QString &title)
{
    QString slug;
    for (const QChar c : title.trimmed()) {
        if (c.isLetterOrNumber())
            slug += c.toLower();
        else if (!slug.isEmpty() && !slug.endsWith(u'-'))
            slug += u'-';
        if (slug.size() >= 48)
            break;
    }
    while (slug.endsWith(u'-'))
        slug.chop(1);
    return slug;
}

bool Exporter::wholeTree() const
{
    // JSON is read back: it carries every branch. The readable formats print the branch shown.
    return m_request.format == ExportFormat::Json;
}

bool Exporter::fail(Error error, const QString &message)
{
    m_error = error;
    m_errorString = message;
    qCWarning(lcExchange) << "export failed:" << message;
    discard();
    m_state = State::Failed;
    return false;
}

void Exporter::discard()
{
    if (m_file)
        m_file->cancelWriting();
    m_file.reset();
    m_writer.reset();
    for (const QString &path : std::as_const(m_files))
        QFile::remove(path);
    m_files.clear();
}

bool Exporter::start()
{
    if (m_state != State::Ready)
        return false;
    m_state = State::Running;
    m_ids = m_request.all ? m_store->conversationIds() : m_request.conversationIds;
    if (!m_store->lastError().isEmpty())
        return fail(Error::Storage, tr("The conversations could not be read: %1").arg(m_store->lastError()));
    for (const qint64 id : std::as_const(m_ids)) {
        const qint64 count = m_store->messageCount(id, wholeTree());
        if (!m_store->lastError().isEmpty())
            return fail(Error::Storage, tr("The conversations could not be read: %1").arg(m_store->lastError()));
        if (count == 0 && !m_store->readArchive(id))
            return fail(Error::UnknownConversation, tr("There is no conversation %1.").arg(id));
        m_total += count;
    }
    if (m_request.toFolder) {
        if (!PrivateFiles::ensureFolder(QDir::cleanPath(m_request.path)))
            return fail(Error::File, tr("The folder “%1” could not be created.").arg(m_request.path));
    } else if (!openFile(m_request.path)) {
        return false;
    }
    return true;
}

bool Exporter::openFile(const QString &path)
{
    const bool existed = QFileInfo::exists(path);
    m_file = std::make_unique<QSaveFile>(path);
    if (!m_file->open(QIODevice::WriteOnly))
        return fail(Error::File, tr("“%1” could not be written: %2").arg(path, m_file->errorString()));
    // An export holds what the database holds: a new file is its owner's only, like the database (a file that was
    // there keeps the mode its owner gave it, as QSaveFile does). Set before anything is written to it.
    if (!existed && !m_file->setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner))
        return fail(Error::File, tr("“%1” could not be written: %2").arg(path, m_file->errorString()));
    m_writer = ConversationWriter::create(m_request.format);
    m_writer->beginDocument(m_file.get(), m_request.exportedAt);
    return true;
}

bool Exporter::closeFile()
{
    const bool written = m_writer->endDocument();
    m_writer.reset();
    const QString path = m_file->fileName();
    if (!written || !m_file->commit())
        return fail(Error::File, tr("“%1” could not be written: %2").arg(path, m_file->errorString()));
    m_file.reset();
    m_files.append(path);
    return true;
}

bool Exporter::beginConversation()
{
    const qint64 id = m_ids.at(m_index);
    std::optional<ConversationArchive> archive = m_store->readArchive(id);
    if (!archive) {
        if (!m_store->lastError().isEmpty())
            return fail(Error::Storage, tr("Conversation %1 could not be read: %2").arg(id).arg(m_store->lastError()));
        return fail(Error::UnknownConversation, tr("There is no conversation %1.").arg(id));
    }
    const QList<Agent> agents = m_store->agentsOf(id);
    if (!m_store->lastError().isEmpty())
        return fail(Error::Storage, tr("Conversation %1 could not be read: %2").arg(id).arg(m_store->lastError()));
    m_current = std::move(*archive);
    if (m_request.toFolder
        && !openFile(QDir(m_request.path).filePath(fileNameFor(id, m_current.conversation.title, m_request.format))))
        return false;
    m_writer->beginConversation(m_current, agents);
    m_inConversation = true;
    m_lastMessageId = 0;
    return true;
}

bool Exporter::step()
{
    if (m_state != State::Running)
        return false;
    if (m_index >= m_ids.size()) {
        if (!m_request.toFolder && !closeFile())
            return false;
        m_state = State::Finished;
        return false;
    }
    if (!m_inConversation && !beginConversation())
        return false;
    const qint64 id = m_ids.at(m_index);
    QHash<qint64, qint64> parents;
    const QList<Message> page = m_store->messagesAfter(id, m_lastMessageId, kPageSize, wholeTree(), &parents);
    if (!m_store->lastError().isEmpty())
        return fail(Error::Storage, tr("Conversation %1 could not be read: %2").arg(id).arg(m_store->lastError()));
    if (!page.isEmpty()) {
        m_writer->setParents(std::move(parents));
        m_writer->writeMessages(page);
        m_lastMessageId = page.constLast().id;
        m_done += page.size();
    }
    if (page.size() < kPageSize) {
        m_writer->endConversation();
        m_inConversation = false;
        ++m_index;
        if (m_request.toFolder && !closeFile())
            return false;
    }
    return true;
}

bool Exporter::run()
{
    if (!start())
        return false;
    while (step()) { }
    return m_state == State::Finished;
}

void Exporter::cancel()
{
    if (m_state != State::Running && m_state != State::Ready)
        return;
    discard();
    m_state = State::Cancelled;
}

} // namespace Tandem
