#include "TeamBoardChoice.h"

#include "chat/TeamBoardSetup.h"

namespace Tandem {

QString TeamBoardChoice::url()
{
    return TeamBoardSetup::storedUrl();
}

} // namespace Tandem
