#include "ApiListen.h"

#include <QHostAddress>

using namespace Qt::StringLiterals;

namespace Tandem {

bool ApiListen::isLoopback() const
{
    if (address.compare(u"localhost"_s, Qt::CaseInsensitive) == 0)
        return true;
    const QHostAddress host(address);
    return !host.isNull() && host.isLoopback();
}

bool ApiListen::parse(const QString &text)
{
    QString host = text.trimmed();
    QString portText;
    if (host.startsWith(u'[')) {
        const qsizetype close = host.indexOf(u']');
        const QString rest = close < 0 ? QString() : host.mid(close + 1);
        if (close < 0 || (!rest.isEmpty() && !rest.startsWith(u':')))
            return false;
        portText = rest.isEmpty() ? QString() : rest.mid(1);
        if (!rest.isEmpty() && portText.isEmpty())
            return false;
        host = host.mid(1, close - 1);
    } else if (host.count(u':') == 1) {
        portText = host.section(u':', 1);
        host = host.section(u':', 0, 0);
        if (portText.isEmpty())
            return false;
    }
    if (host.compare(u"localhost"_s, Qt::CaseInsensitive) != 0 && QHostAddress(host).isNull())
        return false;
    uint value = port;
    if (!portText.isEmpty()) {
        bool ok = false;
        value = portText.toUInt(&ok);
        if (!ok || value > 65535)
            return false;
    }
    address = host;
    port = quint16(value);
    return true;
}

} // namespace Tandem
