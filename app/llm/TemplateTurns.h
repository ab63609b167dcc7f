#pragma once

#include "llm/LlmTypes.h"

namespace Tandem {

/// @brief A request's messages arranged as strict chat templates take them, for both protocols.
///
/// Local servers render the messages through the model's chat template, and many templates refuse a system message
/// anywhere but first, a request without a user turn, or two turns of one role in a row ("Conversation roles must
/// alternate user/assistant/user/assistant/..."). So: system and developer messages at the start of a whole
/// conversation join the instructions (the one system message); later ones become user turns; empty messages are
/// left out; neighbouring messages of one role are merged; what comes before a whole conversation's first user turn
/// is left out.
class TemplateTurns
{
public:
    /// @brief @p request with its instructions and input arranged so.
    static LlmRequest arranged(LlmRequest request);
};

} // namespace Tandem
