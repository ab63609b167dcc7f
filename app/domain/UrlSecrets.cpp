#include "UrlSecrets.h"

#include <QUrlQuery>

using namespace Qt::StringLiterals;

namespace Tandem {

bool UrlSecrets::isSecretParameter(QStringView name)
{
    QString normalized = name.toString().toLower();
    normalized.remove(u'-');
    normalized.remove(u'_');
    static const QStringView kEndings[]
        = { u"key", u"token", u"secret", u"password", u"passwd", u"credential", u"credentials" };
    for (const QStringView ending : kEndings)
        if (normalized.endsWith(ending))
            return true;
    return normalized == u"auth" || normalized == u"authorization" || normalized == u"sig" || normalized == u"signature"
        || normalized == u"pwd";
}

QString UrlSecrets::secretParameter(const QUrl &url)
{
    const QList<std::pair<QString, QString>> items = QUrlQuery(url).queryItems(QUrl::FullyDecoded);
    for (const auto &item : items)
        if (isSecretParameter(item.first))
            return item.first;
    return {};
}

QString UrlSecrets::redacted(const QUrl &url)
{
    QUrl shown = url.adjusted(QUrl::RemoveUserInfo);
    if (url.hasQuery()) {
        QList<std::pair<QString, QString>> items = QUrlQuery(url).queryItems(QUrl::FullyDecoded);
        for (auto &item : items)
            if (isSecretParameter(item.first))
                item.second = u"…"_s;
        QUrlQuery cleaned;
        cleaned.setQueryItems(items);
        shown.setQuery(cleaned);
    }
    return shown.toDisplayString();
}

} // namespace Tandem
