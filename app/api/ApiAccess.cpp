#include "ApiAccess.h"

#include "domain/Logging.h"
#include "domain/TokenRole.h"
#include "storage/ApiTokens.h"

#include <QDateTime>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

QByteArray bearer(const ApiAccess::Headers &headers)
{
    for (const auto &[key, value] : headers) {
        if (QByteArrayView("Authorization").compare(key, Qt::CaseInsensitive) != 0)
            continue;
        // The scheme is case-insensitive (RFC 9110, 11.1): "Bearer", "bearer" and "BEARER" are one.
        const QByteArray trimmed = value.trimmed();
        const qsizetype space = trimmed.indexOf(' ');
        if (space < 0 || QByteArrayView(trimmed).first(space).compare("Bearer", Qt::CaseInsensitive) != 0)
            return {};
        return trimmed.mid(space + 1).trimmed();
    }
    return {};
}

} // namespace

bool ApiAccess::sameSecret(const QByteArray &given, const QByteArray &expected)
{
    if (expected.isEmpty())
        return false;
    unsigned char difference = given.size() == expected.size() ? 0 : 1;
    for (qsizetype i = 0; i < expected.size(); ++i)
        difference |= static_cast<unsigned char>((i < given.size() ? given.at(i) : '\0') ^ expected.at(i));
    return difference == 0;
}

std::optional<ApiCaller> ApiAccess::caller(const Headers &headers, bool fromLoopback) const
{
    const QByteArray token = bearer(headers);
    if (token.isEmpty())
        return std::nullopt;
    if ((fromLoopback || !m_beyondLoopback) && sameSecret(token, m_localToken))
        return ApiCaller { kLocalName.toString(), TokenRole::kAdmin.toString() };
    if (!m_tokens || !m_beyondLoopback)
        return std::nullopt;
    // Every stored hash is compared, whichever matches: the time taken says nothing about which, or whether one did.
    const QByteArray hash = ApiTokens::hashOf(QString::fromUtf8(token));
    std::optional<ApiCaller> found;
    for (const ApiToken &stored : m_tokens->all())
        if (sameSecret(hash, stored.hash))
            found = ApiCaller { stored.name, stored.role };
    if (found && !m_tokens->markUsed(found->name, QDateTime::currentDateTimeUtc()))
        qCWarning(lcApi) << "cannot record the use of the token" << found->name << ":" << m_tokens->lastError();
    return found;
}

} // namespace Tandem
