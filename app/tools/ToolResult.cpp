#include "ToolResult.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace Tandem {

ToolResult ToolResult::success(const QJsonObject &output)
{
    return success(QString::fromUtf8(QJsonDocument(output).toJson(QJsonDocument::Compact)));
}

QString ToolResult::modelOutput() const
{
    if (ok)
        return output;
    return QString::fromUtf8(QJsonDocument(QJsonObject { { u"error"_s, error } }).toJson(QJsonDocument::Compact));
}

} // namespace Tandem
