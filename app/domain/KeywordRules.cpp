#include "KeywordRules.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace Tandem {

QList<KeywordRules::Rule> KeywordRules::defaults()
{
    return {
        { kTracking.toString(),
            { u"what should i work on"_s, u"progress"_s, u"status"_s, u"stale"_s, u"stats"_s, u"statistic"_s,
                u"overdue"_s, u"next action"_s, u"how am i doing"_s, u"прогресс"_s, u"статус"_s, u"статистик"_s,
                u"просроч"_s, u"застрял"_s, u"над чем работать"_s, u"что делать дальше"_s } },
        { kTask.toString(),
            { u"task"_s, u"todo"_s, u"to-do"_s, u"create"_s, u"add"_s, u"complete"_s, u"finish"_s, u"mark"_s,
                u"delete"_s, u"remove"_s, u"update"_s, u"rename"_s, u"remind"_s, u"задач"_s, u"созда"_s, u"добав"_s,
                u"заверш"_s, u"выполн"_s, u"удали"_s, u"измени"_s, u"отметь"_s, u"напомн"_s } },
        { kQa.toString(),
            { u"how do i"_s, u"how to"_s, u"how can i"_s, u"what is"_s, u"explain"_s, u"feature"_s, u"tip"_s,
                u"advice"_s, u"adhd"_s, u"focus"_s, u"productiv"_s, u"как мне"_s, u"как сделать"_s, u"что такое"_s,
                u"объясни"_s, u"совет"_s, u"функци"_s, u"сдвг"_s, u"продуктивн"_s } },
    };
}

QString KeywordRules::match(const QString &text, const QList<Rule> &rules)
{
    const QString lower = text.toLower();
    QString best;
    int bestCount = 0;
    for (const Rule &rule : rules) {
        int count = 0;
        for (const QString &keyword : rule.keywords) {
            const QRegularExpression word(
                u"(?<!\\w)"_s + QRegularExpression::escape(keyword), QRegularExpression::UseUnicodePropertiesOption);
            if (word.match(lower).hasMatch())
                ++count;
        }
        if (count > bestCount) {
            best = rule.agentId;
            bestCount = count;
        }
    }
    return best;
}

} // namespace Tandem
