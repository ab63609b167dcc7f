#pragma once

#include <QObject>

class QWidget;

namespace Tandem {

/// @brief For bench/bench_startup: when the environment variable TANDEM_REPORT_FIRST_PAINT is set, prints
/// "first-paint <nanoseconds of CLOCK_MONOTONIC>" on standard output once the window's first paint has completed
/// (every widget of that frame painted and the frame flushed), then quits. Otherwise does nothing.
class FirstPaintReport final : public QObject
{
public:
    static constexpr const char *kEnvironmentVariable = "TANDEM_REPORT_FIRST_PAINT";

    /// @brief Watches @p window when the variable is set; the report is a child of @p window.
    static void watch(QWidget *window);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    explicit FirstPaintReport(QWidget *window);
    Q_DISABLE_COPY_MOVE(FirstPaintReport)
    void report();

    QWidget *m_window = nullptr;
    bool m_seen = false;
};

} // namespace Tandem
