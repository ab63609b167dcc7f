#pragma once

#include "domain/ProviderProfile.h"

#include <QList>
#include <QObject>
#include <QStringList>

class QNetworkAccessManager;

namespace Tandem {

class ModelListJob;

/// @brief Finds model servers running on this machine: probes `GET {baseUrl}/models` of every candidate at once,
/// with a short timeout and no retry, and reports each one that answers. Asynchronous; never blocks.
class LocalServerDetector final : public QObject
{
    Q_OBJECT

public:
    explicit LocalServerDetector(QNetworkAccessManager *network, QObject *parent = nullptr);
    ~LocalServerDetector() override;
    Q_DISABLE_COPY_MOVE(LocalServerDetector)

    /// @brief The profiles to probe; ProviderPresets::localServers() unless set.
    void setCandidates(const QList<ProviderProfile> &candidates) { m_candidates = candidates; }
    /// @brief The profiles probed by start().
    const QList<ProviderProfile> &candidates() const { return m_candidates; }
    /// @brief How long a silent candidate is waited for, in milliseconds (default 800).
    void setTimeout(int milliseconds) { m_timeoutMs = milliseconds; }
    /// @brief The probe timeout in milliseconds.
    int timeout() const { return m_timeoutMs; }

    /// @brief Probes every candidate; a detection already running is stopped first (without finished()).
    void start();
    /// @brief Stops the probes; finished() is not emitted.
    void abort();
    /// @brief Whether probes are still waiting for an answer.
    bool isRunning() const { return !m_jobs.isEmpty(); }

Q_SIGNALS:
    /// A server answered with its model list. @p profile is the candidate, its defaultModel filled in from
    /// @p models if it had none.
    void detected(const Tandem::ProviderProfile &profile, const QStringList &models);
    /// Every candidate answered, failed or timed out.
    void finished();

private:
    void settle(ModelListJob *job);

    QNetworkAccessManager *m_network;
    QList<ProviderProfile> m_candidates;
    QList<ModelListJob *> m_jobs;
    int m_timeoutMs = 800;
};

} // namespace Tandem
