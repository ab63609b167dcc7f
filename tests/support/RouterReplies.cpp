#include "RouterReplies.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace Tandem::Test {

QString RouterReplies::json(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

ScriptedReply RouterReplies::classified(const QString &agent, double confidence)
{
    return ScriptedReply::text(
        { json({ { u"agent"_s, agent }, { u"confidence"_s, confidence }, { u"reason"_s, u"test"_s } }) });
}

} // namespace Tandem::Test
