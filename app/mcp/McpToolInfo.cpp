#include "McpToolInfo.h"

using namespace Qt::StringLiterals;

namespace Tandem {

McpToolInfo McpToolInfo::fromJson(const QJsonObject &tool)
{
    McpToolInfo info;
    info.name = tool.value(u"name"_s).toString();
    info.title = tool.value(u"title"_s).toString();
    info.description = tool.value(u"description"_s).toString();
    info.inputSchema = tool.value(u"inputSchema"_s).toObject();
    info.outputSchema = tool.value(u"outputSchema"_s).toObject();
    info.readOnly = tool.value(u"annotations"_s).toObject().value(u"readOnlyHint"_s).toBool(false);
    return info;
}

} // namespace Tandem
