#pragma once

#include "ExportFormat.h"
#include "domain/Agent.h"
#include "storage/ConversationArchive.h"

#include <QByteArray>
#include <QDateTime>
#include <QHash>
#include <QList>

#include <memory>

class QIODevice;

namespace Tandem {

/// @brief Writes one export document in one format, streamed: a document holds conversations, and each
/// conversation's messages arrive page by page, so no writer needs them all at once.
///
/// Call beginDocument(), then per conversation beginConversation(), writeMessages() any number of times and
/// endConversation(), then endDocument().
class ConversationWriter
{
public:
    virtual ~ConversationWriter();

    /// @brief The writer of @p format.
    static std::unique_ptr<ConversationWriter> create(ExportFormat format);

    /// @brief Starts a document in @p out (open for writing, not owned) exported at @p exportedAt.
    void beginDocument(QIODevice *out, const QDateTime &exportedAt);
    /// @brief Starts @p archive (its messages come later) with the definitions of the agents it names.
    virtual void beginConversation(const ConversationArchive &archive, const QList<Agent> &agents) = 0;
    /// @brief The next messages of the current conversation, oldest first.
    virtual void writeMessages(const QList<Message> &messages) = 0;
    /// @brief The parents of the messages the next writeMessages() gives (message id -> parent id; a first row is
    /// missing), for the formats that carry the tree.
    void setParents(QHash<qint64, qint64> parents) { m_parents = std::move(parents); }
    virtual void endConversation() = 0;
    /// @brief Ends the document; false if something could not be written.
    bool endDocument();

protected:
    ConversationWriter() = default;
    virtual void writeHeader() { }
    virtual void writeFooter() { }
    /// @brief Appends @p text (as UTF-8) to the output, written out in large chunks.
    void put(QStringView text);
    /// @brief Writes what is buffered; false if the device refused.
    bool flush();
    QIODevice *device() const { return m_out; }
    QDateTime exportedAt() const { return m_exportedAt; }
    qint64 parentOf(qint64 messageId) const { return m_parents.value(messageId); }

private:
    QIODevice *m_out = nullptr;
    QDateTime m_exportedAt;
    QHash<qint64, qint64> m_parents;
    QString m_pending;
    bool m_failed = false;
};

} // namespace Tandem
