#include "LocalServerDetector.h"

#include "LlmClient.h"
#include "ModelListJob.h"
#include "NetworkAccess.h"
#include "domain/Logging.h"
#include "domain/ProviderPresets.h"

#include <QTimer>

#include <utility>

namespace Tandem {

using namespace Qt::StringLiterals;

LocalServerDetector::LocalServerDetector(QNetworkAccessManager *network, QObject *parent)
    : QObject(parent)
    , m_network(network)
    , m_candidates(ProviderPresets::localServers())
{ }

LocalServerDetector::~LocalServerDetector()
{
    abort();
}

void LocalServerDetector::start()
{
    abort();
    RetryPolicy policy;
    policy.maxRetries = 0; // a server that is not running now is simply not there
    policy.idleTimeoutMs = m_timeoutMs;

    for (const ProviderProfile &candidate : std::as_const(m_candidates)) {
        const QNetworkRequest request = NetworkAccess::makeRequest(
            NetworkAccess::endpoint(candidate.baseUrl, u"models"), candidate, QString(), NetworkAccess::Accept::Json);
        auto *job = new ModelListJob(m_network, request, policy, this);
        m_jobs.append(job);
        connect(job, &ModelListJob::finished, this, [this, job, candidate](const QStringList &models) {
            ProviderProfile found = candidate;
            if (found.defaultModel.isEmpty() && !models.isEmpty())
                found.defaultModel = models.first();
            qCInfo(lcLlm).noquote() << "found" << found.name << "at" << NetworkAccess::describe(found.baseUrl) << "with"
                                    << models.size() << "model(s)";
            Q_EMIT detected(found, models);
            settle(job);
        });
        connect(job, &ModelListJob::failed, this, [this, job] { settle(job); });
    }
    // Started only once all are in the list, so a job failing at once cannot end the detection early.
    const QList<ModelListJob *> jobs = m_jobs;
    for (ModelListJob *job : jobs)
        job->start();
    if (m_jobs.isEmpty()) // nothing to probe: still answer later, like a real detection
        QTimer::singleShot(0, this, [this] {
            if (!isRunning())
                Q_EMIT finished();
        });
}

void LocalServerDetector::abort()
{
    const QList<ModelListJob *> jobs = std::exchange(m_jobs, {});
    for (ModelListJob *job : jobs) {
        disconnect(job, nullptr, this, nullptr);
        job->abort();
    }
}

void LocalServerDetector::settle(ModelListJob *job)
{
    if (m_jobs.removeOne(job) && m_jobs.isEmpty())
        Q_EMIT finished();
}

} // namespace Tandem
