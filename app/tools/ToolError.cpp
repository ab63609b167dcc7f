#include "ToolError.h"

using namespace Qt::StringLiterals;

namespace Tandem {

QString ToolError::typeName(Type type)
{
    switch (type) {
    case Type::UnknownTool:
        return u"unknown_tool"_s;
    case Type::InvalidArguments:
        return u"invalid_arguments"_s;
    case Type::Failed:
        return u"failed"_s;
    }
    return u"failed"_s;
}

} // namespace Tandem
