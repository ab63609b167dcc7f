#include "DataLimits.h"

#include <QJsonArray>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace Tandem {

QString DataLimits::toolCallProblem(QStringView callId, QStringView name, QStringView arguments)
{
    // English: the model reads it, as it reads the other refusals of a tool call.
    if (callId.size() > kMaxNameLength)
        return u"The call id is longer than %1 characters: the call was not carried out."_s.arg(kMaxNameLength);
    if (name.size() > kMaxNameLength)
        return u"The tool name is longer than %1 characters: there is no such tool, and the call was not carried "
               u"out."_s.arg(kMaxNameLength);
    if (arguments.size() > kMaxTextLength)
        return u"The arguments are longer than %1 characters (%2): the call was not carried out. Pass less."_s
            .arg(kMaxTextLength)
            .arg(arguments.size());
    return {};
}

QString DataLimits::payloadProblem(const QJsonValue &payload)
{
    return payloadProblemAt(payload, 0);
}

QString DataLimits::payloadProblemAt(const QJsonValue &value, int depth)
{
    if (depth > kMaxPayloadDepth)
        return tr("The payload is nested more than %n levels deep.", nullptr, kMaxPayloadDepth);
    if (value.isString() && value.toString().size() > kMaxTextLength)
        return tr("The payload holds a text longer than %n characters.", nullptr, int(kMaxTextLength));
    if (value.isObject()) {
        const QJsonObject members = value.toObject();
        for (auto it = members.constBegin(); it != members.constEnd(); ++it) {
            if (it.key().size() > kMaxTextLength)
                return tr("The payload holds a text longer than %n characters.", nullptr, int(kMaxTextLength));
            if (QString problem = payloadProblemAt(it.value(), depth + 1); !problem.isEmpty())
                return problem;
        }
    } else if (value.isArray()) {
        const QJsonArray items = value.toArray();
        for (const QJsonValue &item : items)
            if (QString problem = payloadProblemAt(item, depth + 1); !problem.isEmpty())
                return problem;
    }
    return {};
}

QString DataLimits::wellFormed(const QString &text)
{
    if (text.isValidUtf16())
        return text;
    QString repaired = text;
    const qsizetype size = repaired.size();
    for (qsizetype i = 0; i < size; ++i) {
        const QChar c = repaired.at(i);
        if (c.isHighSurrogate() && i + 1 < size && repaired.at(i + 1).isLowSurrogate()) {
            ++i; // a pair: both kept
            continue;
        }
        if (c.isSurrogate())
            repaired[i] = QChar::ReplacementCharacter;
    }
    return repaired;
}

} // namespace Tandem
