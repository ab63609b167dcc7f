#include "ChatRepository.h"

namespace Tandem {

ChatRepository::ChatRepository(QObject *parent)
    : ChatEvents(parent)
{ }

ChatRepository::~ChatRepository() = default;

} // namespace Tandem
