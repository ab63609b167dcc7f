#pragma once

#include "domain/ApprovalRequest.h"

#include <QJsonObject>
#include <QWidget>

class QLineEdit;

namespace Tandem {

/// @brief The part of the approval dialog for a run_command call: the command line (argv, quoted readably) and the
/// working folder, both editable; the call's other arguments (stdin, timeout) are kept as the model wrote them.
class CommandApprovalFields final : public QWidget
{
    Q_OBJECT

public:
    /// @brief True if @p request is a run_command call whose arguments can be shown this way (an argv of strings).
    static bool handles(const ApprovalRequest &request);

    explicit CommandApprovalFields(const ApprovalRequest &request, QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(CommandApprovalFields)

    /// @brief Why the fields cannot be allowed as they stand (translated); empty if they can.
    QString problem() const;
    /// @brief The arguments as edited, compact JSON; empty if the person left the command and the folder as they were.
    QString editedArguments() const;

Q_SIGNALS:
    void edited();

private:
    QJsonObject arguments(QString *problem) const;
    void describeFields();

    QJsonObject m_original;
    QString m_originalLine;
    QString m_originalFolder;
    QLineEdit *m_line;
    QLineEdit *m_folder;
};

} // namespace Tandem
