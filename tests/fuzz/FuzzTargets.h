#pragma once

#include <QByteArrayView>
#include <QString>
#include <QStringList>

namespace Tandem {

/// @brief The bodies of the fuzzers in tests/fuzz: each feeds one input through a real parser of the app and checks
/// what that parser promises.
///
/// The libFuzzer targets (fuzz_<name>.cpp, clang with ASan and UBSan, the `fuzz` preset) call them, and so does
/// unit.fuzzcorpus, which replays every committed input of tests/fuzz/corpus in the ordinary build: an input that
/// once crashed a parser stays a test. Each returns an empty string when the input was handled as promised, otherwise
/// the broken promise; a crash is a crash.
class FuzzTargets
{
public:
    using Target = QString (*)(QByteArrayView data);

    /// @brief SseParser: one feed, byte by byte and in uneven chunks must give the same events.
    static QString sseParser(QByteArrayView data);
    /// @brief HandoffSignal on the UTF-8 text: the payload is a tail of the reply, and while a reply that is a handoff
    /// streams in, every prefix of it may still become one.
    static QString handoffSignal(QByteArrayView data);
    /// @brief Tool arguments as the model writes them, checked like ToolRegistry::run() does (the first byte picks
    /// the built-in tool); the calculator's expression is also evaluated. With the first byte's high bit set, the
    /// rest is `[schema, value]` for JsonSchemaValidator directly.
    static QString toolArguments(QByteArrayView data);
    /// @brief JsonImporter::read() (the whole check of an import, which writes nothing): a refusal says why, an
    /// acceptance counts every message, and reading twice gives the same.
    static QString jsonImporter(QByteArrayView data);
    /// @brief A ResponsesJob fed the input as its HTTP body, in chunks the input itself sizes: it ends exactly once,
    /// hands out no call before announcing one, and its result holds the calls it handed out.
    static QString responsesStream(QByteArrayView data);
    /// @brief The same for ChatCompletionsJob (and so ToolCallAccumulator); every call it hands out has a name and
    /// was announced under its id, and its text is the sum of its deltas.
    static QString chatCompletionsStream(QByteArrayView data);
    /// @brief AgentFile::parse() on the UTF-8 text of a prompt file: parsing twice gives the same; a refusal reads
    /// "<file>:<line>: <sentence>" with a line of the file; an accepted agent holds what the file format promises (a
    /// slug id, a name, targets listed once and never itself, valid modes, trimmed instructions, …), and written
    /// back as a file with every key it reads as the same agent.
    static QString promptFile(QByteArrayView data);

    /// @brief The names of the targets: the folders of tests/fuzz/corpus and the fuzz_<name> executables.
    static QStringList names();
    /// @brief The target called @p name, or nullptr.
    static Target target(QStringView name);
};

} // namespace Tandem
