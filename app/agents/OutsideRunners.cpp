#include "OutsideRunners.h"

#include "agents/AgentCatalog.h"
#include "domain/AgentFile.h"

#include <QFile>

namespace Tandem {

OutsideRunner OutsideRunners::of(const QString &agentsFolder, const QString &agentId)
{
    const QString path = AgentCatalog(agentsFolder).fileOf(agentId);
    QFile file(path);
    if (path.isEmpty() || !file.open(QIODevice::ReadOnly))
        return {};
    // The catalog has read and accepted this file a moment ago; a file changed since then and now refused is no
    // outside agent.
    const AgentFile::Result result = AgentFile::parse(QString::fromUtf8(file.readAll()), path);
    return result.ok() ? result.runner : OutsideRunner {};
}

} // namespace Tandem
