#pragma once

#include <QCoreApplication>
#include <QString>

namespace Tandem {

/// @brief What every Tandem process sets up first, with or without a window: names, version, translations.
class AppSetup
{
    Q_DECLARE_TR_FUNCTIONS(AppSetup)

public:
    /// @brief True if the arguments ask for something that needs no window (--version, --help, a headless
    /// command), so main() creates a QCoreApplication: a QApplication aborts with no display.
    static bool isHeadless(int argc, const char *const *argv);
    /// @brief False where a window cannot be shown for want of a display (on X11/Wayland systems: no DISPLAY, no
    /// WAYLAND_DISPLAY, no platform chosen with QT_QPA_PLATFORM or -platform), so main() says so instead of letting
    /// QApplication abort.
    static bool hasDisplay(int argc, const char *const *argv);
    /// @brief The sentence printed when hasDisplay() is false.
    static QString noDisplayMessage();
    /// @brief Application and organisation names and version; installs the translations of @p language
    /// (empty: the one chosen in the settings, else the system's).
    static void configure(QCoreApplication &app, const QString &language = {});
    /// @brief Creates the settings file (QSettings' own) readable by its owner only, before anything is written to
    /// it; an existing one loses the group's and others' permissions. QSettings keeps the mode when it rewrites.
    static void protectSettingsFile();
    /// @brief The description printed by --help.
    static QString description();
};

} // namespace Tandem
