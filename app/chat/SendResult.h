#pragma once

#include <QtGlobal>

namespace Tandem {

/// @brief What a send did: the stored user message's id, or why nothing was sent.
struct SendResult
{
    /// @brief Why a send was refused; None when it was accepted.
    enum class Refusal {
        None,
        Empty, ///< the text is blank
        Busy, ///< this process is answering the conversation
        BusyElsewhere, ///< another Tandem process is answering it (holder says which)
        NoConversation, ///< the conversation does not exist
        NoAgent, ///< the agent asked for is unknown or switched off
        NotStored, ///< the message could not be stored (nothing was sent)
    };

    qint64 messageId = 0; ///< the stored user message; 0 when refused
    Refusal refusal = Refusal::None;
    qint64 holder = 0; ///< with BusyElsewhere: the process id answering

    bool accepted() const { return refusal == Refusal::None && messageId > 0; }
    static SendResult sent(qint64 messageId) { return { messageId, Refusal::None, 0 }; }
    static SendResult refused(Refusal why, qint64 holder = 0) { return { 0, why, holder }; }
};

} // namespace Tandem
