#include "VariablesViewModel.h"

#include "chat/ChatRepository.h"
#include "domain/VariableAssignment.h"

#include <algorithm>

namespace Tandem {

VariablesViewModel::VariablesViewModel(ConversationsApi *conversations, qint64 conversationId, QObject *parent)
    : QObject(parent)
    , m_conversations(conversations)
    , m_conversationId(conversationId)
{ }

VariablesViewModel::VariablesViewModel(ChatRepository *repository, qint64 conversationId, QObject *parent)
    : VariablesViewModel(static_cast<ConversationsApi *>(repository), conversationId, parent)
{ }

QList<QPair<QString, QString>> VariablesViewModel::variables() const
{
    QList<QPair<QString, QString>> rows;
    if (!m_conversations || m_conversationId <= 0)
        return rows;
    const QHash<QString, QString> values = m_conversations->variables(m_conversationId);
    for (auto it = values.cbegin(); it != values.cend(); ++it)
        rows.append({ it.key(), it.value() });
    std::sort(rows.begin(), rows.end());
    return rows;
}

QString VariablesViewModel::set(const QString &name, const QString &value)
{
    if (const QString problem = VariableAssignment::problem(name, value); !problem.isEmpty())
        return problem;
    if (!m_conversations || m_conversationId <= 0)
        return tr("There is no open conversation.");
    if (!m_conversations->setVariable(m_conversationId, name, value))
        return tr("The variable “%1” could not be stored.").arg(name);
    Q_EMIT changed();
    return {};
}

QString VariablesViewModel::remove(const QString &name)
{
    if (!m_conversations || m_conversationId <= 0)
        return tr("There is no open conversation.");
    if (!m_conversations->removeVariable(m_conversationId, name))
        return tr("The variable “%1” could not be removed.").arg(name);
    Q_EMIT changed();
    return {};
}

} // namespace Tandem
