#pragma once

#include "tools/Tool.h"

#include <QCoreApplication>
#include <QStringView>

namespace Tandem {

/// @brief The `read_history` tool: the earlier messages of the caller's own conversation, a page at a time, newest
/// page first. The target of a handoff with a reference to the history (seed 003) reads them only when it needs them.
///
/// Output, e.g. for `{"offset":0,"limit":2}`: `{"messages":[{"agent":"triage","id":7,"role":"assistant","text":"…"},
/// {"agent":"","id":8,"role":"user","text":"…"}],"next_offset":2,"total":9}` (no `next_offset` on the oldest page).
class ReadHistoryTool final : public Tool
{
    Q_DECLARE_TR_FUNCTIONS(ReadHistoryTool)

public:
    static constexpr QStringView kName = u"read_history";
    static constexpr int kDefaultLimit = 20;
    static constexpr int kMaxLimit = 50;

    ToolDefinition definition() const override;
    ToolResult run(const QJsonObject &arguments, const ToolContext &context) const override;
};

} // namespace Tandem
