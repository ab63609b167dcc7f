#pragma once

#include "ExportRequest.h"
#include "storage/ConversationArchive.h"

#include <QCoreApplication>
#include <QStringList>

#include <memory>

class QSaveFile;

namespace Tandem {

class ConversationWriter;
class ExchangeStore;

/// @brief Runs one export a step at a time: each step() writes one page of messages, so the window can turn its
/// event loop and show progress between steps, and cancel(). Files are written through QSaveFile: a failed or
/// cancelled export leaves no partial file behind (in a folder export, the files already finished are removed too).
class Exporter final
{
    Q_DECLARE_TR_FUNCTIONS(Exporter)

public:
    enum class State { Ready, Running, Finished, Failed, Cancelled };
    enum class Error {
        None,
        UnknownConversation, ///< an id names no conversation (a usage error)
        Storage, ///< the database could not be read
        File, ///< the file or folder could not be written
    };
    /// Messages read and written per step.
    static constexpr int kPageSize = 2000;

    /// @brief @p store is borrowed and must outlive the exporter.
    Exporter(ExchangeStore *store, ExportRequest request);
    ~Exporter();
    Q_DISABLE_COPY_MOVE(Exporter)

    /// @brief Checks the conversations, counts their messages and opens the output; false (Failed) on an error.
    bool start();
    /// @brief Writes the next page; true while there is more to do.
    bool step();
    /// @brief start() and every step(); true if the export was written.
    bool run();
    /// @brief Stops and removes what was written.
    void cancel();

    State state() const { return m_state; }
    Error error() const { return m_error; }
    QString errorString() const { return m_errorString; }
    /// @brief Messages written so far and in all.
    qint64 done() const { return m_done; }
    qint64 total() const { return m_total; }
    /// @brief The files written (after Finished).
    QStringList files() const { return m_files; }
    /// @brief The file name a folder export gives conversation @p id titled @p title.
    static QString fileNameFor(qint64 id, const QString &title, ExportFormat format);
    /// @brief @p title as a file name part: lower-case letters and digits joined by dashes, at most 48 characters.
    static QString slug(const QString &title);

private:
    bool openFile(const QString &path);
    bool closeFile();
    bool beginConversation();
    /// Whether the messages of every branch are written, not only the current one's.
    bool wholeTree() const;
    bool fail(Error error, const QString &message);
    void discard();

    ExchangeStore *m_store;
    ExportRequest m_request;
    State m_state = State::Ready;
    Error m_error = Error::None;
    QString m_errorString;
    QList<qint64> m_ids;
    qsizetype m_index = 0; ///< the conversation being written
    bool m_inConversation = false;
    qint64 m_lastMessageId = 0;
    ConversationArchive m_current;
    qint64 m_done = 0;
    qint64 m_total = 0;
    std::unique_ptr<QSaveFile> m_file;
    std::unique_ptr<ConversationWriter> m_writer;
    QStringList m_files;
};

} // namespace Tandem
