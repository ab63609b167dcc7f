#pragma once

// Included by the GUI tests that drive a modal dialog (QDialog::exec(), QInputDialog::getText(), QMessageBox): the
// code under test blocks in the dialog's own event loop, so the test answers it from a timer of that loop.

#include <QApplication>
#include <QDeadlineTimer>
#include <QDialog>
#include <QPointer>
#include <QTimer>

#include <functional>

namespace Tandem::Test {

/// @brief Answers the next modal dialog of type @p Dialog while its exec() runs.
///
/// Once such a dialog is the active modal widget, @p answer is called on it at every tick of the dialog's event loop
/// until it returns true (it may wait for the dialog to be ready: detection results, a stored key). If none is
/// answered before the deadline, whatever modal dialog is open is rejected, so that a test fails instead of hanging;
/// answered() then stays false. The deadline guards against a hang only: no test asserts on it.
template <typename Dialog> class ModalAnswer final : public QObject
{
public:
    explicit ModalAnswer(std::function<bool(Dialog *)> answer, int deadlineMs = 20'000)
        : m_answer(std::move(answer))
        , m_deadline(deadlineMs)
    {
        m_timer.setInterval(10);
        connect(&m_timer, &QTimer::timeout, this, &ModalAnswer::tick);
        m_timer.start();
    }
    Q_DISABLE_COPY_MOVE(ModalAnswer)

    /// @brief True once @p answer returned true.
    bool answered() const { return m_answered; }
    /// @brief How many dialogs of type @p Dialog were seen (one, unless the code under test opened another).
    int seen() const { return m_seen; }

private:
    void tick()
    {
        QWidget *modal = QApplication::activeModalWidget();
        auto *dialog = qobject_cast<Dialog *>(modal);
        if (dialog && dialog != m_last) {
            m_last = dialog;
            ++m_seen;
        }
        if (dialog && !m_answered && m_answer(dialog)) {
            m_answered = true;
            m_timer.stop();
            return;
        }
        if (m_deadline.hasExpired()) {
            m_timer.stop();
            if (auto *open = qobject_cast<QDialog *>(modal))
                open->reject();
        }
    }

    std::function<bool(Dialog *)> m_answer;
    QDeadlineTimer m_deadline;
    QTimer m_timer;
    QPointer<Dialog> m_last;
    bool m_answered = false;
    int m_seen = 0;
};

} // namespace Tandem::Test
