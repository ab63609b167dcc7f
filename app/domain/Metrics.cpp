#include "Metrics.h"

#include <algorithm>
#include <cmath>

namespace Tandem {

qint64 Metrics::percentile95(QList<qint64> values)
{
    if (values.isEmpty())
        return 0;
    std::sort(values.begin(), values.end());
    // Nearest rank: the smallest value with at least 95% of the values at or below it.
    const auto rank = qsizetype(std::ceil(0.95 * double(values.size())));
    return values.at(std::clamp<qsizetype>(rank - 1, 0, values.size() - 1));
}

} // namespace Tandem
