#include "ExportPalette.h"

#include "domain/ErrorColor.h"

namespace Tandem {

QColor ExportPalette::base()
{
    return QColor(0xffffff);
}

QColor ExportPalette::text()
{
    return QColor(0x1f2328);
}

QColor ExportPalette::muted()
{
    return QColor(0x6b7280);
}

QColor ExportPalette::highlight()
{
    return QColor(0x2f6fe0);
}

QColor ExportPalette::error()
{
    return QColor(kErrorRgb);
}

QColor ExportPalette::mix(const QColor &a, const QColor &b, double t)
{
    return QColor::fromRgbF(float(a.redF() * (1 - t) + b.redF() * t), float(a.greenF() * (1 - t) + b.greenF() * t),
        float(a.blueF() * (1 - t) + b.blueF() * t));
}

} // namespace Tandem
