#include "ApprovalDialog.h"

#include "CommandApprovalFields.h"
#include "Theme.h"
#include "domain/ArgumentsPreview.h"
#include "domain/DataLimits.h"
#include "domain/JsonDuplicateKeys.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileDialog>
#include <QFontDatabase>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

/// Names a model wrote can be any length; the question stays readable.
constexpr qsizetype kMaxNameShown = 80;

QString pretty(const QString &json)
{
    const QJsonDocument document = QJsonDocument::fromJson(json.toUtf8());
    return document.isNull() ? json : QString::fromUtf8(document.toJson(QJsonDocument::Indented)).trimmed();
}

QString shortName(const QString &name)
{
    const QString plain = name.simplified();
    return plain.size() > kMaxNameShown ? plain.left(kMaxNameShown - 1) + u'…' : plain;
}

} // namespace

ApprovalDialog::ApprovalDialog(const ApprovalRequest &request, QWidget *parent)
    : QDialog(parent)
    , m_request(request)
    , m_editable(request.arguments.size() <= kMaxEditable)
    , m_arguments(new QPlainTextEdit(this))
    , m_subject(new QLabel(this))
    , m_size(new QLabel(this))
    , m_problem(new QLabel(this))
    , m_once(new QPushButton(tr("Allow &once"), this))
    , m_always(new QPushButton(tr("&Always allow in this conversation"), this))
{
    setWindowTitle(tr("Approve Tool Call"));
    setObjectName(u"ApprovalDialog"_s);

    const QString agent = shortName(request.agentId).toHtmlEscaped();
    const QString tool = shortName(toolTitle(request.toolName)).toHtmlEscaped();
    if (m_editable && CommandApprovalFields::handles(request))
        m_command = new CommandApprovalFields(request, this);
    QString introText = m_command
        ? tr("<b>%1</b> wants to run a command in the workspace. Check the command and its folder; you may edit "
             "them.")
              .arg(agent)
        : m_editable ? tr("<b>%1</b> wants to run the tool <b>%2</b>. Check the arguments below; you may edit them.")
                           .arg(agent, tool)
                     : tr("<b>%1</b> wants to run the tool <b>%2</b>. Check the arguments below.").arg(agent, tool);
    if (const qsizetype split = request.toolName.indexOf(u"__"_s); split > 0)
        introText += u' '
            + tr("The tool comes from the MCP server <b>%1</b>.")
                  .arg(shortName(request.toolName.left(split)).toHtmlEscaped());
    auto *intro = new QLabel(introText, this);
    intro->setWordWrap(true);
    m_subject->setWordWrap(true);
    m_subject->setTextFormat(Qt::PlainText);
    m_subject->setVisible(false);
    m_arguments->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_arguments->setAccessibleName(tr("Tool arguments (JSON)"));
    m_arguments->setMinimumSize(460, 180);
    m_problem->setStyleSheet(u"color: %1;"_s.arg(Theme::errorColor().name()));
    m_problem->setVisible(false);
    m_size->setWordWrap(true);
    m_size->setVisible(!m_editable);
    auto *save = new QPushButton(tr("&Save Arguments…"), this);
    save->setAccessibleName(tr("Save the whole arguments to a file"));
    save->setVisible(!m_editable);
    connect(save, &QPushButton::clicked, this, &ApprovalDialog::askWhereToSave);
    if (m_editable) {
        m_original = pretty(request.arguments);
        m_arguments->setPlainText(m_original);
    } else {
        // Only the preview is laid out: the whole text stays in m_request, for Save… and for the tool.
        m_arguments->setReadOnly(true);
        m_arguments->setPlainText(ArgumentsPreview::text(request.arguments, kPreviewChars, u"\n"_s, kPreviewFields));
        const QLocale locale;
        m_size->setText(
            tr("The arguments are %1 characters (%2), too long to show or edit here: every field is shown, cut to "
               "its first %3 characters. Save Arguments… writes all of them to a file.")
                .arg(locale.toString(request.arguments.size()),
                    locale.formattedDataSize(request.arguments.toUtf8().size()), locale.toString(kPreviewChars)));
    }

    auto *deny = new QPushButton(tr("&Deny"), this);
    deny->setAccessibleName(tr("Deny the tool call"));
    m_once->setAccessibleName(tr("Allow the tool call once"));
    m_always->setAccessibleName(tr("Always allow this tool in this conversation"));
    m_once->setDefault(true);
    if (request.asksNetwork) {
        m_network = new QCheckBox(tr("Let this conversation's commands use the &network"), this);
        m_network->setObjectName(u"AllowNetwork"_s);
        m_network->setToolTip(tr("The agent's file asks for the network (network: true). Asked once for the "
                                 "conversation; without it commands run with no network."));
    }
    auto *buttons = new QDialogButtonBox(this);
    buttons->addButton(m_once, QDialogButtonBox::AcceptRole);
    // A tool that asks every time (git_push) is never allowed for the rest of the conversation. The box shows every
    // button it holds, so that one is left out of it.
    if (request.allowsAlways)
        buttons->addButton(m_always, QDialogButtonBox::AcceptRole);
    else
        m_always->hide();
    buttons->addButton(deny, QDialogButtonBox::RejectRole);
    connect(m_once, &QPushButton::clicked, this, [this] { decide(ApprovalDecision::AllowOnce); });
    connect(m_always, &QPushButton::clicked, this, [this] { decide(ApprovalDecision::AllowAlways); });
    connect(deny, &QPushButton::clicked, this, [this] {
        m_decision = ApprovalDecision::Deny;
        reject();
    });
    if (m_command)
        connect(m_command, &CommandApprovalFields::edited, this, &ApprovalDialog::validate);
    else if (m_editable)
        connect(m_arguments, &QPlainTextEdit::textChanged, this, &ApprovalDialog::validate);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_subject);
    if (m_command) {
        m_arguments->setVisible(false);
        layout->addWidget(m_command);
        layout->addStretch(1);
    } else {
        layout->addWidget(m_arguments, 1);
    }
    auto *sizeRow = new QHBoxLayout;
    sizeRow->addWidget(m_size, 1);
    sizeRow->addWidget(save, 0, Qt::AlignTop);
    layout->addLayout(sizeRow);
    layout->addWidget(m_problem);
    if (m_network)
        layout->addWidget(m_network);
    layout->addWidget(buttons);
}

void ApprovalDialog::setSubject(const QString &subject)
{
    m_subject->setText(subject);
    m_subject->setVisible(!subject.isEmpty());
}

qint64 ApprovalDialog::taskIdOf(const ApprovalRequest &request)
{
    if (request.arguments.size() > kMaxEditable)
        return 0;
    const QJsonObject arguments = QJsonDocument::fromJson(request.arguments.toUtf8()).object();
    return arguments.value(u"task_id").toInteger();
}

bool ApprovalDialog::saveArguments(const QString &path) const
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return false;
    file.write(m_request.arguments.toUtf8());
    return file.commit();
}

void ApprovalDialog::askWhereToSave()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Save Arguments"),
        tr("%1-arguments.json").arg(shortName(m_request.toolName).remove(u'/')), tr("JSON (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    if (!saveArguments(path))
        QMessageBox::warning(this, tr("Save Arguments"), tr("The arguments could not be written to %1.").arg(path));
}

QString ApprovalDialog::toolTitle(const QString &toolName)
{
    const qsizetype split = toolName.indexOf(u"__"_s);
    return split > 0 ? toolName.left(split) + u" · "_s + toolName.mid(split + 2) : toolName;
}

std::optional<bool> ApprovalDialog::allowNetwork() const
{
    return m_network ? std::optional<bool>(m_network->isChecked()) : std::nullopt;
}

void ApprovalDialog::validate()
{
    if (m_command) {
        const QString problem = m_command->problem();
        m_problem->setText(problem);
        m_problem->setVisible(!problem.isEmpty());
        m_once->setEnabled(problem.isEmpty());
        m_always->setEnabled(problem.isEmpty());
        return;
    }
    QJsonParseError error;
    const QString text = m_arguments->toPlainText();
    const QJsonDocument document = QJsonDocument::fromJson(text.toUtf8(), &error);
    QString problem;
    if (text.size() > DataLimits::kMaxTextLength)
        problem = tr("The arguments are longer than %n characters.", nullptr, int(DataLimits::kMaxTextLength));
    else if (error.error != QJsonParseError::NoError)
        problem = tr("The arguments are not valid JSON: %1").arg(error.errorString());
    else if (!document.isObject())
        problem = tr("The arguments are not valid JSON for a tool: they must be one object, { … }.");
    else if (const std::optional<QString> key = JsonDuplicateKeys::firstDuplicate(text))
        problem = tr("The arguments name “%1” more than once: keep one.").arg(shortName(*key));
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
    if (m_command)
        return m_command->editedArguments();
    if (!m_editable)
        return {};
    const QString text = m_arguments->toPlainText();
    if (text == m_original)
        return {};
    const QJsonDocument document = QJsonDocument::fromJson(text.toUtf8());
    return document.isNull() ? text : QString::fromUtf8(document.toJson(QJsonDocument::Compact));
}

} // namespace Tandem
