#include "Task.h"

#include "EnumNames.h"

namespace Tandem {

namespace {
constexpr EnumName<Task::Priority> kPriorities[] = {
    { Task::Priority::Low, u"low" },
    { Task::Priority::Normal, u"normal" },
    { Task::Priority::High, u"high" },
};
constexpr EnumName<Task::Status> kStatuses[] = {
    { Task::Status::Open, u"open" },
    { Task::Status::Done, u"done" },
};
} // namespace

QString Task::priorityName(Priority priority)
{
    return nameOf(kPriorities, priority);
}

std::optional<Task::Priority> Task::priorityFromName(QStringView name)
{
    return valueOf(kPriorities, name);
}

QString Task::statusName(Status status)
{
    return nameOf(kStatuses, status);
}

std::optional<Task::Status> Task::statusFromName(QStringView name)
{
    return valueOf(kStatuses, name);
}

} // namespace Tandem
