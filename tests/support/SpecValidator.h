#pragma once

#include <QJsonValue>
#include <QObject>
#include <QString>
#include <QStringList>

class QProcess;

namespace Tandem::Test {

/// @brief Checks JSON bodies against the schemas of OpenAI's official OpenAPI spec, through one
/// `node tests/spec/validate.mjs <spec>` child process per test process (ajv, JSON Schema 2020-12). The spec is
/// tests/spec/openai-spec-subset.json: the schemas below and all they reference, cut from the upstream file by
/// tests/spec/extract-spec.mjs.
///
/// Schemas are named as in the spec: CreateResponse, CreateChatCompletionRequest, CreateConversationBody,
/// ResponseStreamEvent (validated against the one variant its `type` names), CreateChatCompletionStreamResponse,
/// Response, CreateChatCompletionResponse, ErrorResponse, …
///
/// Needs Node.js 18 or newer on PATH and `npm ci --prefix tests/spec`; without them isReady() is false and
/// errorString() says what to do. A test must then fail, not skip: `QVERIFY2(validator->isReady(), …)`.
class SpecValidator final : public QObject
{
    Q_OBJECT

public:
    /// @brief The outcome of one validation.
    struct Result
    {
        bool valid = false;
        QStringList errors; ///< ajv's messages, "<json pointer>: <message> (<schema path>)"
        /// @brief The errors on one line each, for QVERIFY2.
        QString message() const { return errors.join(u'\n'); }
    };

    /// @brief The validator of this process, started on first use (owned by the QCoreApplication).
    static SpecValidator *instance();
    ~SpecValidator() override;
    Q_DISABLE_COPY_MOVE(SpecValidator)

    /// @brief True once node has loaded the spec; false with errorString() if node, the npm packages or the spec
    /// file are missing, or the process died.
    bool isReady() const { return m_ready; }
    QString errorString() const { return m_errorString; }

    /// @brief Validates `body` against the component schema `schema` of the spec.
    Result validate(const QString &schema, const QJsonValue &body);

    /// @brief The request-body schema of the endpoint @p path ("/v1/responses": CreateResponse, "/v1/chat/completions":
    /// CreateChatCompletionRequest, "/v1/conversations": CreateConversationBody); empty for any other path.
    static QString requestSchema(const QString &path);

    /// @brief The spec file the validator loads (from the build: `<source>/tests/spec/openai-spec-subset.json`).
    static QString specFilePath();
    /// @brief tests/spec/validate.mjs of the source tree.
    static QString scriptPath();

private:
    explicit SpecValidator(QObject *parent);
    void start();
    bool readLine(QByteArray *line, int timeoutMs);
    void fail(const QString &message);

    QProcess *m_process = nullptr;
    QByteArray m_buffer;
    bool m_ready = false;
    QString m_errorString;
};

} // namespace Tandem::Test
