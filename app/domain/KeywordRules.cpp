#include "KeywordRules.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace Tandem {

QList<KeywordRules::Rule> KeywordRules::of(const QList<Agent> &agents)
{
    QList<Rule> rules;
    for (const Agent &agent : agents)
        if (!agent.handles.isEmpty())
            rules << Rule { agent.id, agent.handles };
    return rules;
}

QString KeywordRules::match(const QString &text, const QList<Rule> &rules)
{
    const QString lower = text.toLower();
    QString best;
    int bestCount = 0;
    qsizetype bestLength = 0;
    for (const Rule &rule : rules) {
        int count = 0;
        qsizetype length = 0;
        for (const QString &keyword : rule.keywords) {
            const QString lowerKeyword = keyword.trimmed().toLower();
            if (lowerKeyword.isEmpty())
                continue;
            const QRegularExpression word(u"(?<!\\w)"_s + QRegularExpression::escape(lowerKeyword),
                QRegularExpression::UseUnicodePropertiesOption);
            if (word.match(lower).hasMatch()) {
                ++count;
                length += lowerKeyword.size();
            }
        }
        // The agents' order is the files', not a ranking: between equal counts the more specific (longer) words win.
        if (count > bestCount || (count > 0 && count == bestCount && length > bestLength)) {
            best = rule.agentId;
            bestCount = count;
            bestLength = length;
        }
    }
    return best;
}

} // namespace Tandem
