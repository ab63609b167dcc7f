// The .deb as a package manager gets it, built from this build tree by the fixture `package.build` (CPack): its
// name and control fields, the files it installs, and what Debian's own checkers (lintian, desktop-file-validate,
// appstreamcli, man) say of them. Lintian's errors fail the test, and so does any other tag that
// packaging/README.md does not explain.

#include "ChildProcess.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using Tandem::Test::ChildProcess;

namespace {
const QString kAppId = u"invalid.tandem.Tandem"_s;
const QString kVersion = QStringLiteral(TANDEM_VERSION);
} // namespace

class TestDebPackage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void fileNameHasVersionAndArchitecture();
    void controlFields();
    void dependenciesComeFromShlibdeps();
    void installsItsFiles_data();
    void installsItsFiles();
    void iconsAreRenderedAtEachSize_data();
    void iconsAreRenderedAtEachSize();
    void desktopEntryIsValid();
    void metainfoIsValid();
    void manPageRendersWithoutWarnings();
    void manPageAndCompletionNameEveryCommand();
    void lintianFindsNoErrorAndNothingUnexplained();

private:
    QString installed(const QString &path) const { return m_root.filePath(path); }
    QString field(const QString &name) const;

    QString m_deb;
    QTemporaryDir m_root;
    QString m_architecture;
};

void TestDebPackage::initTestCase()
{
    const ChildProcess::Result architecture = ChildProcess::run(u"dpkg"_s, { u"--print-architecture"_s });
    QVERIFY2(architecture.succeeded(), qPrintable(architecture.describe()));
    m_architecture = architecture.text().trimmed();
    const QStringList debs
        = QDir(QStringLiteral(TANDEM_PACKAGE_DIR))
              .entryList({ u"tandem_%1_*.deb"_s.arg(QStringLiteral(TANDEM_VERSION)) }, QDir::Files, QDir::Name);
    QVERIFY2(!debs.isEmpty(), "package.build made no .deb in " TANDEM_PACKAGE_DIR);
    QCOMPARE(debs.size(), 1);
    m_deb = QDir(QStringLiteral(TANDEM_PACKAGE_DIR)).filePath(debs.constFirst());
    QVERIFY(m_root.isValid());
    const ChildProcess::Result extract = ChildProcess::run(u"dpkg-deb"_s, { u"-x"_s, m_deb, m_root.path() });
    QVERIFY2(extract.succeeded(), qPrintable(extract.describe()));
}

QString TestDebPackage::field(const QString &name) const
{
    const ChildProcess::Result result = ChildProcess::run(u"dpkg-deb"_s, { u"--field"_s, m_deb, name });
    return result.succeeded() ? result.text().trimmed() : QString();
}

void TestDebPackage::fileNameHasVersionAndArchitecture()
{
    QCOMPARE(QFileInfo(m_deb).fileName(), u"tandem_%1_%2.deb"_s.arg(kVersion, m_architecture));
}

void TestDebPackage::controlFields()
{
    QCOMPARE(field(u"Package"_s), u"tandem"_s);
    QCOMPARE(field(u"Version"_s), kVersion);
    QCOMPARE(field(u"Architecture"_s), m_architecture);
    QVERIFY(!field(u"Maintainer"_s).isEmpty());
    QVERIFY(!field(u"Homepage"_s).isEmpty());
    // A synopsis and an extended description, as Debian's policy wants.
    const QString description = field(u"Description"_s);
    QVERIFY2(description.count(u'\n') >= 3, qPrintable(description));
    QVERIFY(description.section(u'\n', 0, 0).size() <= 80);
}

void TestDebPackage::dependenciesComeFromShlibdeps()
{
    const QString depends = field(u"Depends"_s);
    // dpkg-shlibdeps found the libraries the executable links, with their minimum versions...
    for (const QString &library : { u"libqt6core6 (>= "_s, u"libqt6widgets6 (>= "_s, u"libqt6sql6 (>= "_s,
             u"libqt6network6 (>= "_s, u"libqt6httpserver6 (>= "_s, u"libqt6svg6 (>= "_s, u"libqt6charts6 (>= "_s,
             u"libqt6keychain1 (>= "_s, u"libc6 (>= "_s })
        QVERIFY2(depends.contains(library), qPrintable(library + u" is missing from "_s + depends));
    // ...and the SQLite driver, a plugin it cannot see, is named by hand.
    QVERIFY2(depends.split(u", "_s).contains(u"libqt6sql6-sqlite"_s), qPrintable(depends));
    QVERIFY2(depends.split(u", "_s).contains(u"bubblewrap"_s), qPrintable(depends));
    // The keychain is recommended, not required: without one, keys stay in memory.
    QVERIFY2(!depends.contains(u"keyring"_s), qPrintable(depends));
    QVERIFY2(field(u"Recommends"_s).contains(u"gnome-keyring | "_s), qPrintable(field(u"Recommends"_s)));
}

void TestDebPackage::installsItsFiles_data()
{
    QTest::addColumn<QString>("path");
    QTest::newRow("executable") << u"usr/bin/tandem"_s;
    QTest::newRow("headless executable") << u"usr/bin/tandem-cli"_s;
    QTest::newRow("headless man page") << u"usr/share/man/man1/tandem-cli.1.gz"_s;
    QTest::newRow("headless bash completion") << u"usr/share/bash-completion/completions/tandem-cli"_s;
    QTest::newRow("desktop entry") << u"usr/share/applications/%1.desktop"_s.arg(kAppId);
    QTest::newRow("metainfo") << u"usr/share/metainfo/%1.metainfo.xml"_s.arg(kAppId);
    QTest::newRow("scalable icon") << u"usr/share/icons/hicolor/scalable/apps/tandem.svg"_s;
    QTest::newRow("man page") << u"usr/share/man/man1/tandem.1.gz"_s;
    QTest::newRow("bash completion") << u"usr/share/bash-completion/completions/tandem"_s;
    QTest::newRow("copyright") << u"usr/share/doc/tandem/copyright"_s;
    QTest::newRow("changelog") << u"usr/share/doc/tandem/changelog.gz"_s;
}

void TestDebPackage::installsItsFiles()
{
    QFETCH(QString, path);
    const QFileInfo file(installed(path));
    QVERIFY2(file.isFile(), qPrintable(path));
    QVERIFY(file.size() > 0);
    if (path.startsWith(u"usr/bin/"_s))
        QVERIFY(file.isExecutable());
}

void TestDebPackage::iconsAreRenderedAtEachSize_data()
{
    QTest::addColumn<int>("size");
    for (int size : { 16, 22, 24, 32, 48, 64, 128, 256, 512 })
        QTest::addRow("%dx%d", size, size) << size;
}

void TestDebPackage::iconsAreRenderedAtEachSize()
{
    QFETCH(int, size);
    const QString path = installed(u"usr/share/icons/hicolor/%1x%1/apps/tandem.png"_s.arg(size));
    QImage icon;
    QVERIFY2(icon.load(path, "PNG"), qPrintable(path));
    QCOMPARE(icon.size(), QSize(size, size));
    // Drawn, not blank: the rounded square's corners are transparent, its middle is not.
    QCOMPARE(qAlpha(icon.pixel(0, 0)), 0);
    QCOMPARE(qAlpha(icon.pixel(size / 2, size / 2)), 255);
}

void TestDebPackage::desktopEntryIsValid()
{
    const QString path = installed(u"usr/share/applications/%1.desktop"_s.arg(kAppId));
    const ChildProcess::Result validate = ChildProcess::run(u"desktop-file-validate"_s, { path });
    QVERIFY2(validate.succeeded() && validate.out.isEmpty(), qPrintable(validate.describe()));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString entry = QString::fromUtf8(file.readAll());
    QVERIFY(entry.contains(u"\nExec=tandem\n"_s));
    QVERIFY(entry.contains(u"\nIcon=tandem\n"_s));
    QVERIFY(entry.contains(u"\nComment[ru]="_s)); // the menu speaks Russian too
}

void TestDebPackage::metainfoIsValid()
{
    const QString path = installed(u"usr/share/metainfo/%1.metainfo.xml"_s.arg(kAppId));
    const ChildProcess::Result validate
        = ChildProcess::run(u"appstreamcli"_s, { u"validate"_s, u"--no-net"_s, u"--pedantic"_s, path });
    QVERIFY2(validate.succeeded(), qPrintable(validate.describe()));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString metainfo = QString::fromUtf8(file.readAll());
    QVERIFY(metainfo.contains(u"<release version=\"%1\""_s.arg(kVersion)));
    QVERIFY(metainfo.count(u"<screenshot"_s) >= 4 + 1); // <screenshots> and one per picture
    QVERIFY(metainfo.contains(u"<launchable type=\"desktop-id\">%1.desktop</launchable>"_s.arg(kAppId)));
}

void TestDebPackage::manPageRendersWithoutWarnings()
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"MANWIDTH"_s, u"80"_s);
    environment.insert(u"MAN_DISABLE_SECCOMP"_s, u"1"_s);
    const ChildProcess::Result man = ChildProcess::run(u"man"_s,
        { u"--warnings"_s, u"-E"_s, u"UTF-8"_s, u"-l"_s, installed(u"usr/share/man/man1/tandem.1.gz"_s) }, environment);
    QVERIFY2(man.succeeded() && man.err.isEmpty(), qPrintable(man.describe()));
    const QString page = man.text();
    QVERIFY2(page.contains(u"EXIT STATUS"_s) && page.contains(u"TANDEM_API_KEY"_s), qPrintable(page));
}

void TestDebPackage::manPageAndCompletionNameEveryCommand()
{
    // The installed executable's own list of commands.
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"LC_ALL"_s, u"C"_s);
    const ChildProcess::Result help = ChildProcess::run(installed(u"usr/bin/tandem"_s), { u"--help"_s }, environment);
    QVERIFY2(help.succeeded(), qPrintable(help.describe()));
    static const QRegularExpression headless(u"Headless commands: tandem ([a-z|-]+) --help"_s);
    const QRegularExpressionMatch match = headless.match(help.text());
    QVERIFY2(match.hasMatch(), qPrintable(help.text()));
    const QStringList commands = match.captured(1).split(u'|');
    QVERIFY(commands.size() >= 5);

    const ChildProcess::Result man
        = ChildProcess::run(u"gzip"_s, { u"-dc"_s, installed(u"usr/share/man/man1/tandem.1.gz"_s) });
    QVERIFY2(man.succeeded(), qPrintable(man.describe()));
    QFile completion(installed(u"usr/share/bash-completion/completions/tandem"_s));
    QVERIFY(completion.open(QIODevice::ReadOnly));
    const QString completionText = QString::fromUtf8(completion.readAll());
    static const QRegularExpression commandList(u"local commands=\"([^\"]*)\""_s);
    const QStringList completed = commandList.match(completionText).captured(1).split(u' ');
    for (const QString &command : commands) {
        // roff escapes the hyphen of eval-routing
        QVERIFY2(man.text().contains(u".TP\n\\fB%1\\fR"_s.arg(QString(command).replace(u"-"_s, u"\\-"_s))),
            qPrintable(command));
        QVERIFY2(completed.contains(command), qPrintable(command));
    }
}

void TestDebPackage::lintianFindsNoErrorAndNothingUnexplained()
{
    const ChildProcess::Result lintian = ChildProcess::run(
        u"lintian"_s, { u"--fail-on"_s, u"error"_s, u"--display-info"_s, u"--tag-display-limit"_s, u"0"_s, m_deb });
    QVERIFY2(lintian.finished, qPrintable(lintian.describe()));
    QFile readme(QStringLiteral(TANDEM_SOURCE_DIR "/packaging/README.md"));
    QVERIFY(readme.open(QIODevice::ReadOnly));
    const QString explained = QString::fromUtf8(readme.readAll());
    static const QRegularExpression tagLine(
        u"^([EWIPXO]): tandem(?: [a-z]+)?: ([a-z0-9-]+)"_s, QRegularExpression::MultilineOption);
    QStringList errors;
    QStringList unexplained;
    for (auto it = tagLine.globalMatch(lintian.text()); it.hasNext();) {
        const QRegularExpressionMatch tag = it.next();
        if (tag.captured(1) == u"E")
            errors << tag.captured(2);
        else if (!explained.contains(u'`' + tag.captured(2) + u'`'))
            unexplained << tag.captured(2);
    }
    QVERIFY2(errors.isEmpty(), qPrintable(u"lintian errors: "_s + errors.join(u", "_s) + u"\n"_s + lintian.text()));
    QVERIFY2(lintian.exitCode == 0, qPrintable(lintian.describe()));
    QVERIFY2(unexplained.isEmpty(),
        qPrintable(u"lintian tags that packaging/README.md does not explain: "_s + unexplained.join(u", "_s)));
}

QTEST_GUILESS_MAIN(TestDebPackage)
#include "tst_debpackage.moc"
