#include "ConfirmationReply.h"

#include <QRegularExpression>
#include <QSet>
#include <QStringList>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
// Words that only soften an answer ("yes please", "да, конечно"); they decide nothing alone.
const QSet<QString> &fillers()
{
    static const QSet<QString> words { u"please"_s, u"thanks"_s, u"thank"_s, u"you"_s, u"it"_s, u"that"_s, u"this"_s,
        u"is"_s, u"correct"_s, u"right"_s, u"пожалуйста"_s, u"спасибо"_s, u"это"_s, u"верно"_s, u"правильно"_s,
        u"так"_s };
    return words;
}
const QSet<QString> &yesWords()
{
    static const QSet<QString> words { u"yes"_s, u"y"_s, u"yeah"_s, u"yep"_s, u"yup"_s, u"sure"_s, u"ok"_s, u"okay"_s,
        u"k"_s, u"confirm"_s, u"confirmed"_s, u"go"_s, u"ahead"_s, u"do"_s, u"proceed"_s, u"absolutely"_s,
        u"definitely"_s, u"да"_s, u"ага"_s, u"угу"_s, u"ок"_s, u"окей"_s, u"конечно"_s, u"давай"_s, u"подтверждаю"_s,
        u"хорошо"_s, u"ладно"_s, u"верно"_s, u"точно"_s, u"д"_s };
    return words;
}
const QSet<QString> &noWords()
{
    static const QSet<QString> words { u"no"_s, u"n"_s, u"nope"_s, u"nah"_s, u"cancel"_s, u"stop"_s, u"don't"_s,
        u"dont"_s, u"not"_s, u"never"_s, u"abort"_s, u"нет"_s, u"не"_s, u"надо"_s, u"отмена"_s, u"отмени"_s,
        u"отменить"_s, u"неа"_s, u"стоп"_s, u"н"_s };
    return words;
}
} // namespace

ConfirmationReply::Kind ConfirmationReply::classify(const QString &text)
{
    static const QRegularExpression separators(u"[^\\w'’]+"_s, QRegularExpression::UseUnicodePropertiesOption);
    QStringList words = text.toLower().replace(u'’', u'\'').split(separators, Qt::SkipEmptyParts);
    if (words.isEmpty() || words.size() > 6)
        return Kind::Other;
    int yes = 0;
    int no = 0;
    for (const QString &word : std::as_const(words)) {
        // "не надо" is a refusal although "надо" alone is not a word of either kind.
        if (noWords().contains(word))
            ++no;
        else if (yesWords().contains(word))
            ++yes;
        else if (!fillers().contains(word))
            return Kind::Other;
    }
    if (no > 0)
        return Kind::No;
    return yes > 0 ? Kind::Yes : Kind::Other;
}

} // namespace Tandem
