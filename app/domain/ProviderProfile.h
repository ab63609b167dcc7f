#pragma once

#include <QList>
#include <QMap>
#include <QString>
#include <QUrl>

#include <optional>

namespace Tandem {

/// @brief Where and how to reach a model provider. The API key is not here: it lives in the OS keychain.
struct ProviderProfile
{
    enum class Protocol { Responses, ChatCompletions };

    QString id; ///< stable slug; also the keychain entry's key
    QString name;
    Protocol protocol = Protocol::ChatCompletions;
    QUrl baseUrl; ///< up to and including /v1, e.g. http://127.0.0.1:11434/v1
    QString defaultModel;
    QMap<QString, QString> extraHeaders; ///< sent with every request; never secrets

    static QString protocolName(Protocol protocol);
    static std::optional<Protocol> protocolFromName(QStringView name);
    /// @brief The provider new conversations use: @p chosenId when it is one of @p stored, else the first stored one;
    /// empty when none is stored. The settings and the engine both ask this, so they never disagree.
    static QString defaultAmong(const QList<ProviderProfile> &stored, const QString &chosenId);
    friend bool operator==(const ProviderProfile &, const ProviderProfile &) = default;
};

} // namespace Tandem
