#include "CommandApprovalFields.h"

#include "domain/CommandWords.h"
#include "domain/DataLimits.h"

#include <QFontDatabase>
#include <QFormLayout>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {

constexpr QStringView kRunCommand = u"run_command";

std::optional<QStringList> argvOf(const QJsonObject &arguments)
{
    const QJsonValue value = arguments.value(u"argv");
    if (!value.isArray())
        return std::nullopt;
    QStringList words;
    const QJsonArray array = value.toArray();
    for (const QJsonValue &word : array) {
        if (!word.isString())
            return std::nullopt;
        words << word.toString();
    }
    return words;
}

QJsonObject objectOf(const QString &json)
{
    return QJsonDocument::fromJson(json.toUtf8()).object();
}

} // namespace

bool CommandApprovalFields::handles(const ApprovalRequest &request)
{
    if (request.toolName != kRunCommand)
        return false;
    const QJsonObject arguments = objectOf(request.arguments);
    return argvOf(arguments).has_value() && (!arguments.contains(u"cwd") || arguments.value(u"cwd").isString());
}

CommandApprovalFields::CommandApprovalFields(const ApprovalRequest &request, QWidget *parent)
    : QWidget(parent)
    , m_original(objectOf(request.arguments))
    , m_line(new QLineEdit(this))
    , m_folder(new QLineEdit(this))
{
    m_originalLine = CommandWords::join(argvOf(m_original).value_or(QStringList {}));
    m_originalFolder = m_original.value(u"cwd").toString();
    const QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    m_line->setObjectName(u"CommandLine"_s);
    m_line->setFont(fixed);
    m_line->setText(m_originalLine);
    m_line->setMinimumWidth(460);
    m_folder->setObjectName(u"CommandFolder"_s);
    m_folder->setFont(fixed);
    m_folder->setText(m_originalFolder);
    auto *form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    auto *lineLabel = new QLabel(tr("&Command:"), this);
    lineLabel->setBuddy(m_line);
    auto *folderLabel = new QLabel(tr("&Folder:"), this);
    folderLabel->setBuddy(m_folder);
    form->addRow(lineLabel, m_line);
    form->addRow(folderLabel, m_folder);
    // What else the call carries is shown, not edited: it runs as the model wrote it.
    QStringList others;
    const QLocale locale;
    if (const QString input = m_original.value(u"stdin").toString(); !input.isEmpty())
        others << tr("standard input of %n character(s)", nullptr, int(qMin<qsizetype>(input.size(), INT_MAX)));
    if (m_original.contains(u"timeout_seconds"))
        others << tr("a time limit of %n second(s)", nullptr, m_original.value(u"timeout_seconds").toInt());
    if (!others.isEmpty()) {
        auto *also = new QLabel(tr("With %1.").arg(locale.createSeparatedList(others)), this);
        also->setWordWrap(true);
        form->addRow(also);
    }
    describeFields();
    connect(m_line, &QLineEdit::textChanged, this, &CommandApprovalFields::edited);
    connect(m_folder, &QLineEdit::textChanged, this, &CommandApprovalFields::edited);
}

void CommandApprovalFields::describeFields()
{
    m_line->setAccessibleName(tr("Command line"));
    m_line->setToolTip(tr("The program and its arguments. Quote a word that has spaces: 'two words'. No shell runs "
                          "it unless you name one, e.g. sh -c 'ls | wc -l'."));
    m_folder->setAccessibleName(tr("Working folder"));
    m_folder->setPlaceholderText(tr("The workspace's root"));
    m_folder->setToolTip(tr("The folder the command runs in, relative to the workspace."));
}

QJsonObject CommandApprovalFields::arguments(QString *problem) const
{
    const std::optional<QStringList> words = CommandWords::split(m_line->text(), problem);
    if (!words)
        return {};
    if (words->isEmpty()) {
        *problem = tr("The command line is empty.");
        return {};
    }
    QJsonObject result = m_original;
    result.insert(u"argv"_s, QJsonArray::fromStringList(*words));
    const QString folder = m_folder->text().trimmed();
    if (folder.isEmpty())
        result.remove(u"cwd"_s);
    else
        result.insert(u"cwd"_s, folder);
    return result;
}

QString CommandApprovalFields::problem() const
{
    QString problem;
    const QJsonObject result = arguments(&problem);
    if (problem.isEmpty() && QJsonDocument(result).toJson(QJsonDocument::Compact).size() > DataLimits::kMaxTextLength)
        problem = tr("The command is longer than %n characters.", nullptr, int(DataLimits::kMaxTextLength));
    return problem;
}

QString CommandApprovalFields::editedArguments() const
{
    if (m_line->text() == m_originalLine && m_folder->text() == m_originalFolder)
        return {};
    QString problem;
    const QJsonObject result = arguments(&problem);
    return problem.isEmpty() ? QString::fromUtf8(QJsonDocument(result).toJson(QJsonDocument::Compact)) : QString();
}

} // namespace Tandem
