#include "HandoffInspector.h"

#include "SideBySideView.h"
#include "presentation/HandoffInspectorViewModel.h"

#include <QClipboard>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
// The fields in the order they show; their labels are said in retranslate().
const char *const kFields[] = { "InspectorStatus", "InspectorReason", "InspectorRejection", "InspectorTransfer",
    "InspectorTiming", "InspectorTokens", "InspectorDuration" };
} // namespace

HandoffInspector::HandoffInspector(ChatRepository *repository, QWidget *parent)
    : QDialog(parent)
    , m_viewModel(new HandoffInspectorViewModel(repository, this))
{
    setObjectName(u"HandoffInspector"_s);
    m_heading = new QLabel(this);
    QFont headingFont = m_heading->font();
    headingFont.setPointSizeF(headingFont.pointSizeF() * 1.25);
    headingFont.setBold(true);
    m_heading->setFont(headingFont);

    m_detailsPage = new QWidget(this);
    m_form = new QFormLayout;
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    for (const char *name : kFields)
        addField(QString::fromLatin1(name));

    m_history = new QTreeWidget(m_detailsPage);
    m_history->setObjectName(u"InspectorHistory"_s);
    m_history->setRootIsDecorated(false);
    m_history->setColumnCount(2);
    m_history->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_history->setMaximumHeight(90);

    m_payload = new QPlainTextEdit(m_detailsPage);
    m_payload->setObjectName(u"InspectorPayload"_s);
    m_payload->setReadOnly(true);
    m_payload->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_payload->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_copy = new QPushButton(m_detailsPage);
    m_copy->setObjectName(u"InspectorCopy"_s);
    connect(m_copy, &QPushButton::clicked, this,
        [this] { QGuiApplication::clipboard()->setText(m_payload->toPlainText()); });
    m_showJson = new QPushButton(m_detailsPage);
    m_showJson->setObjectName(u"InspectorShowJson"_s);
    m_showJson->setCheckable(true);
    m_showJson->setChecked(true);
    connect(m_showJson, &QPushButton::toggled, this, &HandoffInspector::refresh);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_showJson);
    buttons->addStretch(1);
    buttons->addWidget(m_copy);
    auto *details = new QVBoxLayout(m_detailsPage);
    details->addLayout(m_form);
    details->addWidget(m_history);
    details->addWidget(m_payload, 1);
    details->addLayout(buttons);

    m_sideBySide = new SideBySideView(m_viewModel, this);
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(u"InspectorTabs"_s);
    m_tabs->addTab(m_detailsPage, QString());
    m_tabs->addTab(m_sideBySide, QString());

    auto *close = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_heading);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(close);
    resize(760, 560);

    connect(m_viewModel, &HandoffInspectorViewModel::changed, this, &HandoffInspector::refresh);
    retranslate();
}

QLabel *HandoffInspector::addField(const QString &objectName)
{
    auto *field = new QLabel(m_detailsPage);
    field->setObjectName(objectName);
    field->setWordWrap(true);
    field->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_form->addRow(new QLabel(m_detailsPage), field);
    m_fields.append(field);
    return field;
}

QString HandoffInspector::fieldText(const QString &objectName) const
{
    for (const QLabel *field : m_fields)
        if (field->objectName() == objectName)
            return field->text();
    return {};
}

bool HandoffInspector::inspect(qint64 handoffId)
{
    return m_viewModel->load(handoffId);
}

void HandoffInspector::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

void HandoffInspector::retranslate()
{
    const QString labels[] = { tr("Status:"), tr("Reason:"), tr("Rejected because:"), tr("Context transferred:"),
        tr("Timing:"), tr("Run's tokens:"), tr("Run's duration:") };
    for (int i = 0; i < m_fields.size(); ++i)
        if (auto *label = qobject_cast<QLabel *>(m_form->labelForField(m_fields.at(i))))
            label->setText(labels[i]);
    m_history->setHeaderLabels({ tr("Status"), tr("When") });
    m_history->setAccessibleName(tr("Status history"));
    m_payload->setAccessibleName(tr("Payload"));
    m_copy->setText(tr("&Copy Payload"));
    m_showJson->setText(tr("Stored &JSON"));
    m_showJson->setToolTip(tr("Show the payload as it is stored (JSON), or only the text the target read"));
    m_tabs->setTabText(0, tr("&Handoff"));
    m_tabs->setTabText(1, tr("&Side by Side"));
    refresh();
}

void HandoffInspector::refresh()
{
    setWindowTitle(tr("Handoff: %1").arg(m_viewModel->title()));
    m_heading->setText(m_viewModel->title());
    const QString values[] = { m_viewModel->statusText(), m_viewModel->reason(), m_viewModel->rejectionReason(),
        m_viewModel->transferText(), m_viewModel->timingText(), m_viewModel->tokensText(),
        m_viewModel->durationText() };
    for (int i = 0; i < m_fields.size(); ++i) {
        QLabel *field = m_fields.at(i);
        field->setText(values[i]);
        // An empty field says nothing: its row goes.
        const bool shown = !values[i].isEmpty();
        m_form->setRowVisible(field, shown);
    }
    m_history->clear();
    const QList<HandoffInspectorViewModel::Step> steps = m_viewModel->history();
    for (const auto &step : steps)
        m_history->addTopLevelItem(
            new QTreeWidgetItem({ step.status, QLocale().toString(step.at.toLocalTime(), QLocale::ShortFormat) }));
    m_payload->setPlainText(m_showJson->isChecked() ? m_viewModel->payloadJson() : m_viewModel->payloadText());
    m_tabs->setTabVisible(1, m_viewModel->isDual());
}

} // namespace Tandem
