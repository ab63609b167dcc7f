#pragma once

#include <QDateTime>
#include <QString>

#include <optional>

namespace Tandem {

/// @brief A conversation: its title, its multi-agent mode and where it talks to.
struct Conversation
{
    /// Single: one agent. Dual: agent 1 clarifies and hands to agent 2 with a HANDOFF_AGENT2 line.
    /// Pipeline: analyst -> implementer <-> reviewer -> refactorer -> documenter. Router: an orchestrator picks.
    enum class Mode { Single, Dual, Pipeline, Router };

    qint64 id = 0;
    QString title;
    Mode mode = Mode::Single;
    bool pinned = false;
    QString providerId;
    QString model;
    QDateTime createdAt;
    QDateTime updatedAt; ///< last activity; the sidebar sorts by it
    QString storyId; ///< the story it works on (seed 002's story id, such as `v0.1:1.1.1`); empty for none

    static QString modeName(Mode mode);
    static std::optional<Mode> modeFromName(QStringView name);
};

} // namespace Tandem
