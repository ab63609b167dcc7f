#include "CaseFile.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonParseError>

namespace Tandem {

bool CaseFile::read(const QString &path, QList<Line> *lines, QString *problem)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *problem = tr("The case file “%1” cannot be read: %2").arg(path, file.errorString());
        return false;
    }
    int number = 0;
    while (!file.atEnd()) {
        ++number;
        const QByteArray line = file.readLine().trimmed();
        if (line.isEmpty() || line.startsWith('#'))
            continue;
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(line, &error);
        if (error.error != QJsonParseError::NoError || !document.isObject()) {
            *problem = tr("%1:%2: a case is one JSON object on one line.").arg(path).arg(number);
            return false;
        }
        lines->append({ number, document.object() });
    }
    if (lines->isEmpty()) {
        *problem = tr("The case file “%1” holds no case.").arg(path);
        return false;
    }
    return true;
}

} // namespace Tandem
