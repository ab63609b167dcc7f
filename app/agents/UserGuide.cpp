#include "UserGuide.h"

#include "domain/Logging.h"

#include <QFile>

using namespace Qt::StringLiterals;

namespace Tandem {

QString UserGuide::text(const QLocale &locale)
{
    // The person's language is the one Tandem speaks to them in (Translations sets the default locale).
    const QString language = locale.language() == QLocale::Russian ? u"ru"_s : u"en"_s;
    QFile file(u":/guide/user-guide.%1.md"_s.arg(language));
    if (!file.open(QIODevice::ReadOnly)) {
        qCWarning(lcAgents) << "the user guide is missing:" << file.fileName();
        return {};
    }
    return QString::fromUtf8(file.readAll()).trimmed();
}

} // namespace Tandem
