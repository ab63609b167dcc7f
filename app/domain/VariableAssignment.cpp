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
    return PromptVariables::isName(name) ? QString() : sentence(name + u'=' + value);
}

} // namespace Tandem
