// Router mode's and approvals' dividers are rendered from what they store, as the pipeline's are (issue #24, item 11):
// a routed divider from its run's routing decision, an approval divider from its agent and tool name. A row written
// before it kept those facts, or whose decision is not known, shows the sentence stored with it.

#include "domain/DividerText.h"
#include "domain/RoutingText.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace Tandem;

namespace {

QString nameOf(const QString &agentId)
{
    if (agentId == u"task")
        return u"Task agent"_s;
    if (agentId == u"qa")
        return u"Q&A agent"_s;
    return agentId;
}

Message divider(Message::Divider kind, const QString &agentId, const QString &stored, const QString &toolName = {})
{
    Message row;
    row.role = Message::Role::System;
    row.kind = Message::Kind::Divider;
    row.divider = kind;
    row.agentId = agentId;
    row.runId = 7;
    row.content = stored;
    row.toolName = toolName;
    return row;
}

RoutingDecision decision(RoutingDecision::Method method, const QString &agentId)
{
    RoutingDecision made;
    made.runId = 7;
    made.method = method;
    made.agentId = agentId;
    made.classifiedAgent = u"qa"_s;
    made.confidence = 0.3;
    return made;
}

} // namespace

class TestDividerText : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void routedDividerIsRenderedFromItsDecision_data();
    void routedDividerIsRenderedFromItsDecision();
    void routedDividerWithoutItsDecisionKeepsItsSentence();
    void approvalDividerIsRenderedFromItsTool();
};

void TestDividerText::routedDividerIsRenderedFromItsDecision_data()
{
    QTest::addColumn<int>("method");
    QTest::addColumn<QString>("toolName");
    QTest::addColumn<QString>("expected");
    QTest::newRow("classifier") << int(RoutingDecision::Method::Classifier) << QString()
                                << u"Routed to Task agent · 0.30"_s;
    QTest::newRow("keywords") << int(RoutingDecision::Method::Keywords) << QString()
                              << u"Routed to Task agent by keywords (the classifier said Q&A agent · 0.30)"_s;
    QTest::newRow("dropped proposal") << int(RoutingDecision::Method::Classifier)
                                      << RoutingText::kDroppedProposal.toString()
                                      << u"Routed to Task agent · 0.30 (the unconfirmed proposal was dropped)"_s;
    QTest::newRow("direct") << int(RoutingDecision::Method::Direct) << QString()
                            << u"Routed to Task agent (chosen directly)"_s;
}

void TestDividerText::routedDividerIsRenderedFromItsDecision()
{
    QFETCH(int, method);
    QFETCH(QString, toolName);
    QFETCH(QString, expected);
    // Stored in the language of its time (here Russian); shown in the language installed now (here none: English).
    const Message row = divider(Message::Divider::Routed, u"task"_s, u"Направлено к: Агент задач · 0.30"_s, toolName);
    const RoutingDecision made = decision(RoutingDecision::Method(method), u"task"_s);
    QCOMPARE(DividerText::render(row, nullptr, nameOf, &made), expected);
}

void TestDividerText::routedDividerWithoutItsDecisionKeepsItsSentence()
{
    const Message row = divider(Message::Divider::Routed, u"task"_s, u"Направлено к: Агент задач · 0.30"_s);
    QCOMPARE(DividerText::render(row, nullptr, nameOf), row.content);
    // A decision for another agent is not this divider's.
    const RoutingDecision other = decision(RoutingDecision::Method::Classifier, u"qa"_s);
    QCOMPARE(DividerText::render(row, nullptr, nameOf, &other), row.content);
}

void TestDividerText::approvalDividerIsRenderedFromItsTool()
{
    const QString stored = u"Агент задач хочет запустить «delete_task» и ждёт вашего подтверждения."_s;
    QCOMPARE(DividerText::render(
                 divider(Message::Divider::ApprovalNeeded, u"task"_s, stored, u"delete_task"_s), nullptr, nameOf),
        u"Task agent wants to run “delete_task” and needs your approval."_s);
    // Written before the row kept its tool's name: its sentence.
    QCOMPARE(
        DividerText::render(divider(Message::Divider::ApprovalNeeded, u"task"_s, stored), nullptr, nameOf), stored);
}

QTEST_GUILESS_MAIN(TestDividerText)
#include "tst_dividertext.moc"
