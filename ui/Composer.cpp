#include "Composer.h"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QPlainTextEdit>
#include <QPushButton>

namespace Tandem {

Composer::Composer(QWidget *parent)
    : QWidget(parent)
    , m_editor(new QPlainTextEdit(this))
    , m_sendButton(new QPushButton(tr("&Send"), this))
{
    m_editor->setPlaceholderText(tr("Write a message. Enter sends, Shift+Enter starts a new line."));
    m_editor->setAccessibleName(tr("Message"));
    m_editor->setTabChangesFocus(true);
    m_editor->installEventFilter(this);
    const int lineHeight = m_editor->fontMetrics().lineSpacing();
    m_editor->setMinimumHeight(lineHeight * 3);
    m_editor->setMaximumHeight(lineHeight * 10);

    m_sendButton->setAccessibleName(tr("Send message"));
    m_sendButton->setDefault(true);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_editor, 1);
    layout->addWidget(m_sendButton, 0, Qt::AlignBottom);

    connect(m_sendButton, &QPushButton::clicked, this, &Composer::requestSend);
    connect(m_editor, &QPlainTextEdit::textChanged, this, &Composer::updateSendButton);
    updateSendButton();
}

QString Composer::text() const { return m_editor->toPlainText(); }

void Composer::clear() { m_editor->clear(); }

void Composer::setSendingEnabled(bool enabled, const QString &reason)
{
    m_sendingEnabled = enabled;
    m_sendButton->setToolTip(enabled ? tr("Send the message (Enter)") : reason);
    updateSendButton();
}

void Composer::focusEditor() { m_editor->setFocus(Qt::ShortcutFocusReason); }

bool Composer::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_editor && event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        const bool enter = key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter;
        if (enter && !(key->modifiers() & Qt::ShiftModifier)) {
            requestSend();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void Composer::requestSend()
{
    const QString message = text().trimmed();
    if (!m_sendingEnabled || message.isEmpty())
        return;
    Q_EMIT sendRequested(message);
}

void Composer::updateSendButton()
{
    m_sendButton->setEnabled(m_sendingEnabled && !m_editor->toPlainText().trimmed().isEmpty());
}

} // namespace Tandem
