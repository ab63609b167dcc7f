#include "VariableAssignment.h"

#include "PromptVariables.h"

namespace Tandem {

namespace {
QString sentence(const QString &assignment)
{
    return VariableAssignment::tr("“--var %1”: write NAME=value, NAME in capitals, digits and underscores, "
                                  "starting with a capital (such as STORY_ID=v0.1:1.1.1).")
        .arg(assignment);
}
} // namespace

QString VariableAssignment::problem(const QString &assignment)
{
    const qsizetype equals = assignment.indexOf(u'=');
    return equals >= 0 && PromptVariables::isName(QStringView(assignment).left(equals)) ? QString()
                                                                                        : sentence(assignment);
}

QString VariableAssignment::problem(const QString &name, const QString &value)
{
    Q_UNUSED(value)
    // The window's fields hold a name and a value, not NAME=value: the same rule in the form's words.
    return PromptVariables::isName(name)
        ? QString()
        : tr("“%1” cannot be a variable's name: use capitals, digits and underscores, starting with a capital "
             "(such as STORY_ID).")
              .arg(name);
}

} // namespace Tandem
