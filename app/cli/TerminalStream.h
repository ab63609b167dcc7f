#pragma once

#include <QString>
#include <QStringView>

#include <cstdio>
#include <type_traits>

namespace Tandem {

/// @brief The CLI's standard output and standard error: everything written passes through TerminalText::visible(),
/// so no text the CLI prints (a model's reply, a provider's error, a title, a log line) can act on the terminal.
///
/// Output is UTF-8. Standard error is written at once, standard output when flushed (or when its buffer fills).
class TerminalStream final
{
public:
    /// @brief The stream over stdout.
    static TerminalStream &out();
    /// @brief The stream over stderr.
    static TerminalStream &err();
    /// @brief Sends Qt's log lines (qDebug, qCWarning, …, and Qt's own) through the same filter to stderr.
    static void installMessageHandler();

    TerminalStream &operator<<(QStringView text);
    TerminalStream &operator<<(const QString &text) { return *this << QStringView(text); }
    /// @brief UTF-8 text.
    TerminalStream &operator<<(const char *utf8);
    TerminalStream &operator<<(char c);
    TerminalStream &operator<<(QChar c) { return *this << QStringView(&c, 1); }
    template <typename Number>
    requires(
        std::is_arithmetic_v<Number> && !std::is_same_v<Number, char> && !std::is_same_v<Number, bool>) TerminalStream &
    operator<<(Number value)
    {
        return *this << QString::number(value);
    }
    void flush();

    ~TerminalStream();
    TerminalStream(const TerminalStream &) = delete;
    TerminalStream &operator=(const TerminalStream &) = delete;

private:
    TerminalStream(std::FILE *file, bool buffered);
    void write(const QByteArray &bytes);

    std::FILE *m_file;
    bool m_buffered;
};

} // namespace Tandem
