#include "domain/HandoffSignal.h"

#include <QTest>

using namespace Qt::StringLiterals;
using Tandem::HandoffSignal;

class TestHandoffSignal : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void extractPayload_data();
    void extractPayload();
    void mayBecomeHandoff_data();
    void mayBecomeHandoff();
};

void TestHandoffSignal::extractPayload_data()
{
    QTest::addColumn<QString>("reply");
    QTest::addColumn<bool>("isHandoff");
    QTest::addColumn<QString>("payload");

    QTest::newRow("LF") << u"HANDOFF_AGENT2\nWrite a haiku about rain."_s << true << u"Write a haiku about rain."_s;
    QTest::newRow("CRLF") << u"HANDOFF_AGENT2\r\nLine one\r\nLine two"_s << true << u"Line one\r\nLine two"_s;
    QTest::newRow("lone CR") << u"HANDOFF_AGENT2\rPayload"_s << true << u"Payload"_s;
    QTest::newRow("payload kept as-is") << u"HANDOFF_AGENT2\n  indented\n\n# heading\ntrailing  \n"_s << true
                                        << u"  indented\n\n# heading\ntrailing  \n"_s;
    QTest::newRow("trailing spaces on the signal line") << u"HANDOFF_AGENT2  \t\nPayload"_s << true << u"Payload"_s;
    QTest::newRow("blank lines before the signal") << u"\n\r\n  \nHANDOFF_AGENT2\nPayload"_s << true << u"Payload"_s;
    QTest::newRow("empty payload, no newline") << u"HANDOFF_AGENT2"_s << true << QString();
    QTest::newRow("empty payload, newline") << u"HANDOFF_AGENT2\n"_s << true << QString();
    QTest::newRow("empty payload, CRLF") << u"HANDOFF_AGENT2\r\n"_s << true << QString();

    QTest::newRow("indented signal") << u"  HANDOFF_AGENT2\nPayload"_s << false << QString();
    QTest::newRow("tab-indented signal") << u"\tHANDOFF_AGENT2\nPayload"_s << false << QString();
    QTest::newRow("signal later in the text") << u"Sure.\nHANDOFF_AGENT2\nPayload"_s << false << QString();
    QTest::newRow("signal mid-line") << u"I will say HANDOFF_AGENT2 now"_s << false << QString();
    QTest::newRow("text after the signal on its line") << u"HANDOFF_AGENT2: Payload"_s << false << QString();
    QTest::newRow("longer word") << u"HANDOFF_AGENT23\nPayload"_s << false << QString();
    QTest::newRow("lower case") << u"handoff_agent2\nPayload"_s << false << QString();
    QTest::newRow("markdown-wrapped") << u"`HANDOFF_AGENT2`\nPayload"_s << false << QString();
    QTest::newRow("empty reply") << QString() << false << QString();
    QTest::newRow("only talk about handing off") << u"I'll hand this off to agent 2."_s << false << QString();
}

void TestHandoffSignal::extractPayload()
{
    QFETCH(QString, reply);
    QFETCH(bool, isHandoff);
    QFETCH(QString, payload);

    const std::optional<QString> result = HandoffSignal::extractPayload(reply);
    QCOMPARE(result.has_value(), isHandoff);
    QCOMPARE(HandoffSignal::isHandoff(reply), isHandoff);
    if (isHandoff)
        QCOMPARE(*result, payload);
}

void TestHandoffSignal::mayBecomeHandoff_data()
{
    QTest::addColumn<QString>("partial");
    QTest::addColumn<bool>("expected");

    QTest::newRow("nothing yet") << QString() << true;
    QTest::newRow("a newline") << u"\n"_s << true;
    QTest::newRow("prefix") << u"HAND"_s << true;
    QTest::newRow("whole signal") << u"HANDOFF_AGENT2"_s << true;
    QTest::newRow("signal and payload") << u"HANDOFF_AGENT2\nDo"_s << true;
    QTest::newRow("other word") << u"Hello"_s << false;
    QTest::newRow("diverges after prefix") << u"HANDY"_s << false;
    QTest::newRow("text after the signal") << u"HANDOFF_AGENT2 ok"_s << false;
}

void TestHandoffSignal::mayBecomeHandoff()
{
    QFETCH(QString, partial);
    QFETCH(bool, expected);
    QCOMPARE(HandoffSignal::mayBecomeHandoff(partial), expected);
}

QTEST_GUILESS_MAIN(TestHandoffSignal)
#include "tst_handoffsignal.moc"
