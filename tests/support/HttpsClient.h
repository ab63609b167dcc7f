#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSslConfiguration>
#include <QString>
#include <QStringList>
#include <QUrl>

namespace Tandem::Test {

/// @brief Requests to a team server (`tandem serve --listen … --tls-cert … --tls-key …`) over real HTTP(S), the
/// server's certificate trusted as the only authority, so that the test checks TLS as a client would.
class HttpsClient final
{
public:
    struct Reply
    {
        int status = 0; ///< 0: no HTTP answer at all
        QNetworkReply::NetworkError error = QNetworkReply::NoError;
        QByteArray body;

        QJsonObject json() const;
        QString describe() const;
    };

    /// @brief Trusts the PEM certificate in @p certificateFile alone.
    explicit HttpsClient(const QString &certificateFile);

    Reply get(const QUrl &url, const QString &token);
    Reply post(const QUrl &url, const QString &token, const QJsonObject &body);
    /// @brief Opens @p url as an event stream and returns what arrived before its first comment (`: connected`), or
    /// the error.
    Reply openStream(const QUrl &url, const QString &token);

    /// @brief Makes a self-signed certificate for 127.0.0.1, localhost and @p otherAddresses with `openssl req` in
    /// @p folder; false (with *@p error) when openssl is missing or fails. The files are the test's own, made for this
    /// run only.
    static bool makeCertificate(const QString &folder, const QStringList &otherAddresses, QString *certificateFile,
        QString *keyFile, QString *error);

private:
    Reply finish(QNetworkReply *reply);
    QNetworkRequest request(const QUrl &url, const QString &token) const;

    QNetworkAccessManager m_network;
    QSslConfiguration m_tls;
};

} // namespace Tandem::Test
