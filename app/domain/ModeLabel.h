#pragma once

#include "Conversation.h"

#include <QCoreApplication>
#include <QString>

namespace Tandem {

/// @brief A conversation mode as the person reads it ("Dual agents"), in the current language: the window's mode
/// control and the readable exports say it the same way.
class ModeLabel final
{
    Q_DECLARE_TR_FUNCTIONS(ModeLabel)

public:
    static QString text(Conversation::Mode mode);
};

} // namespace Tandem
