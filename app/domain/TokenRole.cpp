#include "TokenRole.h"

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

bool same(const QString &agent, const QString &role)
{
    return agent.compare(role, Qt::CaseInsensitive) == 0;
}

} // namespace

QStringList TokenRole::all()
{
    return { u"analyst"_s, u"implementer"_s, u"reviewer"_s, u"refactorer"_s, u"documenter"_s, kAdmin.toString(),
        kObserver.toString() };
}

bool TokenRole::isKnown(const QString &role)
{
    return all().contains(role);
}

QString TokenRole::refusal(const QString &role, const QString &action, const QString &fromAgent, const QString &toAgent)
{
    if (role == kAdmin)
        return {};
    if (role == kObserver)
        return u"An observer's token may only read the board and follow its events, not %1."_s.arg(action);
    if (!isKnown(role))
        return u"The token's role “%1” is not known to this Tandem."_s.arg(role.left(100));
    if (action == u"create")
        return same(fromAgent, role)
            ? QString()
            : u"A token of the %1 creates handoffs from the %1 only, not from “%2”."_s.arg(role, fromAgent.left(100));
    if (action == u"accept" || action == u"reject")
        return same(toAgent, role) ? QString()
                                   : u"A token of the %1 may %2 only handoffs addressed to the %1; this one is "
                                     "addressed to “%3”."_s.arg(role, action, toAgent.left(100));
    if (action == u"timeout")
        return same(fromAgent, role) || same(toAgent, role)
            ? QString()
            : u"A token of the %1 may time out only handoffs from or to the %1."_s.arg(role);
    return u"Only an admin's token may %1; this token is the %2's."_s.arg(action, role);
}

} // namespace Tandem
