#include "Icons.h"

#include <QPainter>
#include <QPixmap>
#include <QSvgRenderer>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
QPixmap tinted(QSvgRenderer &renderer, int size, const QColor &color)
{
    QPixmap pixmap(size, size);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    renderer.render(&painter, QRectF(0, 0, size, size));
    // The strokes keep their shape and take the colour.
    painter.setCompositionMode(QPainter::CompositionMode_SourceIn);
    painter.fillRect(pixmap.rect(), color);
    return pixmap;
}
} // namespace

QIcon Icons::action(const QString &name, const QPalette &palette)
{
    QSvgRenderer renderer(u":/icons/action-%1.svg"_s.arg(name));
    if (!renderer.isValid())
        return {};
    QIcon icon;
    for (const int size : { 16, 20, 24, 32, 48 }) {
        icon.addPixmap(tinted(renderer, size, palette.color(QPalette::Active, QPalette::WindowText)), QIcon::Normal);
        icon.addPixmap(
            tinted(renderer, size, palette.color(QPalette::Disabled, QPalette::WindowText)), QIcon::Disabled);
    }
    return icon;
}

} // namespace Tandem
