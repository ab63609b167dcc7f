// The modes' rules as one table, so that no other file compares modes to learn how one behaves.
#include "ModeProfile.h"

#include <array>

namespace Tandem {

namespace {
constexpr std::array<QStringView, 5> kPipelinePhases { u"analyst", u"implementer", u"reviewer", u"refactorer",
    u"documenter" };

// Single: one assistant. Dual: agent 1 clarifies each request and may hand it to agent 2 with a text line. Pipeline:
// the orchestrator hands each story to the analyst; implementer and reviewer go back and forth until the review
// passes; the documenter's handoff to the orchestrator completes it. Router: the orchestrator, a real agent there,
// classifies each message and passes it to a specialist, which answers the person.
const std::array<ModeProfile, 4> kProfiles { {
    { Conversation::Mode::Single, u"assistant", ModeProfile::Entry::ActiveAgent, ModeProfile::Signal::Tool, {}, {}, {},
        ModeProfile::StoryEnd::Reply, false, false, false },
    { Conversation::Mode::Dual, u"agent1", ModeProfile::Entry::FirstAgent, ModeProfile::Signal::TextLine, u"agent1",
        u"agent2", {}, ModeProfile::StoryEnd::Reply, false, true, false },
    { Conversation::Mode::Pipeline, u"analyst", ModeProfile::Entry::ActiveAgent, ModeProfile::Signal::Tool, {}, {},
        kPipelinePhases, ModeProfile::StoryEnd::HandoffToOrchestrator, true, true, true },
    { Conversation::Mode::Router, u"orchestrator", ModeProfile::Entry::Routed, ModeProfile::Signal::Tool, {}, {}, {},
        ModeProfile::StoryEnd::Reply, false, false, false },
} };
} // namespace

const ModeProfile &ModeProfile::of(Conversation::Mode mode)
{
    for (const ModeProfile &profile : kProfiles)
        if (profile.mode == mode)
            return profile;
    return kProfiles.front();
}

} // namespace Tandem
