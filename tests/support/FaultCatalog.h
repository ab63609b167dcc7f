#pragma once

#include "ScriptedReply.h"

#include <QString>
#include <QStringList>

namespace Tandem::Test {

/// @brief The faults of #17's fault matrix by name ("401", "reset mid-stream", "5 MB line", …), as the fake LLM
/// server's scripted replies; the CLI and the window tests run the same list.
class FaultCatalog
{
public:
    /// @brief Every fault's name, in the order of docs/reliability.md's table.
    static QStringList names();
    /// @brief @p fault injected into @p normal (a text reply), for a request of the Responses API when @p responses.
    /// HTTP faults replace the reply; stream faults come after its first text delta.
    static ScriptedReply inject(const QString &fault, const ScriptedReply &normal, bool responses);
};

} // namespace Tandem::Test
