#include "Composer.h"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTextDocument>

using namespace Qt::StringLiterals;

namespace Tandem {

Composer::Composer(QWidget *parent)
    : QWidget(parent)
    , m_editor(new QPlainTextEdit(this))
    , m_sendButton(new QPushButton(this))
    , m_stopButton(new QPushButton(this))
{
    setObjectName(u"Composer"_s);
    m_editor->setTabChangesFocus(true);
    m_editor->installEventFilter(this);
    const int lineHeight = m_editor->fontMetrics().lineSpacing();
    // Three lines to start with, growing with the text up to ten.
    const auto fit = [this, lineHeight] {
        const int lines = qBound(3, int(m_editor->document()->size().height()), 10);
        const int frame = 2 * m_editor->frameWidth() + int(2 * m_editor->document()->documentMargin());
        m_editor->setFixedHeight(lines * lineHeight + frame);
    };
    m_editor->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    connect(m_editor->document(), &QTextDocument::contentsChanged, this, fit);
    fit();

    m_sendButton->setDefault(true);
    m_sendButton->setObjectName(u"SendButton"_s);
    m_stopButton->setObjectName(u"StopButton"_s);
    m_stopButton->setVisible(false);
    retranslate();

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_editor, 1);
    layout->addWidget(m_sendButton, 0, Qt::AlignBottom);
    layout->addWidget(m_stopButton, 0, Qt::AlignBottom);

    connect(m_sendButton, &QPushButton::clicked, this, &Composer::requestSend);
    connect(m_stopButton, &QPushButton::clicked, this, &Composer::stopRequested);
    connect(m_editor, &QPlainTextEdit::textChanged, this, &Composer::updateSendButton);
    updateSendButton();
}

void Composer::retranslate()
{
    m_sendButton->setText(tr("&Send"));
    m_stopButton->setText(tr("S&top"));
    m_editor->setPlaceholderText(tr("Write a message. Enter sends, Shift+Enter starts a new line."));
    m_editor->setAccessibleName(tr("Message"));
    m_sendButton->setAccessibleName(tr("Send message"));
    m_stopButton->setAccessibleName(tr("Stop the reply"));
    m_stopButton->setToolTip(tr("Stop the reply (Esc); what was written so far stays"));
    if (m_sendingEnabled)
        m_sendButton->setToolTip(tr("Send the message (Enter)"));
}

void Composer::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

QString Composer::text() const
{
    return m_editor->toPlainText();
}

void Composer::clear()
{
    m_editor->clear();
}

void Composer::setSendingEnabled(bool enabled, const QString &reason)
{
    m_sendingEnabled = enabled;
    m_sendButton->setToolTip(enabled ? tr("Send the message (Enter)") : reason);
    updateSendButton();
}

void Composer::focusEditor()
{
    m_editor->setFocus(Qt::ShortcutFocusReason);
}

void Composer::setRunning(bool running)
{
    m_running = running;
    m_sendButton->setVisible(!running);
    m_stopButton->setVisible(running);
    updateSendButton();
}

bool Composer::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_editor && event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() == Qt::Key_Escape && m_running) {
            Q_EMIT stopRequested();
            return true;
        }
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
    if (!m_sendingEnabled || m_running || message.isEmpty())
        return;
    Q_EMIT sendRequested(message);
}

void Composer::updateSendButton()
{
    m_sendButton->setEnabled(m_sendingEnabled && !m_running && !m_editor->toPlainText().trimmed().isEmpty());
}

} // namespace Tandem
