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

QString ModeLabel::badge(Conversation::Mode mode)
{
    switch (mode) {
    case Conversation::Mode::Single:
        break;
    case Conversation::Mode::Dual:
        return tr("dual", "the sidebar's badge of a dual-agent conversation");
    case Conversation::Mode::Pipeline:
        return tr("pipeline", "the sidebar's badge of a pipeline conversation");
    case Conversation::Mode::Router:
        return tr("router", "the sidebar's badge of a router conversation");
    }
    return {};
}

} // namespace Tandem
