#include "HistoryTools.h"

#include "tools/ReadHistoryTool.h"

namespace Tandem {

HistoryTools::HistoryTools()
{
    m_tools.registerTool(std::make_unique<ReadHistoryTool>());
}

} // namespace Tandem
