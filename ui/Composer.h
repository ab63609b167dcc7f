#pragma once

#include <QWidget>

class QPlainTextEdit;
class QPushButton;

namespace Tandem {

/// @brief Where the person writes: a multi-line editor with Send (Enter) and a new line on Shift+Enter.
class Composer final : public QWidget
{
    Q_OBJECT

public:
    explicit Composer(QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(Composer)

    QString text() const;
    void clear();
    /// @brief Whether sending is possible now; the reason shows as the Send button's tooltip when it is not.
    void setSendingEnabled(bool enabled, const QString &reason = {});
    void focusEditor();
    /// @brief While a run streams, the Send button becomes Stop (and Esc in the editor stops).
    void setRunning(bool running);
    bool isRunning() const { return m_running; }

Q_SIGNALS:
    void sendRequested(const QString &text);
    void stopRequested();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void requestSend();
    void retranslate();
    void updateSendButton();

    QPlainTextEdit *m_editor = nullptr;
    QPushButton *m_sendButton = nullptr;
    QPushButton *m_stopButton = nullptr;
    bool m_sendingEnabled = true;
    bool m_running = false;
};

} // namespace Tandem
