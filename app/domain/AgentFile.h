#pragma once

#include "Agent.h"
#include "OutsideRunner.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <QStringView>

namespace Tandem {

/// @brief An agent's prompt file: Markdown that starts with a front matter block.
///
/// ```
/// ---
/// id: reviewer                      # required: a slug (a-z first, then a-z, 0-9, _ or -), never "person"
/// name: Reviewer                    # required: the name the chat shows
/// role: Reviews the implementation.
/// model: gpt-4.1-mini               # empty or absent: the conversation's model
/// provider: openai                  # empty or absent: the conversation's provider
/// tools: [read_file, list_files]    # or one "- item" per line below "tools:"
/// targets:                          # or [refactorer, implementer] with the default options
///   - to: refactorer
///     transfer: summary             # payload (default), summary, full_history (or full)
///     timing: same_turn             # same_turn (default) or next_turn
///     warm: false                   # default false
///   - implementer
/// terminal: false                   # true: never hands over (then no targets)
/// enabled: true
/// max_output_tokens: 0              # 0: the provider's limit
/// modes: [pipeline]                 # single, dual, pipeline, router
/// description: Creates tasks.       # router mode: what the orchestrator's classifier reads about the agent
/// handles: [task, "to-do", задач]   # router mode: keywords and phrases that send a message here
/// fallback: false                   # router mode: true for the agent that takes what no other claimed
/// runner: command                   # model (default): Tandem's model calls; command: an outside program
/// command: [my-agent, --print]      # with runner: command; or one string, split into words without a shell
/// network: false                    # true: its commands (run_command, git_push; an outside program) may use
///                                   # the network, run_command's only if the person allows it
/// ---
/// The instructions: the rest of the file, trimmed.
/// ```
///
/// The front matter is a small YAML subset: `key: value` lines, plain or quoted scalars ("…" with \" \\ \n \t
/// escapes, '…' with ''), flow lists `[a, b]`, block lists of `- item` lines, and for `targets` items that are
/// maps of to, transfer, timing and warm. Blank lines and `#` comments are skipped; indentation is spaces. Anything
/// else is refused with "<file>:<line>: <sentence>": unknown or repeated keys, bad values, bad list syntax, a
/// front matter that is not closed, a missing id or name, an id that is not a slug, a target listed twice.
class AgentFile
{
    Q_DECLARE_TR_FUNCTIONS(AgentFile)

public:
    /// @brief What parse() found: the agent, or the first problem.
    struct Result
    {
        Agent agent; ///< the agent the file declares; meaningful only when ok()
        QString error; ///< "<file>:<line>: <sentence>", translated; empty when the file is sound
        int line = 0; ///< the line (from 1) the error is on; 0 when the file is sound
        OutsideRunner runner; ///< `runner: command`, its command line and network; empty for a model's agent
        bool ok() const { return error.isEmpty(); }
    };

    /// @brief Reads the agent file @p text; @p fileName names it in the error. Never fails on any input other than by
    /// returning an error.
    static Result parse(QStringView text, const QString &fileName);
    /// @brief True if @p id may name an agent: a-z first, then a-z, 0-9, '_' or '-', at most 64 characters.
    static bool isSlug(QStringView id);
    /// @brief The keys a front matter may hold, in the order the documentation lists them.
    static QStringList keys();
};

} // namespace Tandem
