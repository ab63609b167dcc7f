#include "Theme.h"

#include "domain/ErrorColor.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

QString &platformStyleName()
{
    static QString name;
    return name;
}

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x1f, 0x22, 0x27);
    const QColor base(0x17, 0x19, 0x1d);
    const QColor text(0xe6, 0xe8, 0xeb);
    const QColor disabled(0x7d, 0x83, 0x8c);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, window);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabled);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x2a, 0x2e, 0x34));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    p.setColor(QPalette::Light, QColor(0x3a, 0x3f, 0x46));
    p.setColor(QPalette::Midlight, QColor(0x32, 0x36, 0x3c));
    p.setColor(QPalette::Mid, QColor(0x26, 0x29, 0x2e));
    p.setColor(QPalette::Dark, QColor(0x12, 0x14, 0x17));
    p.setColor(QPalette::Shadow, Qt::black);
    p.setColor(QPalette::Highlight, QColor(0x3b, 0x82, 0xf6));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x7a, 0xb0, 0xff));
    p.setColor(QPalette::LinkVisited, QColor(0xb3, 0x9d, 0xff));
    for (const auto role : { QPalette::WindowText, QPalette::Text, QPalette::ButtonText })
        p.setColor(QPalette::Disabled, role, disabled);
    return p;
}

QPalette lightPalette()
{
    QPalette p;
    const QColor window(0xf3, 0xf4, 0xf6);
    const QColor text(0x1c, 0x1f, 0x23);
    const QColor disabled(0x8a, 0x90, 0x99);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, Qt::white);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, Qt::white);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabled);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0xe9, 0xeb, 0xee));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xd0, 0x1f, 0x1f));
    p.setColor(QPalette::Light, Qt::white);
    p.setColor(QPalette::Midlight, QColor(0xf7, 0xf8, 0xf9));
    p.setColor(QPalette::Mid, QColor(0xc4, 0xc8, 0xce));
    p.setColor(QPalette::Dark, QColor(0xa0, 0xa5, 0xad));
    p.setColor(QPalette::Shadow, QColor(0x60, 0x64, 0x6b));
    p.setColor(QPalette::Highlight, QColor(0x25, 0x63, 0xeb));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x1d, 0x4e, 0xd8));
    p.setColor(QPalette::LinkVisited, QColor(0x6d, 0x28, 0xd9));
    for (const auto role : { QPalette::WindowText, QPalette::Text, QPalette::ButtonText })
        p.setColor(QPalette::Disabled, role, disabled);
    return p;
}

} // namespace

QPalette Theme::palette(const QString &theme)
{
    if (theme == u"dark")
        return darkPalette();
    if (theme == u"light")
        return lightPalette();
    return QApplication::style() ? QApplication::style()->standardPalette() : QPalette();
}

void Theme::apply(const QString &theme)
{
    if (platformStyleName().isEmpty() && QApplication::style())
        platformStyleName() = QApplication::style()->name();
    const bool override = theme == u"dark" || theme == u"light";
    if (override) {
        QApplication::setStyle(QStyleFactory::create(u"Fusion"_s));
        QApplication::setPalette(palette(theme));
        return;
    }
    if (!platformStyleName().isEmpty())
        QApplication::setStyle(QStyleFactory::create(platformStyleName()));
    QApplication::setPalette(QApplication::style()->standardPalette());
}

QColor Theme::diffRemovedColor(bool dark)
{
    QColor translucent = errorColor();
    translucent.setAlpha(0x70);
    return dark ? translucent : QColor(0xfd, 0xd8, 0xd5);
}

QColor Theme::diffAddedColor(bool dark)
{
    return dark ? QColor(0x16, 0xa3, 0x4a, 0x70) : QColor(0xcd, 0xf3, 0xd9);
}

QColor Theme::activeColor()
{
    return QColor(0x2f, 0x6f, 0xe0);
}

QColor Theme::doneColor()
{
    return QColor(0x16, 0xa3, 0x4a);
}

QColor Theme::rejectedColor()
{
    return errorColor(); // a rejection reads with the red of errors
}

QColor Theme::pendingColor()
{
    return QColor(0x9a, 0xa0, 0xa8);
}

QColor Theme::timedOutColor()
{
    return QColor(0xd9, 0x8e, 0x04);
}

QColor Theme::errorColor()
{
    return QColor(kErrorRgb);
}

} // namespace Tandem
