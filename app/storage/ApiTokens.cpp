#include "ApiTokens.h"

#include <QCryptographicHash>
#include <QRandomGenerator>

#include <array>

using namespace Qt::StringLiterals;

namespace Tandem {

QByteArray ApiTokens::hashOf(const QString &token)
{
    return QCryptographicHash::hash(token.toUtf8(), QCryptographicHash::Sha256);
}

QString ApiTokens::newToken()
{
    std::array<quint32, 8> words {};
    QRandomGenerator::system()->fillRange(words.data(), words.size());
    const QByteArray bytes(reinterpret_cast<const char *>(words.data()), qsizetype(sizeof(words)));
    return u"tdm_"_s
        + QString::fromLatin1(bytes.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

} // namespace Tandem
