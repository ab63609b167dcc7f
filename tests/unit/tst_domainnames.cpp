#include "domain/Agent.h"
#include "domain/Conversation.h"
#include "domain/Message.h"
#include "domain/ProviderProfile.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;

// The stored names are a file format: once shipped they never change.
class TestDomainNames : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void storedNames();
    void roundTrips();
    void unknownNames();
    void agentHandoffRules();
    void tokenUsage();
    void defaultProvider_data();
    void defaultProvider();
};

void TestDomainNames::storedNames()
{
    QCOMPARE(Message::roleName(Message::Role::Assistant), u"assistant"_s);
    QCOMPARE(Message::kindName(Message::Kind::ToolResult), u"tool_result"_s);
    QCOMPARE(Message::statusName(Message::Status::Interrupted), u"interrupted"_s);
    QCOMPARE(Message::dividerName(Message::Divider::HandingOver), u"handing_over"_s);
    QCOMPARE(Conversation::modeName(Conversation::Mode::Dual), u"dual"_s);
    QCOMPARE(ProviderProfile::protocolName(ProviderProfile::Protocol::ChatCompletions), u"chat_completions"_s);
}

void TestDomainNames::roundTrips()
{
    for (auto role : { Message::Role::User, Message::Role::Assistant, Message::Role::System, Message::Role::Tool })
        QCOMPARE(Message::roleFromName(Message::roleName(role)), role);
    for (auto kind : { Message::Kind::Text, Message::Kind::Divider, Message::Kind::ToolCall, Message::Kind::ToolResult,
             Message::Kind::Error })
        QCOMPARE(Message::kindFromName(Message::kindName(kind)), kind);
    for (auto status : { Message::Status::Complete, Message::Status::Streaming, Message::Status::Interrupted,
             Message::Status::Error, Message::Status::Cancelled })
        QCOMPARE(Message::statusFromName(Message::statusName(status)), status);
    for (auto divider :
        { Message::Divider::None, Message::Divider::HandingOver, Message::Divider::Accepted, Message::Divider::Rejected,
            Message::Divider::Transferred, Message::Divider::Error, Message::Divider::ApprovalNeeded })
        QCOMPARE(Message::dividerFromName(Message::dividerName(divider)), divider);
    for (auto mode : { Conversation::Mode::Single, Conversation::Mode::Dual, Conversation::Mode::Pipeline,
             Conversation::Mode::Router })
        QCOMPARE(Conversation::modeFromName(Conversation::modeName(mode)), mode);
}

void TestDomainNames::unknownNames()
{
    QVERIFY(!Message::roleFromName(u"robot").has_value());
    QVERIFY(!Message::statusFromName(u"").has_value());
    QVERIFY(!Conversation::modeFromName(u"Dual").has_value());
    QVERIFY(!ProviderProfile::protocolFromName(u"assistants").has_value());
}

void TestDomainNames::agentHandoffRules()
{
    Agent reviewer { u"reviewer"_s, u"Reviewer"_s, {}, {}, {}, {}, {}, { u"refactorer"_s, u"implementer"_s }, false,
        true };
    QVERIFY(reviewer.mayHandOffTo(u"implementer"_s));
    QVERIFY(!reviewer.mayHandOffTo(u"documenter"_s)); // not a declared edge
    QVERIFY(!reviewer.mayHandOffTo(u"reviewer"_s));
    reviewer.handoffTargets << u"reviewer"_s;
    QVERIFY(!reviewer.mayHandOffTo(u"reviewer"_s)); // never to itself, even if listed
    reviewer.terminal = true;
    QVERIFY(!reviewer.mayHandOffTo(u"implementer"_s));
    reviewer.terminal = false;
    reviewer.enabled = false;
    QVERIFY(!reviewer.mayHandOffTo(u"implementer"_s));
}

void TestDomainNames::tokenUsage()
{
    TokenUsage a { 100, 20, 80, 5 };
    a += TokenUsage { 10, 2, 0, 1 };
    QCOMPARE(a, (TokenUsage { 110, 22, 80, 6 }));
    QCOMPARE(a.total(), 132);
    QVERIFY(TokenUsage {}.isEmpty());
}

void TestDomainNames::defaultProvider_data()
{
    QTest::addColumn<QStringList>("stored");
    QTest::addColumn<QString>("chosen");
    QTest::addColumn<QString>("expected");
    QTest::newRow("the chosen one") << QStringList { u"a"_s, u"b"_s } << u"b"_s << u"b"_s;
    QTest::newRow("none chosen: the first") << QStringList { u"a"_s, u"b"_s } << QString() << u"a"_s;
    QTest::newRow("chosen, then removed: the first") << QStringList { u"a"_s, u"b"_s } << u"gone"_s << u"a"_s;
    QTest::newRow("none stored") << QStringList {} << u"a"_s << QString();
}

void TestDomainNames::defaultProvider()
{
    QFETCH(QStringList, stored);
    QFETCH(QString, chosen);
    QFETCH(QString, expected);
    QList<ProviderProfile> profiles;
    for (const QString &id : std::as_const(stored)) {
        ProviderProfile profile;
        profile.id = id;
        profiles << profile;
    }
    QCOMPARE(ProviderProfile::defaultAmong(profiles, chosen), expected);
}

QTEST_GUILESS_MAIN(TestDomainNames)
#include "tst_domainnames.moc"
