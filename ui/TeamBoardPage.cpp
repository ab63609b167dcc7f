#include "TeamBoardPage.h"

#include "Theme.h"
#include "presentation/TeamBoardSettingsViewModel.h"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

using namespace Qt::StringLiterals;

namespace Tandem {

TeamBoardPage::TeamBoardPage(TeamBoardSettingsViewModel *board, QWidget *parent)
    : QWidget(parent)
    , m_board(board)
{
    auto *explanation = new QLabel(tr("A team shares its stories and handoffs on one PostgreSQL board: every "
                                      "Tandem and outside agent set to it sees the same pipelines. Conversations "
                                      "stay on this computer. The password is kept in the system keychain only."),
        this);
    explanation->setWordWrap(true);
    m_url = new QLineEdit(board ? board->url() : QString(), this);
    m_url->setObjectName(u"TeamBoardUrl"_s);
    m_url->setAccessibleName(tr("Board address"));
    m_url->setPlaceholderText(u"postgresql://USER@HOST:5432/DATABASE?sslmode=verify-full"_s);
    m_password = new QLineEdit(this);
    m_password->setObjectName(u"TeamBoardPassword"_s);
    m_password->setAccessibleName(tr("Board password"));
    m_password->setEchoMode(QLineEdit::Password);
    m_password->setPlaceholderText(tr("kept in the keychain; leave empty to keep the stored one"));
    m_save = new QPushButton(tr("&Save"), this);
    m_save->setObjectName(u"TeamBoardSave"_s);
    m_test = new QPushButton(tr("&Test connection"), this);
    m_test->setObjectName(u"TeamBoardTest"_s);
    m_off = new QPushButton(tr("O&ff (local only)"), this);
    m_off->setObjectName(u"TeamBoardOff"_s);
    m_status = new QLabel(this);
    m_status->setObjectName(u"TeamBoardStatus"_s);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_save);
    buttons->addWidget(m_test);
    buttons->addWidget(m_off);
    buttons->addStretch();
    auto *form = new QFormLayout(this);
    form->addRow(explanation);
    form->addRow(tr("&Board:"), m_url);
    form->addRow(tr("&Password:"), m_password);
    form->addRow(buttons);
    form->addRow(m_status);

    connect(m_url, &QLineEdit::textChanged, this, &TeamBoardPage::checkUrl);
    connect(m_save, &QPushButton::clicked, this, [this] {
        if (m_board)
            m_board->save(m_url->text(), m_password->text());
    });
    connect(m_test, &QPushButton::clicked, this, [this] {
        if (!m_board)
            return;
        m_test->setEnabled(false);
        m_status->setText(tr("Connecting…"));
        m_board->test(m_url->text(), m_password->text());
    });
    connect(m_off, &QPushButton::clicked, this, [this] {
        m_url->clear();
        if (m_board)
            m_board->turnOff();
    });
    if (m_board) {
        connect(m_board, &TeamBoardSettingsViewModel::saved, this, [this](bool ok, const QString &message) {
            if (ok)
                m_password->clear(); // stored in the keychain: not kept in the widget
            showAnswer(ok, message);
        });
        connect(m_board, &TeamBoardSettingsViewModel::tested, this, [this](bool ok, const QString &message) {
            m_test->setEnabled(true);
            showAnswer(ok, message);
        });
    }
    checkUrl();
    if (m_status->text().isEmpty())
        m_status->setText(
            m_url->text().isEmpty() ? tr("Off: conversations and handoffs stay on this computer.") : QString());
}

void TeamBoardPage::checkUrl()
{
    const QString problem = m_board ? m_board->problemOf(m_url->text()) : QString();
    m_save->setEnabled(m_board && problem.isEmpty());
    m_test->setEnabled(m_board && problem.isEmpty() && !m_url->text().trimmed().isEmpty() && !m_board->isTesting());
    if (!problem.isEmpty())
        showAnswer(false, problem);
    else if (m_status->property("problem").toBool())
        showAnswer(true, QString());
}

void TeamBoardPage::showAnswer(bool ok, const QString &message)
{
    m_status->setProperty("problem", !ok);
    QPalette palette = m_status->palette();
    palette.setColor(QPalette::WindowText, ok ? this->palette().color(QPalette::WindowText) : Theme::errorColor());
    m_status->setPalette(palette);
    m_status->setText(message);
}

} // namespace Tandem
