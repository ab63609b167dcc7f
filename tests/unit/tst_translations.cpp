// The translation sources (translations/*.ts) are complete and current: no unfinished, obsolete or vanished entry;
// every message with a count has the plural forms of its language; the placeholders of each translation are those
// of its source; and lupdate, run on the sources as `update_translations` runs it, changes nothing. tandem_en.ts
// holds only the messages with plural forms (the English source text is the translation of everything else).

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using namespace Qt::StringLiterals;

namespace {

struct TsMessage
{
    QString context;
    QString source;
    bool numerus = false;
    QString type; ///< the translation's type attribute: empty when finished
    QStringList translations; ///< one, or one per plural form
};

QList<TsMessage> readTs(const QString &path, QString *language, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = file.errorString();
        return {};
    }
    QList<TsMessage> messages;
    QString context;
    QXmlStreamReader xml(file.readAll());
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        if (xml.name() == u"TS") {
            *language = xml.attributes().value(u"language"_s).toString();
        } else if (xml.name() == u"name") {
            context = xml.readElementText();
        } else if (xml.name() == u"message") {
            TsMessage message;
            message.context = context;
            message.numerus = xml.attributes().value(u"numerus"_s) == u"yes";
            messages.append(message);
        } else if (xml.name() == u"source" && !messages.isEmpty()) {
            messages.last().source = xml.readElementText();
        } else if (xml.name() == u"translation" && !messages.isEmpty()) {
            messages.last().type = xml.attributes().value(u"type"_s).toString();
            if (!messages.last().numerus)
                messages.last().translations << xml.readElementText();
        } else if (xml.name() == u"numerusform" && !messages.isEmpty()) {
            messages.last().translations << xml.readElementText();
        }
    }
    if (xml.hasError())
        *error = u"line %1: %2"_s.arg(xml.lineNumber()).arg(xml.errorString());
    return messages;
}

/// The placeholders of a text, sorted: %1…%99, %n, %Ln.
QStringList placeholders(const QString &text)
{
    static const QRegularExpression placeholder(u"%(?:L?n|\\d{1,2})"_s);
    QStringList found;
    for (auto it = placeholder.globalMatch(text); it.hasNext();)
        found << it.next().captured();
    found.sort();
    found.removeDuplicates();
    return found;
}

QStringList tsFiles()
{
    return QDir(QStringLiteral(TANDEM_SOURCE_DIR "/translations")).entryList({ u"*.ts"_s }, QDir::Files, QDir::Name);
}

} // namespace

class TestTranslations : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void complete_data();
    void complete();
    void englishHoldsOnlyPluralForms();
    void upToDateWithTheSources_data();
    void upToDateWithTheSources();
};

void TestTranslations::complete_data()
{
    QTest::addColumn<QString>("file");
    const QStringList files = tsFiles();
    QVERIFY(files.contains(u"tandem_ru.ts"_s) && files.contains(u"tandem_en.ts"_s));
    for (const QString &file : files)
        QTest::newRow(qPrintable(file)) << file;
}

void TestTranslations::complete()
{
    QFETCH(QString, file);
    QString language;
    QString error;
    const QList<TsMessage> messages
        = readTs(QStringLiteral(TANDEM_SOURCE_DIR "/translations/") + file, &language, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    // How many plural forms each language has (Qt's numerus rules); a new language adds its line.
    static const QHash<QString, int> pluralForms = { { u"en"_s, 2 }, { u"ru"_s, 3 } };
    const QString base = language.section(u'_', 0, 0);
    QVERIFY2(pluralForms.contains(base), qPrintable(u"add the number of plural forms of "_s + language));

    QStringList problems;
    for (const TsMessage &m : messages) {
        const QString where = m.context + u": "_s + m.source;
        if (!m.type.isEmpty())
            problems << m.type + u" — "_s + where;
        if (m.numerus && m.translations.size() != pluralForms.value(base))
            problems << u"%1 plural forms, not %2 — "_s.arg(m.translations.size()).arg(pluralForms.value(base)) + where;
        for (const QString &translation : m.translations) {
            if (translation.trimmed().isEmpty())
                problems << u"empty — "_s + where;
            else if (placeholders(translation) != placeholders(m.source))
                problems << u"placeholders %1 in “%2” — "_s.arg(placeholders(translation).join(u' '), translation)
                        + where;
        }
    }
    QVERIFY2(problems.isEmpty(), qPrintable(file + u":\n"_s + problems.join(u'\n')));
}

void TestTranslations::englishHoldsOnlyPluralForms()
{
    QString language;
    QString error;
    const QList<TsMessage> messages
        = readTs(QStringLiteral(TANDEM_SOURCE_DIR "/translations/tandem_en.ts"), &language, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(!messages.isEmpty());
    for (const TsMessage &m : messages)
        QVERIFY2(m.numerus, qPrintable(m.source));
}

void TestTranslations::upToDateWithTheSources_data()
{
    QTest::addColumn<QString>("file");
    for (const QString &file : tsFiles())
        QTest::newRow(qPrintable(file)) << file;
}

void TestTranslations::upToDateWithTheSources()
{
    // A tr() added, changed or removed without `cmake --build <dir> --target update_translations` (and its Russian
    // translation) shows here: lupdate would change the file.
    QFETCH(QString, file);
    QTemporaryDir dir;
    const QString original = QStringLiteral(TANDEM_SOURCE_DIR "/translations/") + file;
    const QString copy = dir.filePath(file);
    QVERIFY(QFile::copy(original, copy));
    QStringList arguments { u"-no-obsolete"_s, u"-locations"_s, u"none"_s };
    if (file == u"tandem_en.ts")
        arguments << u"-pluralonly"_s;
    arguments << u"-I"_s << u"app"_s << u"-I"_s << u"ui"_s << u"app"_s << u"ui"_s << u"-ts"_s << copy;
    QProcess lupdate;
    lupdate.setWorkingDirectory(QStringLiteral(TANDEM_SOURCE_DIR));
    lupdate.start(QStringLiteral(TANDEM_LUPDATE_EXECUTABLE), arguments);
    QVERIFY(lupdate.waitForFinished(120000));
    QVERIFY2(lupdate.exitStatus() == QProcess::NormalExit && lupdate.exitCode() == 0,
        lupdate.readAllStandardError().constData());
    QFile before(original);
    QFile after(copy);
    QVERIFY(before.open(QIODevice::ReadOnly) && after.open(QIODevice::ReadOnly));
    const QByteArray expected = before.readAll();
    const QByteArray actual = after.readAll();
    if (actual != expected) {
        // Name the first message that differs.
        const QList<QByteArray> a = actual.split('\n');
        const QList<QByteArray> b = expected.split('\n');
        qsizetype line = 0;
        while (line < a.size() && line < b.size() && a.at(line) == b.at(line))
            ++line;
        QFAIL(qPrintable(u"%1 is not what update_translations makes of the sources; first difference at line %2:\n"
                         u"  lupdate: %3\n  file:    %4"_s.arg(file)
                             .arg(line + 1)
                             .arg(QString::fromUtf8(a.value(line)), QString::fromUtf8(b.value(line)))));
    }
}

QTEST_GUILESS_MAIN(TestTranslations)
#include "tst_translations.moc"
