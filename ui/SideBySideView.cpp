#include "SideBySideView.h"

#include "Theme.h"
#include "presentation/HandoffInspectorViewModel.h"

#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QScrollBar>
#include <QTextBrowser>

using namespace Qt::StringLiterals;

namespace Tandem {

namespace {
QString html(const QList<WordDiff::Segment> &segments, const QColor &removed, const QColor &added)
{
    QString out = u"<div style=\"white-space: pre-wrap;\">"_s;
    for (const WordDiff::Segment &segment : segments) {
        const QString text = segment.text.toHtmlEscaped();
        switch (segment.op) {
        case WordDiff::Op::Same:
            out += text;
            break;
        case WordDiff::Op::Removed:
            out += u"<span style=\"background-color: %1; text-decoration: line-through;\">%2</span>"_s.arg(
                removed.name(QColor::HexArgb), text);
            break;
        case WordDiff::Op::Added:
            out += u"<span style=\"background-color: %1;\">%2</span>"_s.arg(added.name(QColor::HexArgb), text);
            break;
        }
    }
    return out + u"</div>"_s;
}
} // namespace

SideBySideView::SideBySideView(HandoffInspectorViewModel *viewModel, QWidget *parent)
    : QWidget(parent)
    , m_viewModel(viewModel)
    , m_leftTitle(new QLabel(this))
    , m_rightTitle(new QLabel(this))
    , m_summary(new QLabel(this))
    , m_left(new QTextBrowser(this))
    , m_right(new QTextBrowser(this))
{
    setObjectName(u"SideBySideView"_s);
    m_left->setObjectName(u"SideBySidePayload"_s);
    m_right->setObjectName(u"SideBySideRewrite"_s);
    for (QLabel *title : { m_leftTitle, m_rightTitle }) {
        QFont bold = title->font();
        bold.setBold(true);
        title->setFont(bold);
    }
    m_summary->setWordWrap(true);
    m_summary->setForegroundRole(QPalette::PlaceholderText);
    auto *layout = new QGridLayout(this);
    layout->addWidget(m_leftTitle, 0, 0);
    layout->addWidget(m_rightTitle, 0, 1);
    layout->addWidget(m_left, 1, 0);
    layout->addWidget(m_right, 1, 1);
    layout->addWidget(m_summary, 2, 0, 1, 2);
    layout->setColumnStretch(0, 1);
    layout->setColumnStretch(1, 1);
    // Reading the two together: one scroll moves both.
    connect(m_left->verticalScrollBar(), &QScrollBar::valueChanged, m_right->verticalScrollBar(),
        [this](int value) { m_right->verticalScrollBar()->setValue(value); });
    connect(m_viewModel, &HandoffInspectorViewModel::changed, this, &SideBySideView::refresh);
    refresh();
}

void SideBySideView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::PaletteChange)
        refresh();
    QWidget::changeEvent(event);
}

void SideBySideView::refresh()
{
    const HandoffDetails &details = m_viewModel->details();
    m_leftTitle->setText(tr("%1's payload").arg(m_viewModel->agentName(details.handoff.fromAgent)));
    m_rightTitle->setText(tr("%1's rewrite").arg(m_viewModel->agentName(details.handoff.toAgent)));
    m_left->setAccessibleName(m_leftTitle->text());
    m_right->setAccessibleName(m_rightTitle->text());
    const QList<WordDiff::Segment> segments = m_viewModel->differences();
    const bool dark = palette().color(QPalette::Base).lightness() < 128;
    QColor removed = Theme::diffRemovedColor(dark);
    QColor added = Theme::diffAddedColor(dark);
    if (segments.isEmpty()) {
        m_left->setPlainText(m_viewModel->sourceText());
        m_right->setPlainText(
            m_viewModel->rewriteText().isEmpty() ? tr("Not answered yet.") : m_viewModel->rewriteText());
        m_summary->setText(m_viewModel->isDual() ? QString() : tr("Only a dual-agent handoff has a rewrite."));
        return;
    }
    m_left->setHtml(html(WordDiff::left(segments), removed, added));
    m_right->setHtml(html(WordDiff::right(segments), removed, added));
    const int changed = WordDiff::changedWords(segments);
    m_summary->setText(changed == 0 ? tr("Agent 2 kept the payload word for word.")
                                    : tr("%n word(s) differ: struck out on the left what was dropped, marked on the "
                                         "right what was written.",
                                        nullptr, changed));
}

} // namespace Tandem
