#pragma once

#include <QFrame>

class QPlainTextEdit;
class QPushButton;

namespace Tandem {

/// @brief The person's message as an editor, in place of its bubble ("Edit"): its text to change, Send (Ctrl+Enter)
/// makes the new version, a sibling of the old one, and runs; Cancel (Escape) leaves everything as it was.
class MessageEditor final : public QFrame
{
    Q_OBJECT

public:
    explicit MessageEditor(QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(MessageEditor)

    void setText(const QString &text);
    QString text() const;
    /// @brief The height it needs at its width: the text, then the buttons.
    static int preferredHeight();

Q_SIGNALS:
    /// Send was pressed with a text that is not blank.
    void sendRequested(const QString &text);
    void cancelled();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void send();

    QPlainTextEdit *m_text;
    QPushButton *m_send;
    QPushButton *m_cancel;
};

} // namespace Tandem
