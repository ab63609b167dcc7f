#pragma once

#include "domain/Agent.h"
#include "domain/OutsideRunner.h"

#include <QCoreApplication>
#include <QString>

namespace Tandem {

/// @brief Writes an agent as a prompt file in the format domain/AgentFile reads (the shipped files' format), so that
/// AgentCatalog reads the written file back as the same agent: the person's override files of the agents editor.
class AgentFileWriter
{
    Q_DECLARE_TR_FUNCTIONS(AgentFileWriter)

public:
    /// @brief The file's text: the front matter (every key; text values quoted), then the instructions (trimmed, as
    /// the parser reads them). @p runner: an outside program's `runner: command` and its `command`, kept as they are.
    static QString text(const Agent &agent, const OutsideRunner &runner = {});
    /// @brief Writes @p agent to @p path (atomically; its folder made if missing) after checking that the text parses
    /// back to @p agent (and to @p runner); false with a sentence in @p error otherwise.
    static bool write(const Agent &agent, const QString &path, QString *error);
    static bool write(const Agent &agent, const OutsideRunner &runner, const QString &path, QString *error);
    /// @brief Removes the file @p path (a missing file is no error); false with a sentence in @p error otherwise.
    static bool remove(const QString &path, QString *error);
};

} // namespace Tandem
