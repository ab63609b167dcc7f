#include "MessageEditor.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Tandem {

MessageEditor::MessageEditor(QWidget *parent)
    : QFrame(parent)
    , m_text(new QPlainTextEdit(this))
    , m_send(new QPushButton(this))
    , m_cancel(new QPushButton(this))
{
    setObjectName(u"MessageEditor"_s);
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    m_text->setObjectName(u"MessageEditorText"_s);
    m_text->setTabChangesFocus(true);
    m_text->installEventFilter(this);
    m_send->setObjectName(u"MessageEditorSend"_s);
    m_send->setDefault(true);
    m_cancel->setObjectName(u"MessageEditorCancel"_s);
    auto *buttons = new QHBoxLayout;
    buttons->addStretch();
    buttons->addWidget(m_cancel);
    buttons->addWidget(m_send);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_text, 1);
    layout->addLayout(buttons);
    connect(m_send, &QPushButton::clicked, this, &MessageEditor::send);
    connect(m_cancel, &QPushButton::clicked, this, &MessageEditor::cancelled);
    connect(m_text, &QPlainTextEdit::textChanged, this,
        [this] { m_send->setEnabled(!m_text->toPlainText().trimmed().isEmpty()); });
    setFocusProxy(m_text);
    retranslate();
}

void MessageEditor::setText(const QString &text)
{
    m_text->setPlainText(text);
    m_text->moveCursor(QTextCursor::End);
}

QString MessageEditor::text() const
{
    return m_text->toPlainText();
}

int MessageEditor::preferredHeight()
{
    return 150;
}

void MessageEditor::send()
{
    const QString text = m_text->toPlainText();
    if (!text.trimmed().isEmpty())
        Q_EMIT sendRequested(text);
}

bool MessageEditor::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_text && event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        if ((key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) && key->modifiers() & Qt::ControlModifier) {
            send();
            return true;
        }
        if (key->key() == Qt::Key_Escape) {
            Q_EMIT cancelled();
            return true;
        }
    }
    return QFrame::eventFilter(watched, event);
}

void MessageEditor::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QFrame::changeEvent(event);
}

void MessageEditor::retranslate()
{
    setAccessibleName(tr("Edit message"));
    m_text->setAccessibleName(tr("New version of the message"));
    m_send->setText(tr("Send"));
    m_send->setToolTip(tr("Send the new version (Ctrl+Enter); the old one stays as another branch"));
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Keep the message as it is (Escape)"));
}

} // namespace Tandem
