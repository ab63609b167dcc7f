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
    /// @brief The short word of the sidebar's badge ("pipeline"); empty for single-agent conversations, which have
    /// none.
    static QString badge(Conversation::Mode mode);
};

} // namespace Tandem
