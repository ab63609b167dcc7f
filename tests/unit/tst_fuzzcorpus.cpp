// Every committed input of the fuzzers (tests/fuzz/corpus/<target>/: the seeds, and the inputs that once crashed or
// hung a parser, named regression-*) goes through the same FuzzTargets function as in the libFuzzer build, here in
// the ordinary build: a parser that breaks one of them again fails this test even where no clang is installed.
#include "FuzzTargets.h"

#include <QDir>
#include <QFile>
#include <QLoggingCategory>
#include <QTest>

using namespace Qt::StringLiterals;
using Tandem::FuzzTargets;

class TestFuzzCorpus : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void replay_data();
    void replay();
    void regressionsAreKept();
};

void TestFuzzCorpus::initTestCase()
{
    // The parsers log their refusals; thousands of inputs would bury the test's own output.
    QLoggingCategory::setFilterRules(u"tandem.*=false"_s);
}

void TestFuzzCorpus::replay_data()
{
    QTest::addColumn<QString>("target");
    QTest::addColumn<QString>("path");
    const QDir corpus(QStringLiteral(TANDEM_FUZZ_CORPUS_DIR));
    QVERIFY2(corpus.exists(), TANDEM_FUZZ_CORPUS_DIR);
    const QStringList targets = FuzzTargets::names();
    for (const QString &target : targets) {
        const QDir folder(corpus.filePath(target));
        const QStringList files = folder.entryList(QDir::Files, QDir::Name);
        QVERIFY2(!files.isEmpty(), qPrintable(u"no seed corpus for "_s + target));
        for (const QString &file : files)
            QTest::newRow(qPrintable(target + u'/' + file)) << target << folder.filePath(file);
    }
}

void TestFuzzCorpus::replay()
{
    QFETCH(QString, target);
    QFETCH(QString, path);
    const FuzzTargets::Target run = FuzzTargets::target(target);
    QVERIFY(run);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray data = file.readAll();
    const QString broken = run(data);
    QVERIFY2(broken.isEmpty(), qPrintable(broken));
}

void TestFuzzCorpus::regressionsAreKept()
{
    // What the fuzzers found stays found (docs/reliability.md lists each).
    const QDir corpus(QStringLiteral(TANDEM_FUZZ_CORPUS_DIR));
    QVERIFY(QFile::exists(corpus.filePath(u"responsesstream/regression-pending-call-without-ids"_s)));
    QVERIFY(QFile::exists(corpus.filePath(u"promptfile/regression-cr-before-crlf"_s)));
}

QTEST_GUILESS_MAIN(TestFuzzCorpus)
#include "tst_fuzzcorpus.moc"
