#include "AppSetup.h"

#include "chat/Translations.h"
#include "cli/CliCommands.h"
#include "domain/Logging.h"
#include "storage/PrivateFiles.h"

#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>

#include <cstring>

using namespace Qt::StringLiterals;

namespace Tandem {

bool AppSetup::isHeadless(int argc, const char *const *argv)
{
    if (CliCommands::isCommandLine(argc, argv))
        return true;
    for (int i = 1; i < argc; ++i) {
        const char *arg = argv[i];
        if (std::strcmp(arg, "--version") == 0 || std::strcmp(arg, "-v") == 0 || std::strcmp(arg, "--help") == 0
            || std::strcmp(arg, "-h") == 0 || std::strcmp(arg, "--help-all") == 0)
            return true;
    }
    return false;
}

bool AppSetup::hasDisplay(int argc, const char *const *argv)
{
#if defined(Q_OS_UNIX) && !defined(Q_OS_MACOS) && !defined(Q_OS_ANDROID)
    if (!qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") || !qEnvironmentVariableIsEmpty("DISPLAY")
        || !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
        return true;
    for (int i = 1; i < argc; ++i)
        if (std::strcmp(argv[i], "-platform") == 0 || std::strcmp(argv[i], "--platform") == 0)
            return true;
    return false;
#else
    Q_UNUSED(argc)
    Q_UNUSED(argv)
    return true;
#endif
}

QString AppSetup::noDisplayMessage()
{
    return tr("Tandem's window needs a display, and there is none here (neither DISPLAY nor WAYLAND_DISPLAY is set). "
              "The headless commands need none: see tandem --help.");
}

void AppSetup::configure(QCoreApplication &app, const QString &language)
{
    Q_UNUSED(app)
    QCoreApplication::setOrganizationName(u"Tandem"_s);
    QCoreApplication::setOrganizationDomain(u"tandem.invalid"_s);
    QCoreApplication::setApplicationName(u"tandem"_s);
    QCoreApplication::setApplicationVersion(QStringLiteral(TANDEM_VERSION));

    // The language chosen in the settings wins over the system's, for the window and the headless commands alike.
    const QString chosen = language.isEmpty() ? QSettings().value(u"ui/language"_s).toString() : language;
    Translations::install(chosen);
}

void AppSetup::protectSettingsFile()
{
    const QSettings settings;
    if (settings.format() == QSettings::NativeFormat && settings.fileName().startsWith(u'/'))
        PrivateFiles::ensureFile(settings.fileName());
}

QString AppSetup::description()
{
    return tr("Tandem: a desktop chat in which several AI agents share one conversation and hand it to each other.");
}

} // namespace Tandem
