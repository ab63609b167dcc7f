#pragma once

#include "Theme.h"

#include <QLabel>
#include <QString>

namespace Tandem {

/// @brief Shows @p text in a settings page's status line, in the theme's error colour when @p error.
inline void showSettingsStatus(QLabel *label, const QString &text, bool error)
{
    label->setText(text);
    label->setStyleSheet(error ? QStringLiteral("color: %1;").arg(Theme::errorColor().name()) : QString());
}

} // namespace Tandem
