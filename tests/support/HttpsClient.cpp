#include "HttpsClient.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QNetworkRequest>
#include <QProcess>
#include <QSslCertificate>
#include <QStandardPaths>
#include <QTest>

using namespace Qt::StringLiterals;

namespace Tandem::Test {

QJsonObject HttpsClient::Reply::json() const
{
    return QJsonDocument::fromJson(body).object();
}

QString HttpsClient::Reply::describe() const
{
    return u"status %1, error %2: %3"_s.arg(status).arg(int(error)).arg(QString::fromUtf8(body.left(500)));
}

HttpsClient::HttpsClient(const QString &certificateFile)
    : m_tls(QSslConfiguration::defaultConfiguration())
{
    QFile file(certificateFile);
    if (file.open(QIODevice::ReadOnly))
        m_tls.setCaCertificates(QSslCertificate::fromData(file.readAll(), QSsl::Pem));
    m_network.setAutoDeleteReplies(false);
}

QNetworkRequest HttpsClient::request(const QUrl &url, const QString &token) const
{
    QNetworkRequest request(url);
    request.setSslConfiguration(m_tls);
    request.setTransferTimeout(20000);
    request.setHeader(QNetworkRequest::ContentTypeHeader, u"application/json"_s);
    if (!token.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + token.toUtf8());
    return request;
}

HttpsClient::Reply HttpsClient::finish(QNetworkReply *reply)
{
    [[maybe_unused]] const bool finished = QTest::qWaitFor([reply] { return reply->isFinished(); }, 30000);
    Reply result;
    result.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    result.error = reply->error();
    result.body = reply->readAll();
    reply->deleteLater();
    return result;
}

HttpsClient::Reply HttpsClient::get(const QUrl &url, const QString &token)
{
    return finish(m_network.get(request(url, token)));
}

HttpsClient::Reply HttpsClient::post(const QUrl &url, const QString &token, const QJsonObject &body)
{
    return finish(m_network.post(request(url, token), QJsonDocument(body).toJson(QJsonDocument::Compact)));
}

HttpsClient::Reply HttpsClient::openStream(const QUrl &url, const QString &token)
{
    QNetworkReply *reply = m_network.get(request(url, token));
    Reply result;
    [[maybe_unused]] const bool arrived = QTest::qWaitFor(
        [&] {
            result.body += reply->readAll();
            return reply->isFinished() || result.body.contains(": connected");
        },
        30000);
    result.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    result.error = reply->isFinished() ? reply->error() : QNetworkReply::NoError;
    reply->abort();
    reply->deleteLater();
    return result;
}

bool HttpsClient::makeCertificate(const QString &folder, const QStringList &otherAddresses, QString *certificateFile,
    QString *keyFile, QString *error)
{
    QString names = u"subjectAltName=IP:127.0.0.1,DNS:localhost"_s;
    for (const QString &address : otherAddresses)
        names += u",IP:"_s + address;
    const QString openssl = QStandardPaths::findExecutable(u"openssl"_s);
    if (openssl.isEmpty()) {
        *error = u"openssl is not installed"_s;
        return false;
    }
    *certificateFile = QDir(folder).filePath(u"server.pem"_s);
    *keyFile = QDir(folder).filePath(u"server.key"_s);
    QProcess process;
    process.start(openssl,
        { u"req"_s, u"-x509"_s, u"-newkey"_s, u"rsa:2048"_s, u"-nodes"_s, u"-days"_s, u"1"_s, u"-subj"_s,
            u"/CN=localhost"_s, u"-addext"_s, names, u"-keyout"_s, *keyFile, u"-out"_s, *certificateFile });
    if (!process.waitForFinished(60000) || process.exitCode() != 0) {
        *error = QString::fromUtf8(process.readAllStandardError());
        return false;
    }
    return true;
}

} // namespace Tandem::Test
