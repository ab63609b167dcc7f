#pragma once

#include <QColor>

namespace Tandem {

/// @brief The fixed light palette of the HTML and PDF exports: a file reads the same whatever theme made it.
class ExportPalette final
{
public:
    static QColor base();
    static QColor text();
    static QColor muted();
    static QColor highlight();
    static QColor error();
    /// @brief @p a blended towards @p b by @p t (0: a, 1: b).
    static QColor mix(const QColor &a, const QColor &b, double t);
};

} // namespace Tandem
