#include "RunHistoryPanel.h"

#include "core/store/RunHistoryFilter.h"
#include "core/store/RunHistoryModel.h"
#include "ui/RunHistoryDelegate.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QVBoxLayout>

namespace Terrarium::Widgets {

RunHistoryPanel::RunHistoryPanel(QWidget *parent)
    : QWidget(parent)
    , m_filter(new Core::RunHistoryFilter(this))
    , m_text(new QLineEdit(this))
    , m_status(new QComboBox(this))
    , m_list(new QListView(this))
    , m_placeholder(new QLabel(this))
{
    setObjectName(QStringLiteral("runHistory"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *title = new QLabel(tr("History"), this);
    QFont bold = title->font();
    bold.setBold(true);
    title->setFont(bold);
    layout->addWidget(title);

    m_text->setPlaceholderText(tr("Filter runs"));
    m_text->setClearButtonEnabled(true);
    m_text->setAccessibleName(tr("Filter runs by text"));
    m_status->addItem(tr("All"), QString());
    m_status->addItem(tr("Succeeded"), QStringLiteral("success"));
    m_status->addItem(tr("Failed"), QStringLiteral("failed"));
    m_status->addItem(tr("Cancelled"), QStringLiteral("cancelled"));
    m_status->addItem(tr("Interrupted"), QStringLiteral("interrupted"));
    m_status->addItem(tr("Running"), QStringLiteral("running"));
    m_status->setAccessibleName(tr("Filter runs by status"));
    auto *filters = new QHBoxLayout;
    filters->addWidget(m_text, 1);
    filters->addWidget(m_status);
    layout->addLayout(filters);

    m_list->setModel(m_filter);
    m_list->setItemDelegate(new RunHistoryDelegate(m_list));
    m_list->setUniformItemSizes(true);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_list->setAccessibleName(tr("Past runs"));
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    layout->addWidget(m_list, 1);
    m_placeholder->setWordWrap(true);
    m_placeholder->setAlignment(Qt::AlignHCenter | Qt::AlignTop);
    m_placeholder->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(m_placeholder);

    connect(m_text, &QLineEdit::textChanged, m_filter, &Core::RunHistoryFilter::setText);
    connect(m_status, &QComboBox::currentIndexChanged, this,
            [this] { m_filter->setStatus(m_status->currentData().toString()); });
    // A click opens the run, as Enter on it does (QListView::activated follows the style's
    // single or double click; a history wants one).
    const auto open = [this](const QModelIndex &index) {
        Q_EMIT runActivated(index.data(Core::RunHistoryModel::RunIdRole).toString());
    };
    connect(m_list, &QListView::clicked, this, open);
    connect(m_list, &QListView::activated, this, [this, open](const QModelIndex &index) {
        // activated comes with clicked under single-click styles: one open is enough.
        if (!m_list->style()->styleHint(QStyle::SH_ItemView_ActivateItemOnSingleClick, nullptr,
                                        m_list))
            open(index);
    });
    for (const auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(m_filter, signal, this, &RunHistoryPanel::updatePlaceholder);
    connect(m_filter, &QAbstractItemModel::modelReset, this, &RunHistoryPanel::updatePlaceholder);
    connect(m_filter, &QAbstractItemModel::layoutChanged, this,
            &RunHistoryPanel::updatePlaceholder);
    updatePlaceholder();
}

RunHistoryPanel::~RunHistoryPanel() = default;

void RunHistoryPanel::setModel(Core::RunHistoryModel *model)
{
    m_filter->setSourceModel(model);
    updatePlaceholder();
}

QStringList RunHistoryPanel::shownRunIds() const
{
    QStringList ids;
    for (int row = 0; row < m_filter->rowCount(); ++row)
        ids << m_filter->index(row, 0).data(Core::RunHistoryModel::RunIdRole).toString();
    return ids;
}

void RunHistoryPanel::setCurrentRun(const QString &runId)
{
    for (int row = 0; row < m_filter->rowCount(); ++row) {
        const QModelIndex index = m_filter->index(row, 0);
        if (index.data(Core::RunHistoryModel::RunIdRole).toString() == runId) {
            m_list->setCurrentIndex(index);
            return;
        }
    }
    m_list->clearSelection();
}

void RunHistoryPanel::updatePlaceholder()
{
    const bool empty = m_filter->rowCount() == 0;
    const bool filtered = !m_filter->text().isEmpty() || !m_filter->status().isEmpty();
    m_placeholder->setText(!empty         ? QString()
                               : filtered ? tr("No run matches the filter.")
                                          : tr("Runs you start are kept here."));
    m_placeholder->setVisible(empty);
}

} // namespace Terrarium::Widgets
