#include "OutsideRunners.h"

#include "agents/AgentCatalog.h"
#include "domain/AgentFile.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QHash>
#include <QMutex>

#include <tuple>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

/// The *.md files of a folder as the catalog reads them, by name, size and time of change: a file added, removed,
/// renamed or written changes it.
using Listing = QList<std::tuple<QString, qint64, qint64>>;

Listing listingOf(const QString &folder)
{
    Listing listing;
    if (folder.isEmpty())
        return listing;
    const QFileInfoList files = QDir(folder).entryInfoList({ u"*.md"_s }, QDir::Files, QDir::Name);
    for (const QFileInfo &file : files)
        listing.append({ file.fileName(), file.size(), file.lastModified().toMSecsSinceEpoch() });
    return listing;
}

/// The outside programs the files of a folder (and the shipped ones) declare, by agent id.
QHash<QString, OutsideRunner> runnersOf(const QString &folder)
{
    QHash<QString, OutsideRunner> runners;
    const AgentCatalog catalog(folder);
    for (const Agent &agent : catalog.agents()) {
        const QString path = catalog.fileOf(agent.id);
        QFile file(path);
        if (path.isEmpty() || !file.open(QIODevice::ReadOnly))
            continue;
        // The catalog has read and accepted this file a moment ago; a file changed since then and now refused is
        // no outside agent.
        const AgentFile::Result result = AgentFile::parse(QString::fromUtf8(file.readAll()), path);
        if (result.ok() && result.runner.isCommand())
            runners.insert(agent.id, result.runner);
    }
    return runners;
}

struct Read
{
    Listing listing;
    QHash<QString, OutsideRunner> runners;
};

} // namespace

OutsideRunner OutsideRunners::of(const QString &agentsFolder, const QString &agentId)
{
    // Asked on every handoff and every message: reading and parsing every agent file each time cost a dual turn
    // about a tenth of its CPU (bench_dualturns). The files are read again only when the folder's listing changed.
    static QMutex mutex;
    static QHash<QString, Read> reads; // by folder
    const Listing listing = listingOf(agentsFolder);
    const QMutexLocker lock(&mutex);
    auto read = reads.find(agentsFolder);
    if (read == reads.end() || read->listing != listing)
        read = reads.insert(agentsFolder, Read { listing, runnersOf(agentsFolder) });
    return read->runners.value(agentId);
}

} // namespace Tandem
