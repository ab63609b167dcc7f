#include "LlmJob.h"

#include <atomic>

namespace Tandem {

namespace {
quint64 nextSerial()
{
    static std::atomic<quint64> counter { 0 };
    return ++counter;
}
} // namespace

LlmJob::LlmJob(QObject *parent)
    : QObject(parent)
    , m_serial(nextSerial())
{ }

} // namespace Tandem
