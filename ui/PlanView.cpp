#include "PlanView.h"

#include "core/agent/PlanModel.h"
#include "core/agent/PlanSnapshotModel.h"
#include "ui/PlanStepDelegate.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListView>
#include <QTimer>
#include <QVBoxLayout>

namespace Terrarium::Widgets {

PlanView::PlanView(QWidget *parent)
    : QWidget(parent)
    , m_snapshot(new Core::PlanSnapshotModel(this))
    , m_list(new QListView(this))
    , m_revisions(new QComboBox(this))
    , m_delegate(new PlanStepDelegate(this))
    , m_spinner(new QTimer(this))
{
    auto *title = new QLabel(tr("&Plan"), this);
    QFont bold = title->font();
    bold.setBold(true);
    title->setFont(bold);
    title->setBuddy(m_list);

    m_revisions->setAccessibleName(tr("Plan revision"));
    m_revisions->setToolTip(tr("Earlier revisions of the plan stay here after re-planning"));
    m_revisions->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_revisions->setEnabled(false);

    m_list->setItemDelegate(m_delegate);
    m_list->setAccessibleName(tr("Plan checklist"));
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setUniformItemSizes(false);
    m_list->setWordWrap(false);
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_list->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);

    auto *header = new QHBoxLayout;
    header->addWidget(title);
    header->addStretch(1);
    header->addWidget(m_revisions);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(header);
    layout->addWidget(m_list, 1);

    m_spinner->setInterval(50);
    connect(m_spinner, &QTimer::timeout, this, [this] {
        m_angle = (m_angle + 24) % 360;
        m_delegate->setSpinnerAngle(m_angle);
        m_list->viewport()->update();
    });
    connect(m_revisions, &QComboBox::activated, this, &PlanView::showRevision);
}

PlanView::~PlanView() = default;

void PlanView::setPlanModel(Core::PlanModel *model)
{
    if (m_model)
        m_model->disconnect(this);
    m_model = model;
    m_list->setModel(model);
    if (model) {
        connect(model, &Core::PlanModel::revisionChanged, this, &PlanView::refreshRevisions);
        connect(model, &QAbstractItemModel::dataChanged, this, &PlanView::updateSpinner);
        connect(model, &QAbstractItemModel::modelReset, this, &PlanView::updateSpinner);
    }
    refreshRevisions();
}

int PlanView::shownRevision() const
{
    return m_revisions->currentData().toInt();
}

void PlanView::refreshRevisions()
{
    m_revisions->clear();
    if (!m_model || m_model->revision() == 0) {
        m_revisions->setEnabled(false);
        return;
    }
    const int current = m_model->revision();
    m_revisions->addItem(tr("Revision %1 (current)").arg(current), current);
    for (int revision = current - 1; revision >= 1; --revision)
        m_revisions->addItem(tr("Revision %1").arg(revision), revision);
    m_revisions->setEnabled(current > 1);
    m_revisions->setCurrentIndex(0);
    m_list->setModel(m_model);
    updateSpinner();
}

void PlanView::showRevision(int comboIndex)
{
    const int revision = m_revisions->itemData(comboIndex).toInt();
    if (!m_model || revision == m_model->revision()) {
        m_list->setModel(m_model);
        return;
    }
    m_snapshot->setSteps(m_model->revisions().value(revision - 1), revision);
    m_list->setModel(m_snapshot);
}

void PlanView::updateSpinner()
{
    bool running = false;
    if (m_model) {
        for (const Core::PlanStep &step : m_model->steps())
            running = running || step.state == Core::StepState::Running;
    }
    if (running && !m_spinner->isActive())
        m_spinner->start();
    else if (!running)
        m_spinner->stop();
}

} // namespace Terrarium::Widgets
