#pragma once

#include <QString>

namespace Tandem {

/// @brief The installed translations of the process: Tandem's own and Qt's, for one language at a time.
///
/// install() replaces what an earlier call installed, so the language can change while the window is open: Qt then
/// sends every widget a LanguageChange event and each retranslates itself.
class Translations
{
public:
    /// @brief Installs the translations of @p language ("ru", "en", ...; empty: the system's) from :/i18n, replacing
    /// the ones installed before; a language without a translation reads the English sources. False if nothing of
    /// Tandem's could be loaded (no .qm files compiled in).
    static bool install(const QString &language);
    /// @brief The language install() was last called with, as given.
    static QString current();
};

} // namespace Tandem
