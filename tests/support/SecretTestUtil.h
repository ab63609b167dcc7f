#pragma once

#include "storage/SecretStore.h"

#include <QSignalSpy>
#include <QTest>

namespace Tandem::Test {

/// @brief Runs one SecretStore operation to completion on the test's event loop and returns its result.
template <typename Start> SecretStore::Result waitFor(Start start, int timeoutMs = 20000)
{
    std::optional<SecretStore::Result> result;
    start([&](const SecretStore::Result &r) { result = r; });
    if (!QTest::qWaitFor([&] { return result.has_value(); }, timeoutMs))
        result.reset();
    if (!result) {
        SecretStore::Result timedOut;
        timedOut.errorString = QStringLiteral("the keychain did not answer in time");
        return timedOut;
    }
    return *result;
}

/// @brief True if any file under @p folder (recursively, files up to 64 MiB) contains @p needle.
bool folderContains(const QString &folder, const QByteArray &needle, QStringList *hits = nullptr);

} // namespace Tandem::Test
