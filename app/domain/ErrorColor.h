#pragma once

#include <QtGlobal>

namespace Tandem {

/// @brief The one red of errors (0xRRGGBB): the window's Theme::errorColor(), the error divider and the exports'
/// error bubbles all take it from here.
inline constexpr quint32 kErrorRgb = 0xd92d20;

} // namespace Tandem
