#include "ChatRepository.h"

namespace Tandem {

ChatRepository::ChatRepository(QObject *parent)
    : QObject(parent)
{
    qRegisterMetaType<Tandem::Message>();
    qRegisterMetaType<Tandem::Handoff>();
    qRegisterMetaType<Tandem::ApprovalRequest>();
    qRegisterMetaType<Tandem::RunOutcome>();
}

ChatRepository::~ChatRepository() = default;

} // namespace Tandem
