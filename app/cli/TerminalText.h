#pragma once

#include <QString>
#include <QStringView>

namespace Tandem {

/// @brief Makes text safe to write to a terminal: every character a terminal would act on instead of print is shown
/// as visible text, so text from a model, a provider or a file can never clear the screen, set the window title,
/// write the clipboard, plant a link, overwrite a line or reorder what is shown.
///
/// Newline and tab pass. CR LF becomes LF. Other C0 controls and DEL are shown in caret notation (ESC is `^[`, a
/// bare CR `^M`, DEL `^?`); C1 controls as `\x9b`; bidirectional controls (U+061C, U+200E, U+200F,
/// U+202A–U+202E, U+2066–U+2069) and invisible characters (zero-width space, word joiner and invisible operators,
/// U+FEFF, interlinear annotation, line and paragraph separators, U+180E, tag characters outside an emoji flag) as
/// `<U+202E>`. Joiners that scripts and emoji need (U+200C, U+200D) and variation selectors pass.
///
/// The CLI applies it to everything it writes, whether or not the output is a terminal: output piped to a file or
/// a pager is often shown on a terminal later (`less -R`, `cat`, a log viewer).
class TerminalText
{
public:
    /// @brief @p text with every terminal control made visible; text without any is returned unchanged.
    static QString visible(QStringView text);
    /// @brief True if @p text holds nothing visible() would change.
    static bool isPlain(QStringView text);
};

} // namespace Tandem
