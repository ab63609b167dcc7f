#include "LlmError.h"

#include "domain/EnumNames.h"

namespace Tandem {

namespace {
constexpr EnumName<LlmError::Type> kTypes[] = {
    { LlmError::Type::Auth, u"auth" },
    { LlmError::Type::NotFound, u"not_found" },
    { LlmError::Type::BadRequest, u"bad_request" },
    { LlmError::Type::RateLimited, u"rate_limited" },
    { LlmError::Type::Server, u"server" },
    { LlmError::Type::Network, u"network" },
    { LlmError::Type::ConnectionCut, u"connection_cut" },
    { LlmError::Type::Timeout, u"timeout" },
    { LlmError::Type::Protocol, u"protocol" },
    { LlmError::Type::Redirected, u"redirected" },
    { LlmError::Type::Incomplete, u"incomplete" },
    { LlmError::Type::Cancelled, u"cancelled" },
};

// OpenAI answers 429 both for "slow down" and for an exhausted account; only the first passes by waiting.
constexpr QStringView kInsufficientQuota = u"insufficient_quota";
constexpr qsizetype kMaxShownDetail = 300;
} // namespace

QString LlmError::userMessage() const
{
    switch (type) {
    case Type::Auth:
        return tr("The provider refused the API key. Check the key in the provider settings.");
    case Type::NotFound:
        return tr("The provider does not know this address or model. Check the base URL and the model name.");
    case Type::BadRequest: {
        // The provider's own words say which part it did not accept (a parameter, the size, the model); a long or
        // HTML body is cut down to a line.
        QString said = detail.simplified();
        if (said.startsWith(u'<'))
            said.clear();
        if (said.size() > kMaxShownDetail)
            said = said.left(kMaxShownDetail) + u'…';
        if (said.isEmpty())
            return httpStatus > 0 ? tr("The provider refused the request (HTTP %1).").arg(httpStatus)
                                  : tr("The provider refused the request.");
        return tr("The provider refused the request: %1").arg(said);
    }
    case Type::RateLimited:
        if (code == kInsufficientQuota)
            return tr("The provider account has run out of credit. Check the plan and billing with the provider.");
        if (retryAfterMs > 0)
            return tr(
                "The provider is limiting requests. Try again in %n second(s).", nullptr, (retryAfterMs + 999) / 1000);
        return tr("The provider is limiting requests. Wait a moment and try again.");
    case Type::Server:
        return tr("The provider had a problem answering. Try again in a moment.");
    case Type::Network:
        return tr("The provider could not be reached. Check the network connection and the base URL.");
    case Type::ConnectionCut:
        return tr("The connection to the provider was cut before the answer was complete. What arrived is kept; try "
                  "again.");
    case Type::Timeout:
        return tr("The provider stopped answering. Try again.");
    case Type::Protocol:
        return tr("The provider's answer could not be understood. Check that the server is OpenAI-compatible.");
    case Type::Redirected:
        return tr("The provider sent the request on to another server, %1. Tandem did not follow it, so the API key "
                  "and the conversation were not sent there; if that server is the right one, make it the base URL.")
            .arg(detail);
    case Type::Incomplete:
        if (code == u"max_output_tokens" || code == u"length")
            return tr("The reply was cut off at the output token limit.");
        if (code == u"content_filter")
            return tr("The reply was stopped by the provider's content filter.");
        return tr("The reply ended before it was complete.");
    case Type::Cancelled:
        return tr("Stopped.");
    }
    return {};
}

QString LlmError::typeName(Type type)
{
    return nameOf(kTypes, type);
}

std::optional<LlmError::Type> LlmError::typeFromName(QStringView name)
{
    return valueOf(kTypes, name);
}

bool LlmError::isTransient() const
{
    switch (type) {
    case Type::RateLimited:
        return code != kInsufficientQuota;
    case Type::Server:
    case Type::Network:
    case Type::ConnectionCut:
    case Type::Timeout:
        return true;
    case Type::Auth:
    case Type::NotFound:
    case Type::BadRequest:
    case Type::Protocol:
    case Type::Redirected:
    case Type::Incomplete:
    case Type::Cancelled:
        return false;
    }
    return false;
}

} // namespace Tandem
