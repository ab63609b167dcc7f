#include "LlmJobProbe.h"

#include <QEventLoop>
#include <QTest>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace Tandem::Test {

LlmJobProbe::LlmJobProbe(LlmJob *job, QObject *parent)
    : QObject(parent)
    , m_job(job)
{
    Q_ASSERT(job);
    connect(job, &LlmJob::textDelta, this, [this](const QString &delta) {
        note(u"text"_s);
        deltas.append(delta);
    });
    connect(job, &LlmJob::toolCallStarted, this, [this](const QString &callId, const QString &name) {
        note(u"started"_s);
        startedCalls.append(std::pair(callId, name));
    });
    connect(job, &LlmJob::toolCallReady, this, [this](const ToolCall &call) {
        note(u"ready"_s);
        readyCalls.append(call);
    });
    connect(job, &LlmJob::usageReported, this, [this](const TokenUsage &usage) {
        note(u"usage"_s);
        usages.append(usage);
    });
    connect(job, &LlmJob::retrying, this, [this](int attempt, int delayMs, const LlmError &reason) {
        note(u"retrying"_s);
        retries.append(Retry { attempt, delayMs, reason });
    });
    connect(job, &LlmJob::finished, this, [this](const LlmResult &result) {
        note(u"finished"_s);
        ++finishedCount;
        finishedResult = result;
        snapshot();
    });
    connect(job, &LlmJob::failed, this, [this](const LlmError &error) {
        note(u"failed"_s);
        ++failedCount;
        failedError = error;
        snapshot();
    });
    connect(job, &LlmJob::cancelled, this, [this] {
        note(u"cancelled"_s);
        ++cancelledCount;
        snapshot();
    });
}

bool LlmJobProbe::waitForEnd(int timeoutMs)
{
    if (hasEnded())
        return true;
    QEventLoop loop;
    QTimer deadline;
    deadline.setSingleShot(true);
    connect(&deadline, &QTimer::timeout, &loop, &QEventLoop::quit);
    connect(this, &LlmJobProbe::ended, &loop, &QEventLoop::quit);
    deadline.start(timeoutMs);
    loop.exec();
    return hasEnded();
}

void LlmJobProbe::note(const QString &name)
{
    if (hasEnded())
        ++signalsAfterEnd;
    signalOrder.append(name);
}

void LlmJobProbe::snapshot()
{
    if (endCount() != 1)
        return;
    if (m_job) {
        resultAtEnd = m_job->result();
        errorAtEnd = m_job->error();
        stateAtEnd = m_job->state();
        attemptsAtEnd = m_job->attempts();
    }
    Q_EMIT ended();
}

} // namespace Tandem::Test

namespace Tandem {

char *toString(const ToolCall &call)
{
    return QTest::toString(u"ToolCall(%1, %2, %3, %4)"_s.arg(call.callId, call.name, call.arguments, call.itemId));
}

char *toString(const TokenUsage &usage)
{
    return QTest::toString(u"TokenUsage(input %1, output %2, cached %3, reasoning %4)"_s.arg(usage.inputTokens)
                               .arg(usage.outputTokens)
                               .arg(usage.cachedTokens)
                               .arg(usage.reasoningTokens));
}

} // namespace Tandem
