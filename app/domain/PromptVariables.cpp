#include "PromptVariables.h"

namespace Tandem {

namespace {
bool isCapital(QChar c)
{
    return c >= u'A' && c <= u'Z';
}

bool isNameChar(QChar c)
{
    return isCapital(c) || (c >= u'0' && c <= u'9') || c == u'_';
}
} // namespace

PromptVariables::Result PromptVariables::substitute(QStringView text, const QHash<QString, QString> &values)
{
    Result result;
    result.text.reserve(text.size());
    const qsizetype size = text.size();
    qsizetype i = 0;
    while (i < size) {
        const qsizetype dollar = text.indexOf(u'$', i);
        if (dollar < 0) {
            result.text += text.sliced(i);
            break;
        }
        result.text += text.sliced(i, dollar - i);
        i = dollar + 1;
        if (i < size && text.at(i) == u'$') {
            result.text += u'$';
            ++i;
            continue;
        }
        // The name and where the written form ends: ${NAME} or $NAME.
        QStringView name;
        qsizetype end = i;
        if (i < size && text.at(i) == u'{') {
            const qsizetype close = text.indexOf(u'}', i + 1);
            if (close > 0 && isName(text.sliced(i + 1, close - i - 1))) {
                name = text.sliced(i + 1, close - i - 1);
                end = close + 1;
            }
        } else if (i < size && isCapital(text.at(i))) {
            end = i + 1;
            while (end < size && isNameChar(text.at(end)))
                ++end;
            name = text.sliced(i, end - i);
        }
        if (name.isEmpty()) {
            result.text += u'$';
            continue;
        }
        const QString key = name.toString();
        if (const auto value = values.constFind(key); value != values.cend()) {
            result.text += value.value();
        } else {
            result.text += text.sliced(dollar, end - dollar);
            if (!result.unknown.contains(key))
                result.unknown << key;
        }
        i = end;
    }
    return result;
}

QStringList PromptVariables::used(QStringView text)
{
    return substitute(text, {}).unknown;
}

bool PromptVariables::isName(QStringView name)
{
    if (name.isEmpty() || !isCapital(name.front()))
        return false;
    for (const QChar c : name)
        if (!isNameChar(c))
            return false;
    return true;
}

} // namespace Tandem
