#include "tools/DeleteFileTool.h"
#include "tools/ListFilesTool.h"
#include "tools/ReadFileTool.h"
#include "tools/ToolRegistry.h"
#include "tools/Workspace.h"
#include "tools/WriteFileTool.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using Tandem::ToolContext;
using Tandem::ToolRegistry;
using Tandem::ToolResult;
using Tandem::Workspace;

namespace {

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<missing>");
}

bool writeAll(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

QJsonObject parse(const QString &json)
{
    return QJsonDocument::fromJson(json.toUtf8()).object();
}

const QString kEscapeMessage
    = u"The path \"%1\" goes through a symbolic link that leads outside the workspace folder."_s;

} // namespace

// Each test gets a fresh pair of real folders: the workspace and, beside it, an "outside" the tools must not touch.
class TestFileTools : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void noWorkspace_data();
    void noWorkspace();
    void missingWorkspaceFolder();
    void resolve_data();
    void resolve();

    void listFolder();
    void listRecursive();
    void listCap();
    void listErrors();

    void readText();
    void readSizeCap();
    void readBinaryRefused_data();
    void readBinaryRefused();
    void readErrors();

    void writeCreatesFoldersAtomically();
    void writeErrors();

    void deleteFile();
    void deleteErrors();

    void dotDotRefused_data();
    void dotDotRefused();
    void absoluteRefused_data();
    void absoluteRefused();
    void symlinkEscapeRefused_data();
    void symlinkEscapeRefused();
    void symlinkInsideAllowed();
    void rootThroughSymlink();

private:
    ToolResult run(const QString &tool, const QJsonObject &arguments) const
    {
        return m_registry.run(tool, arguments, m_context);
    }
    QString ws(const QString &relative) const { return m_workspace->filePath(relative); }
    QString out(const QString &relative) const { return m_outside->filePath(relative); }

    ToolRegistry m_registry = ToolRegistry::withBuiltins();
    std::unique_ptr<QTemporaryDir> m_workspace;
    std::unique_ptr<QTemporaryDir> m_outside;
    ToolContext m_context;
};

void TestFileTools::init()
{
    m_workspace = std::make_unique<QTemporaryDir>();
    m_outside = std::make_unique<QTemporaryDir>();
    QVERIFY(m_workspace->isValid());
    QVERIFY(m_outside->isValid());
    m_context = ToolContext { 42, u"agent1"_s, m_workspace->path() };

    QVERIFY(writeAll(ws(u"notes.txt"_s), "hello\n"));
    QVERIFY(writeAll(ws(u"docs/guide.md"_s), "# Guide\n"));
    QVERIFY(writeAll(out(u"secret.txt"_s), "top secret"));
}

void TestFileTools::cleanup()
{
    m_workspace.reset();
    m_outside.reset();
}

void TestFileTools::noWorkspace_data()
{
    QTest::addColumn<QString>("tool");
    QTest::addColumn<QJsonObject>("arguments");

    QTest::newRow("list_files") << u"list_files"_s << QJsonObject {};
    QTest::newRow("read_file") << u"read_file"_s << QJsonObject { { u"path"_s, u"notes.txt"_s } };
    QTest::newRow("write_file") << u"write_file"_s
                                << QJsonObject { { u"path"_s, u"new.txt"_s }, { u"content"_s, u"x"_s } };
    QTest::newRow("delete_file") << u"delete_file"_s << QJsonObject { { u"path"_s, u"notes.txt"_s } };
}

void TestFileTools::noWorkspace()
{
    QFETCH(QString, tool);
    QFETCH(QJsonObject, arguments);

    ToolContext context = m_context;
    context.workspaceRoot.clear();
    const ToolResult result = m_registry.run(tool, arguments, context);
    QVERIFY(!result.ok);
    QCOMPARE(result.error, u"No workspace folder is chosen. Ask the person to choose one for this conversation."_s);
    // The current folder of the process is not a fallback.
    QVERIFY(!QFile::exists(u"new.txt"_s));
}

void TestFileTools::missingWorkspaceFolder()
{
    m_context.workspaceRoot = ws(u"gone"_s);
    const ToolResult result = run(u"list_files"_s, {});
    QVERIFY(!result.ok);
    QCOMPARE(result.error, u"The workspace folder %1 does not exist or is not a folder."_s.arg(ws(u"gone"_s)));

    m_context.workspaceRoot = ws(u"notes.txt"_s);
    QCOMPARE(run(u"list_files"_s, {}).error,
        u"The workspace folder %1 does not exist or is not a folder."_s.arg(ws(u"notes.txt"_s)));
}

void TestFileTools::resolve_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("relative"); // empty: refused

    QTest::newRow("empty is the root") << QString() << u"."_s;
    QTest::newRow("dot") << u"."_s << u"."_s;
    QTest::newRow("file") << u"notes.txt"_s << u"notes.txt"_s;
    QTest::newRow("dot slash") << u"./docs/guide.md"_s << u"docs/guide.md"_s;
    QTest::newRow("double slashes") << u"docs//guide.md"_s << u"docs/guide.md"_s;
    QTest::newRow("trailing slash") << u"docs/"_s << u"docs"_s;
    QTest::newRow("dot-dot that stays inside") << u"docs/../notes.txt"_s << u"notes.txt"_s;
    QTest::newRow("not yet existing") << u"new/deeper/file.txt"_s << u"new/deeper/file.txt"_s;
    QTest::newRow("name starting with dots") << u"..hidden"_s << u"..hidden"_s;
    QTest::newRow("parent") << u".."_s << QString();
    QTest::newRow("escape") << u"../x"_s << QString();
    QTest::newRow("escape after a folder") << u"docs/../../x"_s << QString();
    QTest::newRow("absolute") << u"/etc/passwd"_s << QString();
    QTest::newRow("home") << u"~/x"_s << QString();
}

void TestFileTools::resolve()
{
    QFETCH(QString, path);
    QFETCH(QString, relative);

    const Workspace workspace(m_workspace->path());
    QVERIFY(workspace.isSet());
    const Workspace::Resolved resolved = workspace.resolve(path);
    QCOMPARE(resolved.ok, !relative.isEmpty());
    if (resolved.ok) {
        QCOMPARE(resolved.relativePath, relative);
        const QString root = QFileInfo(m_workspace->path()).canonicalFilePath();
        QCOMPARE(resolved.absolutePath, relative == u"." ? root : root + u'/' + relative);
        QVERIFY(workspace.contains(resolved.absolutePath));
    } else {
        QVERIFY(!resolved.error.isEmpty());
        QCOMPARE(resolved.absolutePath, QString());
    }
    QVERIFY(!workspace.contains(out(u"secret.txt"_s)));
    QVERIFY(!Workspace().isSet());
}

void TestFileTools::listFolder()
{
    QVERIFY(writeAll(ws(u"Zeta.bin"_s), QByteArray(3, 'z')));
    QVERIFY(writeAll(ws(u".hidden"_s), "h"));

    const ToolResult result = run(u"list_files"_s, {});
    QVERIFY2(result.ok, qPrintable(result.error));
    // Sorted by name (a plain comparison: '.' < 'Z' < 'd' < 'n'), hidden files included, sizes in bytes.
    QCOMPARE(result.output,
        uR"({"entries":[)"
        uR"({"name":".hidden","path":".hidden","size":1,"type":"file"},)"
        uR"({"name":"Zeta.bin","path":"Zeta.bin","size":3,"type":"file"},)"
        uR"({"name":"docs","path":"docs","type":"directory"},)"
        uR"({"name":"notes.txt","path":"notes.txt","size":6,"type":"file"}],)"
        uR"("path":".","truncated":false})"_s);

    const ToolResult docs = run(u"list_files"_s, QJsonObject { { u"path"_s, u"docs"_s } });
    QCOMPARE(docs.output,
        uR"({"entries":[{"name":"guide.md","path":"docs/guide.md","size":8,"type":"file"}],)"
        uR"("path":"docs","truncated":false})"_s);

    QVERIFY(QDir(ws(u"empty"_s)).mkpath(u"."_s));
    QCOMPARE(run(u"list_files"_s, QJsonObject { { u"path"_s, u"empty"_s } }).output,
        uR"({"entries":[],"path":"empty","truncated":false})"_s);
}

void TestFileTools::listRecursive()
{
    QVERIFY(writeAll(ws(u"docs/api/ref.md"_s), "ref"));
    QVERIFY(writeAll(ws(u".git/HEAD"_s), "ref: main"));
    QVERIFY(QFile::link(m_outside->path(), ws(u"docs/outlink"_s)));

    const ToolResult result = run(u"list_files"_s, QJsonObject { { u"path"_s, u"docs"_s }, { u"recursive"_s, true } });
    QVERIFY2(result.ok, qPrintable(result.error));
    // Depth first; links are listed but never entered.
    QCOMPARE(result.output,
        uR"({"entries":[)"
        uR"({"name":"api","path":"docs/api","type":"directory"},)"
        uR"({"name":"ref.md","path":"docs/api/ref.md","size":3,"type":"file"},)"
        uR"({"name":"guide.md","path":"docs/guide.md","size":8,"type":"file"},)"
        uR"({"name":"outlink","path":"docs/outlink","type":"symlink"}],)"
        uR"("path":"docs","truncated":false})"_s);

    // .git is listed but not entered.
    const QJsonArray entries
        = parse(run(u"list_files"_s, QJsonObject { { u"recursive"_s, true } }).output).value(u"entries").toArray();
    QStringList paths;
    for (const QJsonValue &entry : entries)
        paths << entry.toObject().value(u"path").toString();
    QCOMPARE(paths,
        (QStringList { u".git"_s, u"docs"_s, u"docs/api"_s, u"docs/api/ref.md"_s, u"docs/guide.md"_s, u"docs/outlink"_s,
            u"notes.txt"_s }));
}

void TestFileTools::listCap()
{
    const int total = Tandem::ListFilesTool::kMaxEntries + 5;
    for (int i = 0; i < total; ++i)
        QVERIFY(writeAll(ws(u"many/f%1.txt"_s.arg(i, 4, 10, QChar(u'0'))), "x"));

    const QJsonObject output = parse(run(u"list_files"_s, QJsonObject { { u"path"_s, u"many"_s } }).output);
    QCOMPARE(output.value(u"entries").toArray().size(), Tandem::ListFilesTool::kMaxEntries);
    QCOMPARE(output.value(u"truncated").toBool(), true);
    QCOMPARE(output.value(u"entries").toArray().last().toObject().value(u"name").toString(), u"f0999.txt"_s);

    const QJsonObject recursive = parse(run(u"list_files"_s, QJsonObject { { u"recursive"_s, true } }).output);
    QCOMPARE(recursive.value(u"entries").toArray().size(), Tandem::ListFilesTool::kMaxEntries);
    QCOMPARE(recursive.value(u"truncated").toBool(), true);
}

void TestFileTools::listErrors()
{
    QCOMPARE(run(u"list_files"_s, QJsonObject { { u"path"_s, u"nowhere"_s } }).error,
        u"The folder \"nowhere\" does not exist in the workspace."_s);
    QCOMPARE(run(u"list_files"_s, QJsonObject { { u"path"_s, u"notes.txt"_s } }).error,
        u"\"notes.txt\" is a file, not a folder; use read_file to read it."_s);
}

void TestFileTools::readText()
{
    QVERIFY(writeAll(ws(u"docs/utf8.txt"_s), QString(u"Grüße, мир ✓\r\n"_s).toUtf8()));

    const ToolResult result = run(u"read_file"_s, QJsonObject { { u"path"_s, u"notes.txt"_s } });
    QVERIFY2(result.ok, qPrintable(result.error));
    QCOMPARE(result.output, uR"({"content":"hello\n","path":"notes.txt","size":6})"_s);

    const QJsonObject utf8 = parse(run(u"read_file"_s, QJsonObject { { u"path"_s, u"./docs/utf8.txt"_s } }).output);
    QCOMPARE(utf8.value(u"content").toString(), u"Grüße, мир ✓\r\n"_s);
    QCOMPARE(utf8.value(u"path").toString(), u"docs/utf8.txt"_s);

    QVERIFY(writeAll(ws(u"empty.txt"_s), QByteArray()));
    QCOMPARE(run(u"read_file"_s, QJsonObject { { u"path"_s, u"empty.txt"_s } }).output,
        uR"({"content":"","path":"empty.txt","size":0})"_s);
}

void TestFileTools::readSizeCap()
{
    const qint64 cap = Tandem::ReadFileTool::kMaxBytes;
    QCOMPARE(cap, 256 * 1024);
    QVERIFY(writeAll(ws(u"at-cap.txt"_s), QByteArray(cap, 'a')));
    QVERIFY(writeAll(ws(u"over-cap.txt"_s), QByteArray(cap + 1, 'a')));

    const ToolResult atCap = run(u"read_file"_s, QJsonObject { { u"path"_s, u"at-cap.txt"_s } });
    QVERIFY2(atCap.ok, qPrintable(atCap.error));
    QCOMPARE(parse(atCap.output).value(u"content").toString().size(), cap);

    const ToolResult over = run(u"read_file"_s, QJsonObject { { u"path"_s, u"over-cap.txt"_s } });
    QVERIFY(!over.ok);
    QCOMPARE(over.error, u"The file \"over-cap.txt\" has 262145 bytes; read_file reads at most 256 KiB."_s);
}

void TestFileTools::readBinaryRefused_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::newRow("NUL byte") << QByteArray("text\0more", 9);
    QTest::newRow("PNG header") << QByteArray("\x89PNG\r\n\x1a\n", 8);
    QTest::newRow("Latin-1, not UTF-8") << QByteArray("caf\xe9");
    QTest::newRow("truncated UTF-8 sequence") << QByteArray("abc\xe2\x9c");
}

void TestFileTools::readBinaryRefused()
{
    QFETCH(QByteArray, bytes);
    QVERIFY(writeAll(ws(u"blob"_s), bytes));
    const ToolResult result = run(u"read_file"_s, QJsonObject { { u"path"_s, u"blob"_s } });
    QVERIFY(!result.ok);
    QCOMPARE(result.error, u"The file \"blob\" looks binary (not UTF-8 text); read_file only reads text."_s);
}

void TestFileTools::readErrors()
{
    QCOMPARE(run(u"read_file"_s, QJsonObject { { u"path"_s, u"nothing.txt"_s } }).error,
        u"The file \"nothing.txt\" does not exist in the workspace."_s);
    QCOMPARE(run(u"read_file"_s, QJsonObject { { u"path"_s, u"docs"_s } }).error,
        u"\"docs\" is a folder, not a file; use list_files to see its contents."_s);
    QCOMPARE(run(u"read_file"_s, QJsonObject { { u"path"_s, QString() } }).error,
        u"\".\" is a folder, not a file; use list_files to see its contents."_s);
}

void TestFileTools::writeCreatesFoldersAtomically()
{
    const ToolResult created
        = run(u"write_file"_s, QJsonObject { { u"path"_s, u"src/app/main.txt"_s }, { u"content"_s, u"één\n"_s } });
    QVERIFY2(created.ok, qPrintable(created.error));
    QCOMPARE(created.output, uR"({"bytes":6,"created":true,"path":"src/app/main.txt"})"_s);
    QCOMPARE(readAll(ws(u"src/app/main.txt"_s)), QString(u"één\n"_s).toUtf8());

    const ToolResult replaced
        = run(u"write_file"_s, QJsonObject { { u"path"_s, u"notes.txt"_s }, { u"content"_s, u"bye"_s } });
    QCOMPARE(replaced.output, uR"({"bytes":3,"created":false,"path":"notes.txt"})"_s);
    QCOMPARE(readAll(ws(u"notes.txt"_s)), QByteArray("bye"));

    QCOMPARE(run(u"write_file"_s, QJsonObject { { u"path"_s, u"notes.txt"_s }, { u"content"_s, QString() } }).output,
        uR"({"bytes":0,"created":false,"path":"notes.txt"})"_s);
    QCOMPARE(readAll(ws(u"notes.txt"_s)), QByteArray());

    // QSaveFile leaves no temporary files behind.
    QCOMPARE(QDir(ws(u"src/app"_s)).entryList(QDir::Files | QDir::Hidden), QStringList { u"main.txt"_s });
}

void TestFileTools::writeErrors()
{
    QCOMPARE(run(u"write_file"_s, QJsonObject { { u"path"_s, u"docs"_s }, { u"content"_s, u"x"_s } }).error,
        u"\"docs\" is a folder; write_file needs the path of a file."_s);
    QCOMPARE(
        run(u"write_file"_s, QJsonObject { { u"path"_s, u"notes.txt/inner.txt"_s }, { u"content"_s, u"x"_s } }).error,
        u"The folder for \"notes.txt/inner.txt\" could not be created."_s);
    QCOMPARE(run(u"write_file"_s, QJsonObject { { u"path"_s, u"a.txt"_s } }).error,
        u"Invalid arguments for write_file: \"content\" is required."_s);
    QCOMPARE(readAll(ws(u"notes.txt"_s)), QByteArray("hello\n"));
}

void TestFileTools::deleteFile()
{
    const ToolResult result = run(u"delete_file"_s, QJsonObject { { u"path"_s, u"docs/guide.md"_s } });
    QVERIFY2(result.ok, qPrintable(result.error));
    QCOMPARE(result.output, uR"({"deleted":true,"path":"docs/guide.md"})"_s);
    QVERIFY(!QFile::exists(ws(u"docs/guide.md"_s)));
    QVERIFY(QFileInfo(ws(u"docs"_s)).isDir());
}

void TestFileTools::deleteErrors()
{
    QCOMPARE(run(u"delete_file"_s, QJsonObject { { u"path"_s, u"docs"_s } }).error,
        u"\"docs\" is a folder; delete_file deletes files only."_s);
    QCOMPARE(run(u"delete_file"_s, QJsonObject { { u"path"_s, u"."_s } }).error,
        u"\".\" is a folder; delete_file deletes files only."_s);
    QCOMPARE(run(u"delete_file"_s, QJsonObject { { u"path"_s, u"nothing.txt"_s } }).error,
        u"The file \"nothing.txt\" does not exist in the workspace."_s);
    QVERIFY(QFile::exists(ws(u"docs/guide.md"_s)));
}

void TestFileTools::dotDotRefused_data()
{
    QTest::addColumn<QString>("tool");
    QTest::addColumn<QString>("path");

    for (const QString &tool : { u"list_files"_s, u"read_file"_s, u"write_file"_s, u"delete_file"_s }) {
        QTest::addRow("%s: ..", qPrintable(tool)) << tool << u".."_s;
        QTest::addRow("%s: into the sibling folder", qPrintable(tool)) << tool << u"../{outside}/secret.txt"_s;
        QTest::addRow("%s: via a subfolder", qPrintable(tool)) << tool << u"docs/../../x"_s;
        QTest::addRow("%s: deep", qPrintable(tool)) << tool << u"docs/../../../../../../etc/passwd"_s;
    }
}

void TestFileTools::dotDotRefused()
{
    QFETCH(QString, tool);
    QFETCH(QString, path);
    path.replace(u"{outside}"_s, QFileInfo(m_outside->path()).fileName());

    QJsonObject arguments { { u"path"_s, path } };
    if (tool == u"write_file")
        arguments.insert(u"content"_s, u"pwned"_s);
    const ToolResult result = run(tool, arguments);
    QVERIFY(!result.ok);
    QCOMPARE(result.error, u"The path \"%1\" leads outside the workspace folder."_s.arg(path));
    QCOMPARE(readAll(out(u"secret.txt"_s)), QByteArray("top secret"));
}

void TestFileTools::absoluteRefused_data()
{
    QTest::addColumn<QString>("tool");
    QTest::addColumn<QString>("path");

    // The temporary folders do not exist yet while rows are made; the test fills them in.
    for (const QString &tool : { u"list_files"_s, u"read_file"_s, u"write_file"_s, u"delete_file"_s }) {
        QTest::addRow("%s: outside", qPrintable(tool)) << tool << u"{outside}/secret.txt"_s;
        QTest::addRow("%s: inside, but absolute", qPrintable(tool)) << tool << u"{workspace}/notes.txt"_s;
        QTest::addRow("%s: root", qPrintable(tool)) << tool << u"/"_s;
    }
}

void TestFileTools::absoluteRefused()
{
    QFETCH(QString, tool);
    QFETCH(QString, path);
    path.replace(u"{outside}"_s, m_outside->path()).replace(u"{workspace}"_s, m_workspace->path());

    QJsonObject arguments { { u"path"_s, path } };
    if (tool == u"write_file")
        arguments.insert(u"content"_s, u"pwned"_s);
    const ToolResult result = run(tool, arguments);
    QVERIFY(!result.ok);
    QCOMPARE(result.error, u"The path \"%1\" is absolute; give a path relative to the workspace folder."_s.arg(path));
    QCOMPARE(readAll(out(u"secret.txt"_s)), QByteArray("top secret"));
    QCOMPARE(readAll(ws(u"notes.txt"_s)), QByteArray("hello\n"));

    arguments.insert(u"path"_s, u"~/notes.txt"_s);
    QCOMPARE(run(tool, arguments).error,
        u"The path \"~/notes.txt\" points into a home folder; give a path relative to the workspace folder."_s);
}

void TestFileTools::symlinkEscapeRefused_data()
{
    QTest::addColumn<QString>("tool");
    QTest::addColumn<QString>("path");

    // The test makes the links: "outdir" and "docs/up" -> the outside folder, "outfile" -> the file there.
    QTest::newRow("list_files: linked folder") << u"list_files"_s << u"outdir"_s;
    QTest::newRow("list_files: nested link") << u"list_files"_s << u"docs/up"_s;
    QTest::newRow("read_file: linked file") << u"read_file"_s << u"outfile"_s;
    QTest::newRow("read_file: through a linked folder") << u"read_file"_s << u"outdir/secret.txt"_s;
    QTest::newRow("write_file: linked file") << u"write_file"_s << u"outfile"_s;
    QTest::newRow("write_file: new file through a linked folder") << u"write_file"_s << u"outdir/new.txt"_s;
    QTest::newRow("write_file: new folders through a link") << u"write_file"_s << u"docs/up/a/b/new.txt"_s;
    QTest::newRow("delete_file: linked file") << u"delete_file"_s << u"outfile"_s;
    QTest::newRow("delete_file: through a linked folder") << u"delete_file"_s << u"outdir/secret.txt"_s;
}

void TestFileTools::symlinkEscapeRefused()
{
    QFETCH(QString, tool);
    QFETCH(QString, path);

    QVERIFY(QFile::link(m_outside->path(), ws(u"outdir"_s)));
    QVERIFY(QFile::link(out(u"secret.txt"_s), ws(u"outfile"_s)));
    QVERIFY(QFile::link(m_outside->path(), ws(u"docs/up"_s)));

    QJsonObject arguments { { u"path"_s, path } };
    if (tool == u"write_file")
        arguments.insert(u"content"_s, u"pwned"_s);
    const ToolResult result = run(tool, arguments);
    QVERIFY(!result.ok);
    QCOMPARE(result.error, kEscapeMessage.arg(path));

    QCOMPARE(readAll(out(u"secret.txt"_s)), QByteArray("top secret"));
    QCOMPARE(QDir(m_outside->path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
        QStringList { u"secret.txt"_s });
    QVERIFY(QFileInfo(ws(u"outfile"_s)).isSymLink()); // the link itself is left alone too
}

void TestFileTools::symlinkInsideAllowed()
{
    QVERIFY(QFile::link(ws(u"docs"_s), ws(u"alias"_s)));
    QVERIFY(QFile::link(ws(u"notes.txt"_s), ws(u"docs/notes-link.txt"_s)));
    // A relative link target that stays inside.
    QVERIFY(QFile::link(u"../notes.txt"_s, ws(u"docs/relative-link.txt"_s)));

    QCOMPARE(parse(run(u"read_file"_s, QJsonObject { { u"path"_s, u"alias/guide.md"_s } }).output)
                 .value(u"content")
                 .toString(),
        u"# Guide\n"_s);
    QCOMPARE(parse(run(u"read_file"_s, QJsonObject { { u"path"_s, u"docs/relative-link.txt"_s } }).output)
                 .value(u"content")
                 .toString(),
        u"hello\n"_s);

    const QJsonObject listing = parse(run(u"list_files"_s, QJsonObject { { u"path"_s, u"alias"_s } }).output);
    QCOMPARE(listing.value(u"entries").toArray().size(), 3);

    const ToolResult write = run(u"write_file"_s,
        QJsonObject { { u"path"_s, u"docs/notes-link.txt"_s }, { u"content"_s, u"through the link"_s } });
    QVERIFY2(write.ok, qPrintable(write.error));
    QCOMPARE(readAll(ws(u"notes.txt"_s)), QByteArray("through the link"));
    QVERIFY(QFileInfo(ws(u"docs/notes-link.txt"_s)).isSymLink());

    const ToolResult writeVia
        = run(u"write_file"_s, QJsonObject { { u"path"_s, u"alias/sub/new.md"_s }, { u"content"_s, u"new"_s } });
    QVERIFY2(writeVia.ok, qPrintable(writeVia.error));
    QCOMPARE(readAll(ws(u"docs/sub/new.md"_s)), QByteArray("new"));

    // Deleting a link deletes the link, not what it points to.
    const ToolResult deleted = run(u"delete_file"_s, QJsonObject { { u"path"_s, u"docs/notes-link.txt"_s } });
    QVERIFY2(deleted.ok, qPrintable(deleted.error));
    QVERIFY(!QFileInfo(ws(u"docs/notes-link.txt"_s)).isSymLink());
    QVERIFY(QFile::exists(ws(u"notes.txt"_s)));

    // A dangling link inside the workspace is refused: nobody can say where a write through it would land.
    QVERIFY(QFile::link(out(u"not-there.txt"_s), ws(u"dangling"_s)));
    const ToolResult dangling
        = run(u"write_file"_s, QJsonObject { { u"path"_s, u"dangling"_s }, { u"content"_s, u"x"_s } });
    QVERIFY(!dangling.ok);
    QCOMPARE(dangling.error, u"The path \"dangling\" goes through a symbolic link whose target does not exist."_s);
    QVERIFY(!QFile::exists(out(u"not-there.txt"_s)));
}

void TestFileTools::rootThroughSymlink()
{
    // The person may choose the workspace through a link; its canonical folder is the boundary.
    const QString linkToRoot = out(u"workspace-link"_s);
    QVERIFY(QFile::link(m_workspace->path(), linkToRoot));
    m_context.workspaceRoot = linkToRoot;

    QCOMPARE(
        parse(run(u"read_file"_s, QJsonObject { { u"path"_s, u"notes.txt"_s } }).output).value(u"content").toString(),
        u"hello\n"_s);
    QVERIFY(run(u"write_file"_s, QJsonObject { { u"path"_s, u"x.txt"_s }, { u"content"_s, u"x"_s } }).ok);
    QCOMPARE(readAll(ws(u"x.txt"_s)), QByteArray("x"));
    QCOMPARE(run(u"read_file"_s, QJsonObject { { u"path"_s, u"../secret.txt"_s } }).error,
        u"The path \"../secret.txt\" leads outside the workspace folder."_s);
}

QTEST_GUILESS_MAIN(TestFileTools)
#include "tst_filetools.moc"
