#pragma once

// Shared by the chat benchmarks: a real database in a temporary folder holding one long conversation, opened
// through the real LocalChatRepository, and small measuring helpers.

#include "BenchBasics.h"
#include "chat/LocalChatRepository.h"
#include "storage/ConversationStore.h"
#include "storage/Database.h"
#include "storage/MessageStore.h"
#include "storage/Transaction.h"
#include "storage/UnitOfWork.h"

#include <QFile>
#include <QNetworkAccessManager>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>
#include <ctime>
#include <memory>

namespace Tandem::Bench {

/// @brief Resident memory of this process in KiB (VmRSS of /proc/self/status), -1 if unknown.
inline qint64 residentKiB()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    const QList<QByteArray> lines = status.readAll().split('\n');
    for (const QByteArray &line : lines)
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').constFirst().toLongLong();
    return -1;
}

/// @brief A database with one conversation of @p count alternating user and agent messages.
struct ChatFixture
{
    QTemporaryDir dir;
    Database database;
    std::unique_ptr<QNetworkAccessManager> network;
    std::unique_ptr<LocalChatRepository> repository;
    qint64 conversationId = 0;

    explicit ChatFixture(int count)
    {
        database.open(dir.filePath(QStringLiteral("bench.sqlite")));
        Conversation conversation;
        conversation.title = QStringLiteral("Benchmark");
        conversation.mode = Conversation::Mode::Dual;
        database.work().conversations().create(conversation);
        conversationId = conversation.id;
        {
            Transaction transaction(database.work());
            MessageStore &store = database.work().messages();
            for (int i = 0; i < count; ++i) {
                Message m;
                m.conversationId = conversationId;
                m.role = i % 2 ? Message::Role::Assistant : Message::Role::User;
                m.agentId = i % 2 ? QStringLiteral("agent1") : QString();
                m.content = i % 2
                    ? QStringLiteral("Here is **answer %1** with `code` and a [link](https://example.com)."
                                     "\n\n- one\n- two")
                          .arg(i)
                    : QStringLiteral("Question %1: how does this work?").arg(i);
                m.createdAt = m.updatedAt = QDateTime::currentDateTimeUtc();
                store.append(m);
            }
            transaction.commit();
        }
        network = std::make_unique<QNetworkAccessManager>();
        repository = std::make_unique<LocalChatRepository>(database.work(), network.get(), nullptr, nullptr);
    }
};

inline qint64 percentile(QList<qint64> values, double p)
{
    if (values.isEmpty())
        return 0;
    std::sort(values.begin(), values.end());
    return values.at(qMin(values.size() - 1, qsizetype(p * double(values.size()))));
}

} // namespace Tandem::Bench
