#include "StoreError.h"

using namespace Qt::StringLiterals;

namespace Tandem {

QString StoreError::kindName(Kind kind)
{
    switch (kind) {
    case Kind::Busy:
        return u"busy"_s;
    case Kind::Lost:
        return u"lost"_s;
    case Kind::Constraint:
        return u"constraint"_s;
    case Kind::Corrupt:
        return u"corrupt"_s;
    case Kind::Other:
        break;
    }
    return u"other"_s;
}

} // namespace Tandem
