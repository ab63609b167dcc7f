#pragma once

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QTimer>

#include <memory>
#include <utility>

namespace Tandem {

class ExchangeApi;
class Exporter;

/// @brief Export and import for the window: the formats it offers, an export run a page at a time on the GUI
/// thread (the event loop turns between pages, so a progress dialog repaints and can cancel), and a JSON import.
///
/// Construct it with the window's ExchangeApi (borrowed; it must outlive this).
class ExchangeViewModel final : public QObject
{
    Q_OBJECT

public:
    explicit ExchangeViewModel(ExchangeApi *exchange, QObject *parent = nullptr);
    ~ExchangeViewModel() override;
    Q_DISABLE_COPY_MOVE(ExchangeViewModel)

    /// @brief The formats offered, as (name, label) pairs: ("md", "Markdown"), ("json", "JSON"), …
    static QList<std::pair<QString, QString>> formats();
    /// @brief The file name filter of format @p name for a file dialog, e.g. "Markdown (*.md)".
    static QString fileFilter(const QString &name);
    /// @brief A file name to suggest for an export of @p count conversations, the first titled @p title.
    static QString suggestedFileName(const QString &title, int count, const QString &format);

    /// @brief Starts exporting @p ids (or all conversations) in format @p format to @p path (a folder with
    /// @p toFolder). False, with lastMessage() saying why, if it could not start. Progress and the end follow as
    /// signals.
    bool startExport(const QList<qint64> &ids, bool all, const QString &format, const QString &path, bool toFolder);
    /// @brief Stops the running export; what it wrote is removed.
    void cancelExport();
    bool isExporting() const;

    /// @brief Imports the Tandem JSON export at @p path as new conversations; false (nothing changed) with
    /// lastMessage() saying why.
    bool importFile(const QString &path);
    QList<qint64> lastImportedIds() const { return m_imported; }
    /// @brief What the last export or import ended with: a summary, or why it failed.
    QString lastMessage() const { return m_message; }

Q_SIGNALS:
    /// @p done of @p total messages are written.
    void exportProgress(qint64 done, qint64 total);
    /// The export ended: written (@p ok), failed or cancelled; @p message says which.
    void exportFinished(bool ok, const QString &message);
    /// Conversations were imported; their new ids.
    void imported(const QList<qint64> &ids);

private:
    void step();
    void finish(bool ok, const QString &message);

    ExchangeApi *m_exchange;
    std::unique_ptr<Exporter> m_exporter;
    QTimer m_pump;
    QList<qint64> m_imported;
    QString m_message;
};

} // namespace Tandem
