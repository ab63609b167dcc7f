#pragma once

#include "ErrorColor.h"
#include "Message.h"

#include <QString>

namespace Tandem {

/// @brief How each kind of divider looks wherever it is drawn (the chat, the HTML export): its colour and its icon.
struct DividerLook
{
    quint32 rgb = 0x808080; ///< 0xRRGGBB
    QString iconFile; ///< the SVG's file name in resources/icons

    static DividerLook of(Message::Divider divider)
    {
        switch (divider) {
        case Message::Divider::HandingOver:
            return { 0x2f6fe0, QStringLiteral("divider-handing-over.svg") };
        case Message::Divider::Accepted:
            return { 0x16a34a, QStringLiteral("divider-accepted.svg") };
        case Message::Divider::Rejected:
            return { 0xe8590c, QStringLiteral("divider-rejected.svg") };
        case Message::Divider::Transferred:
            return { 0x7c4ddb, QStringLiteral("divider-transferred.svg") };
        case Message::Divider::Error:
            return { kErrorRgb, QStringLiteral("divider-error.svg") };
        case Message::Divider::Completed:
            return { 0x0f766e, QStringLiteral("divider-completed.svg") };
        case Message::Divider::WaitingForYou:
            return { 0x2563eb, QStringLiteral("divider-waiting.svg") };
        case Message::Divider::Routed:
            return { 0x0891b2, QStringLiteral("divider-routed.svg") };
        case Message::Divider::Combined:
            return { 0x7c3aed, QStringLiteral("divider-completed.svg") };
        case Message::Divider::ApprovalNeeded:
        case Message::Divider::None:
            break;
        }
        return { 0xc27c0e, QStringLiteral("divider-approval.svg") };
    }
};

} // namespace Tandem
