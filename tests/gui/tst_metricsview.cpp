// The metrics view on the real engine: router turns with a hand-off (tracking → task) and a single-agent turn in a
// second conversation, against the fake LLM server on a SQLite file. Each row of the table (turns, handoffs,
// rejections, tokens, latency), for the conversation and for all of them, is checked against figures the test
// computes from the stored rows; the chart's bars carry the table's numbers; the view reads again after a run.

#include "EngineHarness.h"
#include "MetricsView.h"
#include "presentation/MetricsViewModel.h"

#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QComboBox>
#include <QJsonDocument>
#include <QLocale>
#include <QRadioButton>
#include <QSet>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTest>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;
using namespace Tandem;
using namespace Tandem::Test;

namespace {

QString json(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

ScriptedReply classified(const QString &agent, double confidence, const TokenUsage &usage)
{
    return ScriptedReply::text(
        { json({ { u"agent"_s, agent }, { u"confidence"_s, confidence }, { u"reason"_s, u"test"_s } }) }, usage);
}

/// What the stored rows say of each agent: model_calls, handoffs (given/received, rejected).
struct Expected
{
    double turns = 0, given = 0, received = 0, rejectedGiven = 0, rejectedReceived = 0, in = 0, out = 0;
    double meanMs = 0;
    QList<qint64> latencies;
    double routed = 0, confidence = 0; ///< decisions that chose the agent; the classifier's own ones' mean confidence
    QVariantMap byMethod; ///< those decisions by method
};

QHash<QString, Expected> fromRows(const QSqlDatabase &db, qint64 conversationId)
{
    QHash<QString, Expected> expected;
    const QString where = conversationId > 0 ? u" WHERE conversation_id = %1"_s.arg(conversationId) : QString();
    QSqlQuery q(db);
    [&] {
        QVERIFY(q.exec(u"SELECT agent_id, COUNT(DISTINCT run_id), SUM(input_tokens), SUM(output_tokens), "
                       "AVG(latency_ms) FROM model_calls"_s
            + where + u" GROUP BY agent_id"_s));
    }();
    while (q.next()) {
        Expected &e = expected[q.value(0).toString()];
        e.turns = q.value(1).toDouble();
        e.in = q.value(2).toDouble();
        e.out = q.value(3).toDouble();
        e.meanMs = q.value(4).toDouble();
    }
    [&] {
        QVERIFY(q.exec(u"SELECT agent_id, latency_ms FROM model_calls"_s + where));
    }();
    while (q.next())
        expected[q.value(0).toString()].latencies << q.value(1).toLongLong();
    [&] {
        QVERIFY(q.exec(u"SELECT from_agent, to_agent, status FROM handoffs"_s + where));
    }();
    while (q.next()) {
        const bool rejected = q.value(2).toString() == u"rejected";
        expected[q.value(0).toString()].given += 1;
        expected[q.value(0).toString()].rejectedReceived += rejected ? 1 : 0;
        expected[q.value(1).toString()].received += 1;
        expected[q.value(1).toString()].rejectedGiven += rejected ? 1 : 0;
    }
    [&] {
        QVERIFY(q.exec(
            u"SELECT agent_id, method, COUNT(*) FROM routing_decisions"_s + where + u" GROUP BY agent_id, method"_s));
    }();
    while (q.next()) {
        Expected &e = expected[q.value(0).toString()];
        e.routed += q.value(2).toDouble();
        e.byMethod.insert(q.value(1).toString(), q.value(2).toInt());
    }
    [&] {
        QVERIFY(q.exec(u"SELECT agent_id, AVG(confidence) FROM routing_decisions WHERE method = 'classifier'"_s
            + (conversationId > 0 ? u" AND conversation_id = %1"_s.arg(conversationId) : QString())
            + u" GROUP BY agent_id"_s));
    }();
    while (q.next())
        expected[q.value(0).toString()].confidence = q.value(1).toDouble();
    return expected;
}

double cellValue(const MetricsViewModel &model, int row, int column)
{
    return model.data(model.index(row, column), Qt::UserRole).toDouble();
}

/// Every agent row and the total row of @p model against @p expected.
void compareTable(const MetricsViewModel &model, const QHash<QString, Expected> &expected)
{
    QCOMPARE(model.rowCount(), expected.size() + 1);
    Expected total;
    for (int row = 0; row < model.rowCount() - 1; ++row) {
        const QString agent = model.data(model.index(row, MetricsViewModel::Agent), Qt::UserRole).toString();
        QVERIFY2(expected.contains(agent), qPrintable(agent));
        const Expected &e = expected.value(agent);
        QCOMPARE(cellValue(model, row, MetricsViewModel::Turns), e.turns);
        QCOMPARE(cellValue(model, row, MetricsViewModel::HandoffsGiven), e.given);
        QCOMPARE(cellValue(model, row, MetricsViewModel::HandoffsReceived), e.received);
        QCOMPARE(cellValue(model, row, MetricsViewModel::RejectionsGiven), e.rejectedGiven);
        QCOMPARE(cellValue(model, row, MetricsViewModel::RejectionsReceived), e.rejectedReceived);
        QCOMPARE(cellValue(model, row, MetricsViewModel::InputTokens), e.in);
        QCOMPARE(cellValue(model, row, MetricsViewModel::OutputTokens), e.out);
        QCOMPARE(cellValue(model, row, MetricsViewModel::LatencyMean), e.meanMs);
        QList<qint64> sorted = e.latencies;
        std::sort(sorted.begin(), sorted.end());
        const qint64 p95 = sorted.isEmpty() ? 0 : sorted.at(qsizetype(std::ceil(0.95 * double(sorted.size()))) - 1);
        QCOMPARE(cellValue(model, row, MetricsViewModel::LatencyP95), double(p95));
        QCOMPARE(cellValue(model, row, MetricsViewModel::RoutedTo), e.routed);
        QVERIFY2(qFuzzyCompare(1.0 + cellValue(model, row, MetricsViewModel::MeanConfidence), 1.0 + e.confidence),
            qPrintable(agent));
        QCOMPARE(model.data(model.index(row, MetricsViewModel::RoutedBy), Qt::UserRole).toMap(), e.byMethod);
        if (!e.byMethod.contains(u"classifier"_s)) // no confidence of its own, none shown
            QCOMPARE(model.data(model.index(row, MetricsViewModel::MeanConfidence)).toString(), u"–"_s);
        total.in += e.in;
        total.out += e.out;
        total.given += e.given;
    }
    const int last = model.rowCount() - 1;
    QCOMPARE(cellValue(model, last, MetricsViewModel::InputTokens), total.in);
    QCOMPARE(cellValue(model, last, MetricsViewModel::OutputTokens), total.out);
    QCOMPARE(cellValue(model, last, MetricsViewModel::HandoffsGiven), total.given);
}

} // namespace

class TestMetricsView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void metricsMatchTheRows();
};

void TestMetricsView::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setApplicationName(u"tandem-gui-test"_s);
}

void TestMetricsView::cleanup()
{
    const QStringList problems = EngineHarness::takeSpecProblems();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

void TestMetricsView::metricsMatchTheRows()
{
    EngineHarness h(ProviderProfile::Protocol::ChatCompletions);
    QVERIFY(h.isReady());
    const qint64 id = h.createConversation(Conversation::Mode::Router);
    MetricsView view(&h.repository());
    view.resize(720, 560);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setConversation(id);
    MetricsViewModel *model = view.viewModel();
    QCOMPARE(model->rowCount(), 0);

    h.server().enqueue(classified(u"tracking"_s, 0.8, { 30, 10, 0, 0 }));
    h.server().enqueue(
        ScriptedReply::calling({ ToolCall { {}, u"handoff_to"_s,
                                   json({ { u"target_agent"_s, u"task"_s }, { u"context"_s, u"one"_s } }), {} } },
            {}, { 100, 20, 0, 0 }));
    h.server().enqueue(ScriptedReply::text({ u"Goal: a task."_s })); // the router edge's summary (seed 003)
    h.server().enqueue(ScriptedReply::text({ u"Which title?"_s }, { 120, 30, 0, 0 }));
    QCOMPARE(h.sendAndWait(id, u"What's stale? Create a task for it"_s), RunOutcome::Completed);
    // Read again on the run's end, without being asked.
    QCOMPARE(model->rowCount(), 4); // orchestrator, task, tracking, total
    h.server().enqueue(classified(u"task"_s, 0.9, { 35, 11, 0, 0 }));
    h.server().enqueue(ScriptedReply::text({ u"OK."_s }, { 140, 5, 0, 0 }));
    QCOMPARE(h.sendAndWait(id, u"Call it Review"_s), RunOutcome::Completed);
    // Unsure: the keyword rules route it, counted by that method, with no confidence in the agent.
    h.server().enqueue(classified(u"tracking"_s, 0.3, { 33, 9, 0, 0 }));
    h.server().enqueue(ScriptedReply::text({ u"Which one?"_s }, { 90, 4, 0, 0 }));
    QCOMPARE(h.sendAndWait(id, u"Add a task for the dentist"_s), RunOutcome::Completed);
    const qint64 other = h.createConversation(Conversation::Mode::Single);
    h.server().enqueue(ScriptedReply::text({ u"Hi."_s }, { 50, 7, 0, 0 }));
    QCOMPARE(h.sendAndWait(other, u"Hello"_s), RunOutcome::Completed);

    compareTable(*model, fromRows(h.db(), id));
    QCOMPARE(model->metrics().runs, 3);
    QCOMPARE(model->metrics().routing.size(), 3);
    const int taskRow = int(std::distance(model->metrics().agents.cbegin(),
        std::find_if(model->metrics().agents.cbegin(), model->metrics().agents.cend(),
            [](const AgentMetrics &m) { return m.agentId == u"task"; })));
    QCOMPARE(model->data(model->index(taskRow, MetricsViewModel::RoutedBy)).toString(), u"Classifier 1, Keywords 1"_s);
    QCOMPARE(model->data(model->index(taskRow, MetricsViewModel::MeanConfidence)).toString(),
        QLocale().toString(0.9, 'f', 2));

    // The chart: one bar per agent of the table, with the table's numbers.
    view.figureBox()->setCurrentIndex(view.figureBox()->findData(int(MetricsViewModel::ChartFigure::Tokens)));
    const QList<QAbstractSeries *> series = view.chart()->series();
    QCOMPARE(series.size(), 1);
    const auto *bars = qobject_cast<QBarSeries *>(series.constFirst());
    QVERIFY(bars);
    QCOMPARE(bars->count(), 2); // tokens in, tokens out
    for (int row = 0; row < model->rowCount() - 1; ++row) {
        QCOMPARE(bars->barSets().at(0)->at(row), cellValue(*model, row, MetricsViewModel::InputTokens));
        QCOMPARE(bars->barSets().at(1)->at(row), cellValue(*model, row, MetricsViewModel::OutputTokens));
    }

    // Each figure's value axis reads whole numbers, each tick its own (turns once read 1, 1, 1, 0, 0, 0).
    for (int i = 0; i < view.figureBox()->count(); ++i) {
        view.figureBox()->setCurrentIndex(i);
        const QList<QAbstractAxis *> axes = view.chart()->axes(Qt::Vertical);
        QCOMPARE(axes.size(), 1);
        const auto *values = qobject_cast<QValueAxis *>(axes.constFirst());
        QVERIFY(values);
        QVERIFY(values->tickCount() >= 2);
        QCOMPARE(values->labelFormat(), u"%.0f"_s);
        QStringList labels;
        for (int t = 0; t < values->tickCount(); ++t) {
            const double tick = values->min() + t * (values->max() - values->min()) / (values->tickCount() - 1);
            QCOMPARE(tick, std::round(tick));
            labels << QString::number(tick, 'f', 0); // as the axis' label format, "%.0f", writes it
        }
        QCOMPARE(QSet<QString>(labels.cbegin(), labels.cend()).size(), labels.size());
        double top = 0;
        for (const QBarSet *set : qobject_cast<QBarSeries *>(view.chart()->series().constFirst())->barSets())
            for (int b = 0; b < set->count(); ++b)
                top = std::max(top, set->at(b));
        QVERIFY2(values->max() >= top, qPrintable(labels.join(u", "_s)));
    }

    // Every conversation together.
    view.overallButton()->click();
    QVERIFY(model->isOverall());
    compareTable(*model, fromRows(h.db(), 0));
    QCOMPARE(model->metrics().runs, 4);
}

QTEST_MAIN(TestMetricsView)
#include "tst_metricsview.moc"
