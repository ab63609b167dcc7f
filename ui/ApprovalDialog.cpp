#include "ApprovalDialog.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QJsonDocument>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

QString pretty(const QString &json)
{
    const QJsonDocument document = QJsonDocument::fromJson(json.toUtf8());
    return document.isNull() ? json : QString::fromUtf8(document.toJson(QJsonDocument::Indented)).trimmed();
}

} // namespace

ApprovalDialog::ApprovalDialog(const ApprovalRequest &request, QWidget *parent)
    : QDialog(parent)
    , m_request(request)
    , m_arguments(new QPlainTextEdit(this))
    , m_problem(new QLabel(this))
    , m_once(new QPushButton(tr("Allow &once"), this))
    , m_always(new QPushButton(tr("&Always allow in this conversation"), this))
{
    setWindowTitle(tr("Approve Tool Call"));
    setObjectName(u"ApprovalDialog"_s);

    auto *intro
        = new QLabel(tr("<b>%1</b> wants to run the tool <b>%2</b>. Check the arguments below; you may edit them.")
                         .arg(request.agentId.toHtmlEscaped(), request.toolName.toHtmlEscaped()),
            this);
    intro->setWordWrap(true);
    m_original = pretty(request.arguments);
    m_arguments->setPlainText(m_original);
    m_arguments->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_arguments->setAccessibleName(tr("Tool arguments (JSON)"));
    m_arguments->setMinimumSize(460, 180);
    m_problem->setStyleSheet(u"color: #d92d20;"_s);
    m_problem->setVisible(false);

    auto *deny = new QPushButton(tr("&Deny"), this);
    deny->setAccessibleName(tr("Deny the tool call"));
    m_once->setAccessibleName(tr("Allow the tool call once"));
    m_always->setAccessibleName(tr("Always allow this tool in this conversation"));
    m_once->setDefault(true);
    auto *buttons = new QDialogButtonBox(this);
    buttons->addButton(m_once, QDialogButtonBox::AcceptRole);
    buttons->addButton(m_always, QDialogButtonBox::AcceptRole);
    buttons->addButton(deny, QDialogButtonBox::RejectRole);
    connect(m_once, &QPushButton::clicked, this, [this] { decide(ApprovalDecision::AllowOnce); });
    connect(m_always, &QPushButton::clicked, this, [this] { decide(ApprovalDecision::AllowAlways); });
    connect(deny, &QPushButton::clicked, this, [this] {
        m_decision = ApprovalDecision::Deny;
        reject();
    });
    connect(m_arguments, &QPlainTextEdit::textChanged, this, &ApprovalDialog::validate);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_arguments, 1);
    layout->addWidget(m_problem);
    layout->addWidget(buttons);
}

void ApprovalDialog::validate()
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(m_arguments->toPlainText().toUtf8(), &error);
    QString problem;
    if (error.error != QJsonParseError::NoError)
        problem = tr("The arguments are not valid JSON: %1").arg(error.errorString());
    else if (!document.isObject())
        problem = tr("The arguments are not valid JSON for a tool: they must be one object, { … }.");
    const bool ok = problem.isEmpty();
    m_problem->setText(problem);
    m_problem->setVisible(!ok);
    m_once->setEnabled(ok);
    m_always->setEnabled(ok);
}

void ApprovalDialog::decide(ApprovalDecision decision)
{
    m_decision = decision;
    accept();
}

QString ApprovalDialog::editedArguments() const
{
    const QString text = m_arguments->toPlainText();
    if (text == m_original)
        return {};
    const QJsonDocument document = QJsonDocument::fromJson(text.toUtf8());
    return document.isNull() ? text : QString::fromUtf8(document.toJson(QJsonDocument::Compact));
}

} // namespace Tandem
