#include "ModeLabel.h"

namespace Tandem {

QString ModeLabel::text(Conversation::Mode mode)
{
    switch (mode) {
    case Conversation::Mode::Single:
        return tr("Single agent");
    case Conversation::Mode::Dual:
        return tr("Dual agents");
    case Conversation::Mode::Pipeline:
        return tr("Pipeline");
    case Conversation::Mode::Router:
        return tr("Router");
    }
    return {};
}

} // namespace Tandem
