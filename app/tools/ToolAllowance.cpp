#include "ToolAllowance.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace Tandem {

QString ToolAllowance::mcpToolName(const QString &server, const QString &tool)
{
    // OpenAI and Anthropic accept ^[a-zA-Z0-9_-]{1,64}$ as a function name.
    static const QRegularExpression unsafe(u"[^A-Za-z0-9_-]"_s);
    QString name = QString(server).replace(unsafe, u"_"_s) + u"__"_s + QString(tool).replace(unsafe, u"_"_s);
    return name.left(64);
}

bool ToolAllowance::allows(const QStringList &allowed, const QString &toolName)
{
    for (const QString &entry : allowed) {
        if (!entry.startsWith(u"mcp:")) {
            if (entry == toolName)
                return true;
            continue;
        }
        const QString spec = entry.mid(4);
        const qsizetype slash = spec.indexOf(u'/');
        if (slash <= 0)
            continue;
        const QString server = spec.left(slash);
        const QString tool = spec.mid(slash + 1);
        // McpServers refuses a second server whose prefix is the same, so the prefix names one server's tools.
        if (tool == u"*" ? toolName.startsWith(mcpToolName(server, {})) : toolName == mcpToolName(server, tool))
            return true;
    }
    return false;
}

QStringList ToolAllowance::expand(const QStringList &allowed, const QStringList &available)
{
    QStringList names;
    for (const QString &name : available)
        if (allows(allowed, name))
            names << name;
    return names;
}

} // namespace Tandem
