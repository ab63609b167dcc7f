#include "tools/CurrentDateTimeTool.h"

#include <QJsonDocument>
#include <QTest>
#include <QTimeZone>

using namespace Qt::StringLiterals;
using Tandem::CurrentDateTimeTool;
using Tandem::ToolResult;

namespace {

// A Sunday, in Berlin's winter time; the milliseconds must not show.
const QDateTime kWinter(QDate(2026, 3, 1), QTime(12, 0, 0, 250), Qt::UTC);
const QDateTime kSummer(QDate(2026, 7, 1), QTime(12, 0, 0), Qt::UTC);

QJsonObject parse(const QString &json)
{
    return QJsonDocument::fromJson(json.toUtf8()).object();
}

} // namespace

class TestDateTimeTool : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void namedZone_data();
    void namedZone();
    void exactOutput();
    void systemZone();
    void invalidZone_data();
    void invalidZone();
    void definition();
    void realClock();
};

void TestDateTimeTool::namedZone_data()
{
    QTest::addColumn<QDateTime>("now");
    QTest::addColumn<QString>("zone");
    QTest::addColumn<QString>("local");
    QTest::addColumn<QString>("offset");
    QTest::addColumn<QString>("weekday");

    QTest::newRow("Berlin, winter") << kWinter << u"Europe/Berlin"_s << u"2026-03-01T13:00:00+01:00"_s << u"+01:00"_s
                                    << u"Sunday"_s;
    QTest::newRow("Berlin, summer") << kSummer << u"Europe/Berlin"_s << u"2026-07-01T14:00:00+02:00"_s << u"+02:00"_s
                                    << u"Wednesday"_s;
    QTest::newRow("New York") << kWinter << u"America/New_York"_s << u"2026-03-01T07:00:00-05:00"_s << u"-05:00"_s
                              << u"Sunday"_s;
    QTest::newRow("half-hour offset") << kWinter << u"Asia/Kolkata"_s << u"2026-03-01T17:30:00+05:30"_s << u"+05:30"_s
                                      << u"Sunday"_s;
    QTest::newRow("negative half-hour offset")
        << kWinter << u"America/St_Johns"_s << u"2026-03-01T08:30:00-03:30"_s << u"-03:30"_s << u"Sunday"_s;
    QTest::newRow("next day") << kWinter << u"Pacific/Kiritimati"_s << u"2026-03-02T02:00:00+14:00"_s << u"+14:00"_s
                              << u"Monday"_s;
    QTest::newRow("UTC") << kWinter << u"UTC"_s << u"2026-03-01T12:00:00+00:00"_s << u"+00:00"_s << u"Sunday"_s;
    QTest::newRow("surrounding spaces") << kWinter << u" Asia/Tokyo "_s << u"2026-03-01T21:00:00+09:00"_s << u"+09:00"_s
                                        << u"Sunday"_s;
}

void TestDateTimeTool::namedZone()
{
    QFETCH(QDateTime, now);
    QFETCH(QString, zone);
    QFETCH(QString, local);
    QFETCH(QString, offset);
    QFETCH(QString, weekday);

    const CurrentDateTimeTool tool([now] { return now; });
    const ToolResult result = tool.run(QJsonObject { { u"timezone"_s, zone } }, {});
    QVERIFY2(result.ok, qPrintable(result.error));
    const QJsonObject output = parse(result.output);
    QCOMPARE(output.value(u"local").toString(), local);
    QCOMPARE(output.value(u"utc_offset").toString(), offset);
    QCOMPARE(output.value(u"weekday").toString(), weekday);
    QCOMPARE(output.value(u"timezone").toString(), zone.trimmed());
    QCOMPARE(output.value(u"utc").toString(), now.toString(u"yyyy-MM-dd'T'HH:mm:ss'Z'"_s));
    QCOMPARE(output.value(u"unix_time").toInteger(), now.toSecsSinceEpoch());
}

void TestDateTimeTool::exactOutput()
{
    const CurrentDateTimeTool tool([] { return kWinter; });
    const ToolResult result = tool.run(QJsonObject { { u"timezone"_s, u"Europe/Berlin"_s } }, {});
    QVERIFY(result.ok);
    QCOMPARE(result.output,
        uR"({"local":"2026-03-01T13:00:00+01:00","timezone":"Europe/Berlin","unix_time":1772366400,)"
        uR"("utc":"2026-03-01T12:00:00Z","utc_offset":"+01:00","weekday":"Sunday"})"_s);
}

void TestDateTimeTool::systemZone()
{
    // A clock answering in another zone changes nothing: the tool works from the instant.
    const QDateTime instantElsewhere = kWinter.toTimeZone(QTimeZone("Asia/Tokyo"));
    const CurrentDateTimeTool tool([instantElsewhere] { return instantElsewhere; });
    const ToolResult result = tool.run(QJsonObject {}, {});
    QVERIFY2(result.ok, qPrintable(result.error));
    const QJsonObject output = parse(result.output);

    QTimeZone system = QTimeZone::systemTimeZone();
    if (!system.isValid())
        system = QTimeZone::utc();
    const QString id = QString::fromUtf8(system.id());
    QVERIFY(!id.isEmpty());
    QCOMPARE(output.value(u"timezone").toString(), id);
    QCOMPARE(output.value(u"utc").toString(), u"2026-03-01T12:00:00Z"_s);

    const QDateTime local = QDateTime::fromString(output.value(u"local").toString(), Qt::ISODate);
    QVERIFY(local.isValid());
    QCOMPARE(local.toUTC(), QDateTime(QDate(2026, 3, 1), QTime(12, 0, 0), Qt::UTC));
    QCOMPARE(local.offsetFromUtc(), system.offsetFromUtc(kWinter));
}

void TestDateTimeTool::invalidZone_data()
{
    QTest::addColumn<QString>("zone");
    QTest::newRow("unknown") << u"Mars/Olympus_Mons"_s;
    QTest::newRow("free text") << u"Berlin time"_s;
}

void TestDateTimeTool::invalidZone()
{
    QFETCH(QString, zone);
    const CurrentDateTimeTool tool([] { return kWinter; });
    const ToolResult result = tool.run(QJsonObject { { u"timezone"_s, zone } }, {});
    QVERIFY(!result.ok);
    QCOMPARE(result.output, QString());
    QCOMPARE(result.error,
        u"Unknown time zone \"%1\". Use an IANA id such as \"Europe/Berlin\" or \"UTC\", or leave it out."_s.arg(zone));
}

void TestDateTimeTool::definition()
{
    const CurrentDateTimeTool tool;
    const Tandem::ToolDefinition definition = tool.definition();
    QCOMPARE(definition.name, u"current_datetime"_s);
    QVERIFY(!tool.isCritical());
    QCOMPARE(definition.parameters.value(u"type").toString(), u"object"_s);
    QCOMPARE(definition.parameters.value(u"properties").toObject().keys(), QStringList { u"timezone"_s });
    QVERIFY(!definition.parameters.contains(u"required")); // the zone is optional
}

void TestDateTimeTool::realClock()
{
    // Without an injected clock the tool reads the system clock; only the shape is checked, never the time.
    const CurrentDateTimeTool tool;
    const ToolResult result = tool.run(QJsonObject { { u"timezone"_s, u"UTC"_s } }, {});
    QVERIFY(result.ok);
    const QJsonObject output = parse(result.output);
    QVERIFY(QDateTime::fromString(output.value(u"utc").toString(), Qt::ISODate).isValid());
    QCOMPARE(output.value(u"utc_offset").toString(), u"+00:00"_s);
}

QTEST_GUILESS_MAIN(TestDateTimeTool)
#include "tst_datetimetool.moc"
