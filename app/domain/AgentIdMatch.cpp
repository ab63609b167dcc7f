#include "AgentIdMatch.h"

namespace Tandem {

QString AgentIdMatch::find(const QStringList &known, const QString &given)
{
    if (known.contains(given))
        return given;
    QString found;
    for (const QString &id : known) {
        if (id.compare(given, Qt::CaseInsensitive) != 0)
            continue;
        if (!found.isEmpty())
            return {};
        found = id;
    }
    return found;
}

} // namespace Tandem
