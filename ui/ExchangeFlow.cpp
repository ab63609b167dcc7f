#include "ExchangeFlow.h"

#include "ExportDialog.h"
#include "MainActions.h"
#include "Sidebar.h"
#include "presentation/ChatViewModel.h"
#include "presentation/ConversationListModel.h"
#include "presentation/ExchangeViewModel.h"

#include <QAction>
#include <QFileDialog>
#include <QLineEdit>
#include <QMainWindow>
#include <QMessageBox>
#include <QProgressDialog>
#include <QStatusBar>

using namespace Qt::StringLiterals;

namespace Tandem {

ExchangeFlow::ExchangeFlow(QMainWindow *window, ConversationListModel *conversations, ChatViewModel *viewModel,
    MainActions *actions, Sidebar *sidebar)
    : QObject(window)
    , m_window(window)
    , m_conversationModel(conversations)
    , m_viewModel(viewModel)
    , m_actions(actions)
    , m_sidebar(sidebar)
{ }

void ExchangeFlow::setExchange(ExchangeViewModel *exchange)
{
    if (m_exchange)
        disconnect(m_exchange, nullptr, this, nullptr);
    m_exchange = exchange;
    m_actions->exportConversations()->setEnabled(m_exchange && m_viewModel->hasRepository());
    m_actions->importConversations()->setEnabled(m_exchange && m_viewModel->hasRepository());
    if (!m_exchange)
        return;
    connect(m_exchange, &ExchangeViewModel::exportProgress, this, [this](qint64 done, qint64 total) {
        if (m_progress)
            m_progress->setValue(total > 0 ? int(done * 1000 / total) : 0);
    });
    connect(m_exchange, &ExchangeViewModel::exportFinished, this, [this](bool ok, const QString &message) {
        const bool cancelled = m_progress && m_progress->wasCanceled();
        if (m_progress) {
            m_progress->hide();
            m_progress->deleteLater();
            m_progress = nullptr;
        }
        m_window->statusBar()->showMessage(message, 8000);
        if (!ok && !cancelled)
            QMessageBox::warning(m_window, tr("Export failed"), message);
    });
}

void ExchangeFlow::exportConversations()
{
    if (!m_exchange || m_exchange->isExporting())
        return;
    ExportDialog dialog(m_conversationModel, m_viewModel->conversationId(), m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const QList<qint64> ids = dialog.conversationIds();
    const bool all = dialog.scope() == ExportDialog::Scope::All;
    const QString format = dialog.format();
    QString path;
    if (dialog.toFolder()) {
        path = QFileDialog::getExistingDirectory(m_window, tr("Export to Folder"));
    } else {
        QString title;
        if (ids.size() == 1)
            if (const auto conversation = m_conversationModel->conversation(ids.constFirst()))
                title = conversation->title;
        path = QFileDialog::getSaveFileName(m_window, tr("Export Conversations"),
            ExchangeViewModel::suggestedFileName(title, all ? 0 : int(ids.size()), format),
            ExchangeViewModel::fileFilter(format));
    }
    if (!path.isEmpty())
        startExport(ids, all, format, path, dialog.toFolder());
}

bool ExchangeFlow::startExport(
    const QList<qint64> &ids, bool all, const QString &format, const QString &path, bool toFolder)
{
    if (!m_exchange)
        return false;
    auto *progress = new QProgressDialog(tr("Exporting conversations…"), tr("Cancel"), 0, 1000, m_window);
    progress->setObjectName(u"ExportProgress"_s);
    progress->setWindowTitle(tr("Export"));
    progress->setWindowModality(Qt::WindowModal);
    progress->setAutoClose(false);
    progress->setAutoReset(false);
    progress->setMinimumDuration(400); // a short export finishes before it would show
    progress->setValue(0);
    connect(progress, &QProgressDialog::canceled, this, [this] {
        if (m_exchange)
            m_exchange->cancelExport();
    });
    m_progress = progress;
    if (!m_exchange->startExport(ids, all, format, path, toFolder)) {
        m_progress = nullptr;
        progress->deleteLater();
        QMessageBox::warning(m_window, tr("Export failed"), m_exchange->lastMessage());
        return false;
    }
    return true;
}

void ExchangeFlow::importConversations()
{
    if (!m_exchange)
        return;
    const QString path = QFileDialog::getOpenFileName(
        m_window, tr("Import Conversations"), QString(), ExchangeViewModel::fileFilter(u"json"_s));
    if (!path.isEmpty())
        importFrom(path);
}

bool ExchangeFlow::importFrom(const QString &path)
{
    if (!m_exchange)
        return false;
    if (!m_exchange->importFile(path)) {
        QMessageBox::warning(m_window, tr("Import refused"), m_exchange->lastMessage());
        return false;
    }
    if (!m_sidebar->search()->text().isEmpty())
        m_sidebar->search()->clear();
    m_conversationModel->refresh();
    const QList<qint64> ids = m_exchange->lastImportedIds();
    if (!ids.isEmpty())
        m_viewModel->openConversation(ids.constFirst());
    m_window->statusBar()->showMessage(m_exchange->lastMessage(), 8000);
    return true;
}

} // namespace Tandem
