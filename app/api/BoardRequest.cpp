#include "BoardRequest.h"

#include "domain/BoardState.h"

using namespace Qt::StringLiterals;

namespace Tandem {

qint64 BoardRequest::idFrom(const QJsonValue &value)
{
    if (value.isDouble()) {
        const double number = value.toDouble();
        constexpr double kLargestExact = 9007199254740991.0; // 2^53 - 1: beyond it a double is no exact id
        return number >= 1 && number <= kLargestExact && number == double(qint64(number)) ? qint64(number) : 0;
    }
    bool ok = false;
    const qint64 id = value.toString().trimmed().toLongLong(&ok);
    return ok && id > 0 ? id : 0;
}

QString BoardRequest::storyTextFrom(const QJsonValue &value)
{
    if (value.isDouble()) {
        const qint64 id = idFrom(value);
        return id > 0 ? QString::number(id) : QString();
    }
    return value.toString().trimmed();
}

ApiReply BoardRequest::noStory(const QString &storyText)
{
    return ApiReply::error(404,
        u"There is no story “%1”: no conversation was created for that story id or has it as its id."_s.arg(
            storyText.left(100)));
}

int BoardRequest::statusOf(const BoardResult &result)
{
    switch (result.problem) {
    case BoardResult::Problem::None:
        return 200;
    case BoardResult::Problem::NotFound:
        return 404;
    case BoardResult::Problem::Invalid:
    case BoardResult::Problem::Busy:
        return 409;
    case BoardResult::Problem::Storage:
        break;
    }
    return 500;
}

} // namespace Tandem
