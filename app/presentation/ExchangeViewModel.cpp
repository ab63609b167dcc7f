#include "ExchangeViewModel.h"

#include "exchange/ExchangeApi.h"
#include "exchange/Exporter.h"
#include "exchange/JsonImporter.h"

using namespace Qt::StringLiterals;

namespace Tandem {

ExchangeViewModel::ExchangeViewModel(ExchangeApi *exchange, QObject *parent)
    : QObject(parent)
    , m_exchange(exchange)
{
    // One page per turn of the event loop: the window stays responsive during a long export.
    m_pump.setInterval(0);
    connect(&m_pump, &QTimer::timeout, this, &ExchangeViewModel::step);
}

ExchangeViewModel::~ExchangeViewModel()
{
    if (m_exporter)
        m_exporter->cancel();
}

QList<std::pair<QString, QString>> ExchangeViewModel::formats()
{
    return {
        { u"md"_s, tr("Markdown") },
        { u"json"_s, tr("JSON (can be imported again)") },
        { u"html"_s, tr("HTML (one web page)") },
        { u"pdf"_s, tr("PDF") },
        { u"txt"_s, tr("Plain text") },
    };
}

QString ExchangeViewModel::fileFilter(const QString &name)
{
    for (const auto &[format, label] : formats())
        if (format == name)
            return u"%1 (*.%2)"_s.arg(label, format);
    return {};
}

QString ExchangeViewModel::suggestedFileName(const QString &title, int count, const QString &format)
{
    if (count != 1)
        return tr("Tandem conversations") + u'.' + format;
    const QString slug = Exporter::slug(title);
    return (slug.isEmpty() ? tr("conversation") : slug) + u'.' + format;
}

bool ExchangeViewModel::startExport(
    const QList<qint64> &ids, bool all, const QString &format, const QString &path, bool toFolder)
{
    if (m_exporter) {
        m_message = tr("An export is already running.");
        return false;
    }
    const std::optional<ExportFormat> known = exportFormatFromName(format);
    if (!known || path.isEmpty() || (!all && ids.isEmpty())) {
        m_message = tr("Choose what to export, a format and where to write it.");
        return false;
    }
    ExportRequest request;
    request.conversationIds = ids;
    request.all = all;
    request.format = *known;
    request.path = path;
    request.toFolder = toFolder;
    m_exporter = m_exchange->newExport(request);
    if (!m_exporter->start()) {
        m_message = m_exporter->errorString();
        m_exporter.reset();
        return false;
    }
    Q_EMIT exportProgress(0, m_exporter->total());
    m_pump.start();
    return true;
}

void ExchangeViewModel::step()
{
    if (!m_exporter) {
        m_pump.stop();
        return;
    }
    if (m_exporter->step()) {
        Q_EMIT exportProgress(qMin(m_exporter->done(), m_exporter->total()), m_exporter->total());
        return;
    }
    if (m_exporter->state() == Exporter::State::Finished) {
        const QStringList files = m_exporter->files();
        finish(true,
            files.size() == 1 ? tr("Exported to %1.").arg(files.constFirst())
                              : tr("%n files exported.", nullptr, int(files.size())));
    } else {
        finish(false, m_exporter->errorString());
    }
}

void ExchangeViewModel::finish(bool ok, const QString &message)
{
    m_pump.stop();
    m_exporter.reset();
    m_message = message;
    Q_EMIT exportFinished(ok, message);
}

void ExchangeViewModel::cancelExport()
{
    if (!m_exporter)
        return;
    m_exporter->cancel();
    finish(false, tr("The export was cancelled; nothing was written."));
}

bool ExchangeViewModel::isExporting() const
{
    return m_exporter != nullptr;
}

bool ExchangeViewModel::importFile(const QString &path)
{
    const std::unique_ptr<JsonImporter> importer = m_exchange->newImport();
    m_imported.clear();
    if (!importer->importFile(path)) {
        m_message = importer->errorString();
        return false;
    }
    m_imported = importer->importedIds();
    m_message = tr("%n conversations imported.", nullptr, int(m_imported.size()));
    Q_EMIT imported(m_imported);
    return true;
}

} // namespace Tandem
