#include "OutsideRunner.h"

#include <QProcess>

namespace Tandem {

QString OutsideRunner::split(QStringView text, QStringList *argv)
{
    if (text.count(u'"') % 2 != 0)
        return tr("The command line has a double quote that is not closed.");
    // No shell: a pipe, a variable or a redirection would be passed to the program as a word and surprise.
    *argv = QProcess::splitCommand(text);
    if (argv->isEmpty())
        return tr("The command line is empty.");
    return {};
}

} // namespace Tandem
