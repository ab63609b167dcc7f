#include "BranchPrinter.h"

#include "cli/TerminalStream.h"
#include "storage/UnitOfWork.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
QString firstWords(const QString &text)
{
    const QString simple = text.simplified();
    return simple.size() > 60 ? simple.left(60) + u'…' : simple;
}
} // namespace

void BranchPrinter::printTree(
    UnitOfWork &work, qint64 conversationId, const QHash<QString, QString> &names, TerminalStream &out)
{
    const QList<TreeRow> rows = work.branches().tree(conversationId);
    QHash<qint64, QList<const TreeRow *>> children;
    for (const TreeRow &row : rows)
        children[row.parentId].append(&row);
    // Depth first, in id order; a row goes one level deeper than its parent only where the parent has several
    // children, so a long branch stays flat.
    QList<QPair<const TreeRow *, int>> stack;
    const QList<const TreeRow *> roots = children.value(0);
    for (auto it = roots.crbegin(); it != roots.crend(); ++it)
        stack.append({ *it, roots.size() > 1 ? 1 : 0 });
    while (!stack.isEmpty()) {
        const auto [row, depth] = stack.takeLast();
        const QString who = row->role == Message::Role::User
            ? u"person"_s
            : names.value(row->agentId, row->agentId.isEmpty() ? Message::roleName(row->role) : row->agentId);
        out << (row->onBranch ? "* " : "  ") << QString(depth * 2, u' ') << row->id << ' ' << who << ' '
            << Message::kindName(row->kind) << ": " << firstWords(row->start) << '\n';
        const QList<const TreeRow *> next = children.value(row->id);
        for (auto it = next.crbegin(); it != next.crend(); ++it)
            stack.append({ *it, depth + (next.size() > 1 ? 1 : 0) });
    }
    const QList<qint64> leaves = work.branches().leaves(conversationId);
    const qint64 current = work.branches().currentLeaf(conversationId);
    for (qsizetype i = 0; i < leaves.size(); ++i)
        out << "branch " << (i + 1) << ": " << leaves.at(i) << (leaves.at(i) == current ? " (current)" : "") << '\n';
}

std::optional<QList<Message>> BranchPrinter::branch(UnitOfWork &work, qint64 conversationId, const QString &which)
{
    bool ok = false;
    const qint64 number = which.toLongLong(&ok);
    if (!ok || number <= 0)
        return std::nullopt;
    const QList<qint64> leaves = work.branches().leaves(conversationId);
    qint64 leaf = number <= leaves.size() ? leaves.at(number - 1) : 0;
    if (const std::optional<Message> named = work.messages().get(number);
        number > leaves.size() && named && named->conversationId == conversationId)
        leaf = named->id; // an id (a number larger than the count of branches); any row ends the branch through it
    if (leaf == 0)
        return std::nullopt;
    QList<Message> rows;
    for (qint64 id = leaf; id != 0;) {
        const std::optional<Message> row = work.messages().get(id);
        if (!row || row->conversationId != conversationId)
            return std::nullopt;
        rows.append(*row);
        id = work.branches().parentOf(id);
    }
    std::reverse(rows.begin(), rows.end());
    return rows;
}

} // namespace Tandem
