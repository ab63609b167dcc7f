#include "Translations.h"

#include "domain/Logging.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QPointer>
#include <QTranslator>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
struct Installed
{
    QPointer<QTranslator> tandem;
    QPointer<QTranslator> qt;
    QString language;
};

Installed &installed()
{
    static Installed state;
    return state;
}
} // namespace

bool Translations::install(const QString &language)
{
    QCoreApplication *app = QCoreApplication::instance();
    if (!app)
        return false;
    Installed &state = installed();
    // The new ones go in before the old ones leave (the newest is asked first), so no widget retranslates into the
    // English sources in between.
    // Dates and numbers follow the chosen language too (QLocale() everywhere reads the default).
    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    QLocale::setDefault(locale);
    auto *qt = new QTranslator(app);
    if (!qt->load(locale, u"qtbase"_s, u"_"_s, QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        delete qt;
        qt = nullptr;
    }
    auto *tandem = new QTranslator(app);
    bool loaded = tandem->load(locale, u"tandem"_s, u"_"_s, u":/i18n"_s);
    if (!loaded) {
        // A language without a translation (the C locale too) reads the English sources, with their plural forms.
        qCDebug(lcApp) << "no translation for" << locale.name();
        loaded = tandem->load(u"tandem_en"_s, u":/i18n"_s);
    }
    if (!loaded) {
        delete tandem;
        tandem = nullptr;
    }
    if (qt)
        QCoreApplication::installTranslator(qt);
    if (tandem)
        QCoreApplication::installTranslator(tandem);
    for (QTranslator *old : { state.tandem.data(), state.qt.data() }) {
        if (old) {
            QCoreApplication::removeTranslator(old);
            delete old;
        }
    }
    state.qt = qt;
    state.tandem = tandem;
    state.language = language;
    return loaded;
}

QString Translations::current()
{
    return installed().language;
}

} // namespace Tandem
