#include "ProtocolRows.h"

#include <QTest>

namespace Tandem::Test {

void ProtocolRows::add()
{
    QTest::addColumn<ProviderProfile::Protocol>("protocol");
    QTest::newRow("responses") << ProviderProfile::Protocol::Responses;
    QTest::newRow("chat") << ProviderProfile::Protocol::ChatCompletions;
}

} // namespace Tandem::Test
