#pragma once

#include "domain/Handoff.h"

#include <QDateTime>
#include <QHash>
#include <QObject>

class QTimer;

namespace Tandem {

class ChatRepository;

/// @brief Every handoff change the local API announces, once each: those of this process's engine as they happen,
/// and those another process (the window, a `tandem run`) commits, found when the repository sees the database
/// changed elsewhere.
///
/// A change is a handoff's id and status; one already announced is not announced again. Changes made before the
/// watch started are not announced.
class HandoffWatch final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HandoffWatch)

public:
    explicit HandoffWatch(ChatRepository &repository, QObject *parent = nullptr);

Q_SIGNALS:
    void changed(const Tandem::Handoff &handoff);

private:
    void announce(const Handoff &handoff);
    void lookElsewhere();

    ChatRepository &m_repository;
    const QDateTime m_started;
    QDateTime m_lastLook;
    QHash<qint64, Handoff::Status> m_announced;
};

} // namespace Tandem
