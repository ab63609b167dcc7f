#include "TerminalStream.h"

#include "TerminalText.h"

#include <QByteArray>
#include <QMutex>
#include <QMutexLocker>

namespace Tandem {

namespace {
// One lock for both streams: a log line from another thread must not land inside a line of output.
QMutex &writeLock()
{
    static QMutex mutex;
    return mutex;
}

void writeLogLine(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    TerminalStream::err() << qFormatLogMessage(type, context, message) + u'\n';
    // A fatal message: Qt aborts after this returns.
}
} // namespace

TerminalStream::TerminalStream(std::FILE *file, bool buffered)
    : m_file(file)
    , m_buffered(buffered)
{ }

TerminalStream::~TerminalStream()
{
    flush();
}

TerminalStream &TerminalStream::out()
{
    static TerminalStream stream(stdout, true);
    return stream;
}

TerminalStream &TerminalStream::err()
{
    static TerminalStream stream(stderr, false);
    return stream;
}

void TerminalStream::installMessageHandler()
{
    qInstallMessageHandler(writeLogLine);
}

TerminalStream &TerminalStream::operator<<(QStringView text)
{
    write(TerminalText::visible(text).toUtf8());
    return *this;
}

TerminalStream &TerminalStream::operator<<(const char *utf8)
{
    return *this << QString::fromUtf8(utf8);
}

TerminalStream &TerminalStream::operator<<(char c)
{
    return *this << QString::fromLatin1(&c, 1);
}

void TerminalStream::write(const QByteArray &bytes)
{
    const QMutexLocker lock(&writeLock());
    std::fwrite(bytes.constData(), 1, size_t(bytes.size()), m_file);
    if (!m_buffered)
        std::fflush(m_file);
}

void TerminalStream::flush()
{
    const QMutexLocker lock(&writeLock());
    std::fflush(m_file);
}

} // namespace Tandem
