#include "ModelListJob.h"

#include <QJsonArray>
#include <QJsonObject>

namespace Tandem {

using namespace Qt::StringLiterals;

ModelListJob::ModelListJob(
    QNetworkAccessManager *network, const QNetworkRequest &request, const RetryPolicy &policy, QObject *parent)
    : JsonRequestJob(network, request, QByteArrayLiteral("GET"), {}, policy, parent)
{ }

std::optional<LlmError> ModelListJob::handleResponse(const QJsonDocument &json)
{
    const QJsonValue data = json.object().value(u"data");
    if (!data.isArray()) {
        LlmError error;
        error.type = LlmError::Type::Protocol;
        error.detail = u"The model list has no \"data\" array."_s;
        return error;
    }
    const QJsonArray models = data.toArray();
    m_models.reserve(models.size());
    for (const QJsonValue &model : models) {
        const QString id = model.toObject().value(u"id").toString();
        if (!id.isEmpty())
            m_models.append(id);
    }
    return std::nullopt;
}

void ModelListJob::emitFinished()
{
    Q_EMIT finished(m_models);
}

} // namespace Tandem
