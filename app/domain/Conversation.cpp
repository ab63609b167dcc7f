#include "Conversation.h"

#include "EnumNames.h"

namespace Tandem {

namespace {
constexpr EnumName<Conversation::Mode> kModes[] = {
    { Conversation::Mode::Single, u"single" },
    { Conversation::Mode::Dual, u"dual" },
    { Conversation::Mode::Pipeline, u"pipeline" },
    { Conversation::Mode::Router, u"router" },
};
} // namespace

QString Conversation::modeName(Mode mode)
{
    return nameOf(kModes, mode);
}
std::optional<Conversation::Mode> Conversation::modeFromName(QStringView name)
{
    return valueOf(kModes, name);
}

} // namespace Tandem
