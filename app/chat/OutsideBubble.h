#pragma once

#include "domain/Message.h"

#include <QFile>
#include <QObject>
#include <QStringDecoder>
#include <QTimer>

namespace Tandem {

class EngineEvents;
class UnitOfWork;

/// @brief The bubble of one outside agent's program (chat/OutsideAgents): its output is written to the stored row at
/// a bounded rate and the row keeps only the last kKeptChars of it, with a first line saying how much was cut; the
/// whole output goes to a file in the data folder, named in that line.
///
/// Output is coalesced: it is written when kFlushChars wait, when the output pauses for kPauseMs, and at the latest
/// kLatestMs after the first chunk not written yet, so a program printing megabytes in small writes costs about one
/// write per kFlushChars and one per kLatestMs, not one per chunk, and a line it prints before a pause shows at once.
class OutsideBubble final : public QObject
{
    Q_OBJECT

public:
    static constexpr qsizetype kKeptChars = 256 * 1024;
    static constexpr qsizetype kFlushChars = 64 * 1024;
    static constexpr int kPauseMs = 100;
    static constexpr int kLatestMs = 1000;

    /// @brief Follows @p row (stored already); the whole output is written to @p logPath (none if empty).
    OutsideBubble(
        UnitOfWork &work, EngineEvents &events, const Message &row, const QString &logPath, QObject *parent = nullptr);
    Q_DISABLE_COPY_MOVE(OutsideBubble)

    /// @brief A chunk of the program's output.
    void append(const QByteArray &bytes);
    /// @brief Writes what waits (the program ended, or its time came); announced as it is stored.
    void flush();
    /// @brief The row as stored by the last flush(); its status and error are the caller's to set and store.
    Message &row() { return m_row; }
    /// @brief The text kept of the output (without the line on what was cut).
    const QString &kept() const { return m_kept; }

private:
    UnitOfWork &m_work;
    EngineEvents &m_events;
    Message m_row;
    QStringDecoder m_decoder { QStringDecoder::Utf8 };
    QString m_kept; ///< the last kKeptChars of the output
    QString m_pending; ///< output not written yet
    qint64 m_cutBytes = 0; ///< output cut from the front of the bubble, in bytes as the program wrote them
    QFile m_log;
    QTimer m_pause; ///< restarted by every chunk
    QTimer m_latest; ///< started by the first chunk not written yet
};

} // namespace Tandem
