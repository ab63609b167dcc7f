#include "McpCallResult.h"

#include "tools/JsonSchemaValidator.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

/// The size in bytes of base64 @p data without decoding it.
qint64 base64Bytes(const QString &data)
{
    const qsizetype padding = data.endsWith(u"=="_s) ? 2 : data.endsWith(u'=') ? 1 : 0;
    return data.size() / 4 * 3 - padding;
}

/// One content block as the model sees it: binary data replaced by its size.
QJsonObject forModel(const QJsonObject &block)
{
    const QString type = block.value(u"type"_s).toString();
    if (type == u"image" || type == u"audio")
        return { { u"type"_s, type }, { u"mimeType"_s, block.value(u"mimeType"_s) },
            { u"bytes"_s, base64Bytes(block.value(u"data"_s).toString()) } };
    if (type == u"resource") {
        QJsonObject resource = block.value(u"resource"_s).toObject();
        if (resource.contains(u"blob"_s))
            resource.insert(
                u"blob"_s, QJsonObject { { u"bytes"_s, base64Bytes(resource.value(u"blob"_s).toString()) } });
        return { { u"type"_s, type }, { u"resource"_s, resource } };
    }
    if (type == u"resource_link") {
        QJsonObject link;
        for (const QString &key : { u"type"_s, u"uri"_s, u"name"_s, u"title"_s, u"description"_s, u"mimeType"_s })
            if (block.contains(key))
                link.insert(key, block.value(key));
        return link;
    }
    return block;
}

} // namespace

ToolResult McpCallResult::toToolResult(const QJsonObject &result, const QJsonObject &outputSchema)
{
    const QJsonArray content = result.value(u"content"_s).toArray();
    QStringList texts;
    bool onlyText = true;
    QJsonArray blocks;
    for (const QJsonValue &value : content) {
        const QJsonObject block = value.toObject();
        if (block.value(u"type"_s).toString() == u"text")
            texts << block.value(u"text"_s).toString();
        else
            onlyText = false;
        blocks.append(forModel(block));
    }
    if (result.value(u"isError"_s).toBool())
        return ToolResult::failure(texts.isEmpty() ? tr("The MCP tool reported an error.") : texts.join(u'\n'));

    const bool structured = result.contains(u"structuredContent"_s);
    if (!outputSchema.isEmpty()) {
        if (!structured)
            return ToolResult::failure(tr("The MCP tool promised structured content and sent none."));
        const QString problem = JsonSchemaValidator::validate(outputSchema, result.value(u"structuredContent"_s));
        if (!problem.isEmpty())
            return ToolResult::failure(
                tr("The MCP tool's structured content does not fit its output schema: %1").arg(problem));
    }
    if (onlyText && !structured)
        return ToolResult::success(texts.join(u'\n'));
    QJsonObject output { { u"content"_s, blocks } };
    if (structured)
        output.insert(u"structuredContent"_s, result.value(u"structuredContent"_s));
    return ToolResult::success(output);
}

} // namespace Tandem
