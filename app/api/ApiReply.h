#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>

namespace Tandem {

/// @brief One answer of the local API: an HTTP status and a JSON object (an error is `{"error": "…"}`).
/// An error's message is English, whatever the window's language, and names agents by their stored names or ids:
/// programs read it.
struct ApiReply
{
    int status = 200;
    QJsonObject body;
    /// Extra response headers (such as Allow for a 405), name and value.
    QList<QPair<QByteArray, QByteArray>> headers;

    static ApiReply ok(const QJsonObject &body, int status = 200) { return ApiReply { status, body, {} }; }
    static ApiReply error(int status, const QString &message)
    {
        return ApiReply { status, QJsonObject { { QStringLiteral("error"), message } }, {} };
    }
};

} // namespace Tandem
