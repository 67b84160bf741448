#include "TaskFilePanel.h"

#include <QCheckBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>

namespace Terrarium::Widgets {

namespace {

QString settingLabel(const QString &setting)
{
    if (setting == QLatin1String("sandbox"))
        return TaskFilePanel::tr("Sandbox:");
    if (setting == QLatin1String("network"))
        return TaskFilePanel::tr("Network:");
    if (setting == QLatin1String("image"))
        return TaskFilePanel::tr("Image:");
    if (setting == QLatin1String("env"))
        return TaskFilePanel::tr("Environment:");
    if (setting == QLatin1String("limits"))
        return TaskFilePanel::tr("Limits:");
    return setting + u':';
}

QString consentText(const QString &setting)
{
    if (setting == QLatin1String("sandbox"))
        return TaskFilePanel::tr("Allow this task to run commands directly on this computer, "
                                 "as me, with no isolation");
    return TaskFilePanel::tr("Allow the sandbox to reach the network");
}

} // namespace

TaskFilePanel::TaskFilePanel(QWidget *parent)
    : QFrame(parent)
    , m_title(new QLabel(this))
    , m_note(new QLabel(this))
    , m_form(new QFormLayout)
{
    setObjectName(QStringLiteral("taskFilePanel"));
    setFrameShape(QFrame::StyledPanel);
    setAccessibleName(tr("Task file"));
    setStyleSheet(
        QStringLiteral("#taskFilePanel { border: 1px solid palette(mid); border-radius: 6px; }"));

    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_title->setTextFormat(Qt::PlainText);
    m_note->setWordWrap(true);
    m_note->setTextFormat(Qt::PlainText);
    m_note->hide();

    auto *dismiss = new QToolButton(this);
    dismiss->setText(tr("Don't Use"));
    dismiss->setToolTip(tr("Forget the task file's settings; the goal stays"));
    dismiss->setAccessibleName(tr("Don't use the task file"));

    auto *header = new QHBoxLayout;
    header->addWidget(m_title, 1);
    header->addWidget(dismiss);

    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(header);
    layout->addLayout(m_form);
    layout->addWidget(m_note);

    connect(dismiss, &QToolButton::clicked, this, [this] {
        clearTask();
        Q_EMIT dismissed();
    });
    hide();
}

void TaskFilePanel::showTask(const QString &path, const QList<Core::TaskFile::Request> &requests,
                             const QString &note)
{
    clearTask();
    m_path = path;
    m_title->setText(tr("Task file %1 — press Run to start it").arg(QFileInfo(path).fileName()));
    m_title->setToolTip(path);
    if (requests.isEmpty())
        m_form->addRow(new QLabel(tr("Only a goal; the usual settings apply."), this));
    for (const Core::TaskFile::Request &request : requests) {
        auto *value = new QLabel(request.value, this);
        value->setTextFormat(Qt::PlainText);
        value->setWordWrap(true);
        value->setTextInteractionFlags(Qt::TextSelectableByMouse);
        if (!request.needsConsent) {
            m_form->addRow(settingLabel(request.setting), value);
            continue;
        }
        // Amber, bold, and a box to tick: this is what the file must not get by being opened.
        auto *field = new QWidget(this);
        field->setObjectName(QStringLiteral("consentField"));
        field->setStyleSheet(QStringLiteral(
            "#consentField { background: rgba(217, 119, 6, 0.18); border-radius: 4px; }"));
        QFont bold = value->font();
        bold.setBold(true);
        value->setFont(bold);
        auto *box = new QCheckBox(consentText(request.setting), field);
        box->setAccessibleName(consentText(request.setting));
        auto *fieldLayout = new QVBoxLayout(field);
        fieldLayout->setContentsMargins(6, 4, 6, 4);
        fieldLayout->addWidget(value);
        fieldLayout->addWidget(box);
        m_consents.insert(request.setting, box);
        m_form->addRow(settingLabel(request.setting), field);
    }
    m_note->setText(note);
    m_note->setVisible(!note.isEmpty());
    show();
}

void TaskFilePanel::clearTask()
{
    m_path.clear();
    m_consents.clear();
    while (m_form->rowCount() > 0)
        m_form->removeRow(0);
    m_note->clear();
    m_note->hide();
    hide();
}

QStringList TaskFilePanel::grantedConsents() const
{
    QStringList granted;
    for (auto it = m_consents.cbegin(); it != m_consents.cend(); ++it) {
        if (it.value()->isChecked())
            granted.append(it.key());
    }
    return granted;
}

void TaskFilePanel::highlightMissing(const QStringList &settings)
{
    for (const QString &setting : settings) {
        if (QCheckBox *box = m_consents.value(setting)) {
            box->setStyleSheet(QStringLiteral("QCheckBox { color: #dc2626; font-weight: bold; }"));
            box->setFocus();
        }
    }
}

} // namespace Terrarium::Widgets
