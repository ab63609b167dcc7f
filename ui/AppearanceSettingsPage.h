#pragma once

#include <QPointer>
#include <QWidget>

class QComboBox;

namespace Tandem {

class SettingsViewModel;

/// @brief The settings' "Appearance" page: the language and the theme, applied as they are chosen.
class AppearanceSettingsPage final : public QWidget
{
    Q_OBJECT

public:
    explicit AppearanceSettingsPage(SettingsViewModel *settings, QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(AppearanceSettingsPage)

private:
    QPointer<SettingsViewModel> m_settings;
    QComboBox *m_language = nullptr;
    QComboBox *m_theme = nullptr;
};

} // namespace Tandem
