#include "CommandLine.h"

#include "tools/Workspace.h"

#include <QDir>
#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

// The system folders the sandbox shows read-only (Bubblewrap): an absolute path there reaches nothing of the
// person's. /tmp is not one: the sandbox's is private, and a path there names something else outside.
bool isSystemPath(const QString &cleanPath)
{
    static const QStringList roots { u"/usr"_s, u"/bin"_s, u"/sbin"_s, u"/lib"_s, u"/lib64"_s, u"/etc"_s, u"/dev"_s };
    for (const QString &root : roots)
        if (cleanPath == root || cleanPath.startsWith(root + u'/'))
            return true;
    return false;
}

} // namespace

QString CommandLine::check(
    const Workspace &workspace, const QStringList &words, const QString &stdinText, const QString &folder)
{
    if (words.isEmpty() || words.constFirst().isEmpty())
        return tr("The command is empty: argv needs at least the program's name.");
    qsizetype bytes = 0;
    for (const QString &word : words) {
        if (word.contains(QChar(0)))
            return tr("An argument of the command holds a NUL byte; commands cannot receive one.");
        bytes += word.toUtf8().size() + 1;
    }
    if (bytes > kMaxArgvBytes)
        return tr("The command's arguments hold %1 bytes; at most %2 are accepted.").arg(bytes).arg(kMaxArgvBytes);
    const QByteArray input = stdinText.toUtf8();
    if (input.size() > kMaxStdinBytes)
        return tr("The command's stdin holds %1 bytes; at most %2 are accepted.").arg(input.size()).arg(kMaxStdinBytes);

    const Workspace::Resolved resolved = workspace.resolve(folder);
    if (!resolved.ok)
        return resolved.error;
    if (!QFileInfo(resolved.absolutePath).isDir())
        return tr("The working folder \"%1\" is not a folder of the workspace.").arg(resolved.relativePath);
    workingFolder = resolved.absolutePath;
    relativeFolder = resolved.relativePath;

    for (qsizetype i = 0; i < words.size(); ++i) {
        // The program itself may be named by an absolute path to the system (/usr/bin/git), as any other word.
        const QString problem = checkWord(workspace, words.at(i));
        if (!problem.isEmpty())
            return problem;
    }
    argv = words;
    stdinBytes = input;
    return {};
}

QString CommandLine::checkWord(const Workspace &workspace, const QString &word) const
{
    // A word may be an option with a path as its value (--output=../x): the value is what is checked.
    const qsizetype equals = word.startsWith(u'-') ? word.indexOf(u'=') : -1;
    const QString value = equals >= 0 ? word.mid(equals + 1) : word;
    if (value.startsWith(u'~'))
        return tr("The argument \"%1\" names the home folder; commands run inside the workspace only.").arg(word);
    const bool pathLike = value.contains(u'/') || value == u".."_s;
    if (!pathLike)
        return {};
    if (QDir::isAbsolutePath(value)) {
        const QString clean = QDir::cleanPath(value);
        if (isSystemPath(clean) || workspace.contains(clean))
            return {};
        return tr("The argument \"%1\" names a path outside the workspace; commands may reach the workspace and the "
                  "system's programs only.")
            .arg(word);
    }
    // A URL (git remotes, http) is no path of the disk.
    if (value.contains(u"://"_s))
        return {};
    const QString absolute = QDir::cleanPath(workingFolder + u'/' + value);
    if (!workspace.contains(absolute))
        return tr("The argument \"%1\" leads outside the workspace (through \"..\" or a symbolic link).").arg(word);
    return {};
}

QString CommandLine::display(const QStringList &words)
{
    QStringList shown;
    for (const QString &word : words) {
        const bool plain = !word.isEmpty() && std::all_of(word.cbegin(), word.cend(), [](QChar c) {
            return c.isLetterOrNumber() || QStringView(u"-_./=:,+@%").contains(c);
        });
        shown << (plain ? word : u'\'' + QString(word).replace(u"'"_s, u"'\\''"_s) + u'\'');
    }
    return shown.join(u' ');
}

QString CommandLine::strings(const QJsonValue &value, QStringList *out)
{
    if (!value.isArray())
        return tr("argv must be an array of strings.");
    const QJsonArray array = value.toArray();
    for (const QJsonValue &item : array) {
        if (!item.isString())
            return tr("argv must be an array of strings.");
        out->append(item.toString());
    }
    return {};
}

} // namespace Tandem
