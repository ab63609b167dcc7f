#include "LogCapture.h"

#include <QLoggingCategory>
#include <QMutex>

using namespace Qt::StringLiterals;

namespace Tandem::Test {

namespace {

QMutex mutex;
QStringList captured;
QtMessageHandler previousHandler = nullptr;
QLoggingCategory::CategoryFilter previousFilter = nullptr;
bool installed = false;

void capture(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    {
        const QMutexLocker locker(&mutex);
        captured.append(QString::fromLatin1(context.category ? context.category : "default") + u": "_s + message);
    }
    if (type != QtDebugMsg && type != QtInfoMsg && previousHandler)
        previousHandler(type, context, message);
}

// ctest's QT_LOGGING_RULES outranks setFilterRules(); a category filter has the last word.
void enableTandem(QLoggingCategory *category)
{
    if (previousFilter)
        previousFilter(category);
    if (qstrncmp(category->categoryName(), "tandem.", 7) == 0) {
        category->setEnabled(QtDebugMsg, true);
        category->setEnabled(QtInfoMsg, true);
        category->setEnabled(QtWarningMsg, true);
        category->setEnabled(QtCriticalMsg, true);
    }
}

} // namespace

LogCapture::LogCapture()
{
    Q_ASSERT(!installed);
    installed = true;
    QLoggingCategory::setFilterRules(u"tandem.*.debug=true"_s);
    previousFilter = QLoggingCategory::installFilter(enableTandem);
    previousHandler = qInstallMessageHandler(capture);
}

LogCapture::~LogCapture()
{
    qInstallMessageHandler(previousHandler);
    QLoggingCategory::installFilter(previousFilter);
    QLoggingCategory::setFilterRules(QString());
    previousHandler = nullptr;
    previousFilter = nullptr;
    installed = false;
}

QStringList LogCapture::lines()
{
    const QMutexLocker locker(&mutex);
    return captured;
}

qsizetype LogCapture::size()
{
    const QMutexLocker locker(&mutex);
    return captured.size();
}

} // namespace Tandem::Test
