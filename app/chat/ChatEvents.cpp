#include "ChatEvents.h"

namespace Tandem {

ChatEvents::ChatEvents(QObject *parent)
    : QObject(parent)
{
    qRegisterMetaType<Tandem::Message>();
    qRegisterMetaType<Tandem::Handoff>();
    qRegisterMetaType<Tandem::ApprovalRequest>();
    qRegisterMetaType<Tandem::RunOutcome>();
}

ChatEvents::~ChatEvents() = default;

} // namespace Tandem
