#include "SpecValidator.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPointer>
#include <QProcess>
#include <QStandardPaths>

using namespace Qt::StringLiterals;

#ifndef TANDEM_OPENAPI_SPEC_PATH
#error "tests/support/CMakeLists.txt defines TANDEM_OPENAPI_SPEC_PATH"
#endif
#ifndef TANDEM_SPEC_VALIDATOR_SCRIPT
#error "tests/support/CMakeLists.txt defines TANDEM_SPEC_VALIDATOR_SCRIPT"
#endif

namespace Tandem::Test {

namespace {

// Loading and converting the spec takes a moment; compiling a big schema the first time a few seconds more.
// Generous, because two cores are shared with a build.
constexpr int StartTimeoutMs = 180'000;
constexpr int ValidateTimeoutMs = 120'000;

} // namespace

SpecValidator *SpecValidator::instance()
{
    static QPointer<SpecValidator> validator;
    if (!validator)
        validator = new SpecValidator(QCoreApplication::instance());
    return validator;
}

QString SpecValidator::specFilePath()
{
    return QDir::cleanPath(QString::fromUtf8(TANDEM_OPENAPI_SPEC_PATH));
}

QString SpecValidator::scriptPath()
{
    return QDir::cleanPath(QString::fromUtf8(TANDEM_SPEC_VALIDATOR_SCRIPT));
}

SpecValidator::SpecValidator(QObject *parent)
    : QObject(parent)
{
    start();
}

SpecValidator::~SpecValidator()
{
    if (m_process && m_process->state() != QProcess::NotRunning) {
        m_process->closeWriteChannel(); // the script ends when its input ends
        if (!m_process->waitForFinished(5000)) {
            m_process->kill();
            m_process->waitForFinished(5000);
        }
    }
}

void SpecValidator::fail(const QString &message)
{
    m_ready = false;
    m_errorString = u"SpecValidator: "_s + message;
}

void SpecValidator::start()
{
    const QString node = QStandardPaths::findExecutable(u"node"_s);
    if (node.isEmpty())
        return fail(u"node (Node.js 18 or newer) is not on PATH; install it (apt-get install nodejs npm), then run "
                    "`npm ci --prefix tests/spec`"_s);
    const QFileInfo script(scriptPath());
    if (!script.exists())
        return fail(u"the validator script %1 is missing"_s.arg(script.filePath()));
    const QString modules = script.absolutePath() + u"/node_modules"_s;
    if (!QFileInfo::exists(modules + u"/ajv/package.json"_s)
        || !QFileInfo::exists(modules + u"/ajv-formats/package.json"_s))
        return fail(u"%1 is missing or incomplete; run `npm ci --prefix tests/spec` in the checkout"_s.arg(modules));
    if (!QFileInfo::exists(specFilePath()))
        return fail(u"the subset of OpenAI's spec is missing at %1 (tests/spec/README.md says how to make it)"_s.arg(
            specFilePath()));

    m_process = new QProcess(this);
    m_process->setProgram(node);
    m_process->setArguments({ script.absoluteFilePath(), specFilePath() });
    m_process->setWorkingDirectory(script.absolutePath());
    m_process->setProcessChannelMode(QProcess::SeparateChannels);
    m_process->start();
    if (!m_process->waitForStarted(30'000))
        return fail(u"cannot start %1: %2"_s.arg(node, m_process->errorString()));

    QByteArray line;
    if (!readLine(&line, StartTimeoutMs))
        return;
    const QJsonObject hello = QJsonDocument::fromJson(line).object();
    if (!hello.value(u"ready").toBool()) {
        return fail(u"validate.mjs did not start: %1"_s.arg(
            hello.contains(u"error") ? hello.value(u"error").toString() : QString::fromUtf8(line)));
    }
    m_ready = true;
}

bool SpecValidator::readLine(QByteArray *line, int timeoutMs)
{
    const QDeadlineTimer deadline(timeoutMs);
    for (;;) {
        const qsizetype newline = m_buffer.indexOf('\n');
        if (newline >= 0) {
            *line = m_buffer.left(newline);
            m_buffer.remove(0, newline + 1);
            return true;
        }
        if (m_process->state() == QProcess::NotRunning) {
            m_buffer += m_process->readAllStandardOutput();
            if (m_buffer.contains('\n'))
                continue;
            const QString output = QString::fromUtf8(m_buffer + m_process->readAllStandardError()).trimmed();
            fail(u"node exited (code %1): %2"_s.arg(m_process->exitCode()).arg(output.right(2000)));
            return false;
        }
        if (deadline.hasExpired()) {
            fail(u"no answer from validate.mjs within %1 s"_s.arg(timeoutMs / 1000));
            m_process->kill();
            return false;
        }
        m_process->waitForReadyRead(int(qMin<qint64>(deadline.remainingTime(), 1000)));
        m_buffer += m_process->readAllStandardOutput();
    }
}

SpecValidator::Result SpecValidator::validate(const QString &schema, const QJsonValue &body)
{
    Result result;
    if (!m_ready) {
        result.errors = { m_errorString.isEmpty() ? u"SpecValidator: not ready"_s : m_errorString };
        return result;
    }
    QJsonObject request { { u"schema"_s, schema }, { u"body"_s, body } };
    m_process->write(QJsonDocument(request).toJson(QJsonDocument::Compact) + '\n');
    QByteArray line;
    if (!readLine(&line, ValidateTimeoutMs)) {
        result.errors = { m_errorString };
        return result;
    }
    QJsonParseError error;
    const QJsonObject answer = QJsonDocument::fromJson(line, &error).object();
    if (error.error != QJsonParseError::NoError) {
        result.errors = { u"SpecValidator: unreadable answer: "_s + QString::fromUtf8(line) };
        return result;
    }
    result.valid = answer.value(u"valid").toBool();
    const QJsonArray errors = answer.value(u"errors").toArray();
    for (const QJsonValue &message : errors)
        result.errors.append(message.toString());
    return result;
}

QString SpecValidator::requestSchema(const QString &path)
{
    if (path == u"/v1/responses")
        return u"CreateResponse"_s;
    if (path == u"/v1/chat/completions")
        return u"CreateChatCompletionRequest"_s;
    if (path == u"/v1/conversations")
        return u"CreateConversationBody"_s;
    return {};
}

} // namespace Tandem::Test
