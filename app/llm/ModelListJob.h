#pragma once

#include "JsonRequestJob.h"

#include <QStringList>

namespace Tandem {

/// @brief `GET {baseUrl}/models`: the ids of the models a server offers, in the server's order.
class ModelListJob final : public JsonRequestJob
{
    Q_OBJECT

public:
    ModelListJob(
        QNetworkAccessManager *network, const QNetworkRequest &request, const RetryPolicy &policy, QObject *parent);
    Q_DISABLE_COPY_MOVE(ModelListJob)

    /// @brief The model ids, once finished.
    const QStringList &models() const { return m_models; }

Q_SIGNALS:
    void finished(const QStringList &models);

protected:
    std::optional<LlmError> handleResponse(const QJsonDocument &json) override;
    void emitFinished() override;

private:
    QStringList m_models;
};

} // namespace Tandem
