#include "TaskFilePanel.h"

#include <QCheckBox>
#include <QDir>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTime>
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

    m_workspaceRow = new QWidget(this);
    m_workspaceRow->setObjectName(QStringLiteral("taskWorkspace"));
    m_workspace = new QLabel(m_workspaceRow);
    m_workspace->setWordWrap(true);
    m_workspace->setTextFormat(Qt::PlainText);
    m_workspace->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_copyMode = new QPushButton(tr("Use Copy Mode"), m_workspaceRow);
    m_copyMode->setObjectName(QStringLiteral("taskCopyModeButton"));
    m_copyMode->setAutoDefault(false);
    m_copyMode->setToolTip(tr("Let the sandbox work on a copy of the folder: its changes reach "
                              "the folder only after your review, and Undo puts them back."));
    connect(m_copyMode, &QPushButton::clicked, this, &TaskFilePanel::copyModeRequested);
    auto *workspaceLayout = new QHBoxLayout(m_workspaceRow);
    workspaceLayout->setContentsMargins(0, 0, 0, 0);
    workspaceLayout->addWidget(m_workspace, 1);
    workspaceLayout->addWidget(m_copyMode, 0, Qt::AlignTop);
    m_workspaceRow->hide();

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
    layout->addWidget(m_workspaceRow);
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
    m_title->setText(tr("Task file %1 — press Run to start it").arg(fileName()));
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
        connect(box, &QCheckBox::toggled, this, [this, box](bool ticked) {
            // Asked for and given: the warning has done its job.
            if (ticked)
                box->setStyleSheet(QString());
            Q_EMIT consentsChanged();
        });
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
    m_workspace->clear();
    m_workspaceRow->hide();
    hide();
}

QString TaskFilePanel::fileName() const
{
    return QFileInfo(m_path).fileName();
}

void TaskFilePanel::setWorkspace(const QString &folder, WorkspaceUse use)
{
    const QString shown = QDir::toNativeSeparators(folder);
    QString text;
    if (folder.isEmpty())
        text.clear();
    else if (use == WorkspaceUse::Mounted)
        text = tr("Workspace: %1, the task file's own folder, mounted into the sandbox: its "
                  "commands change the files there directly.")
                   .arg(shown);
    else if (use == WorkspaceUse::Copied)
        text = tr("Workspace: %1, the task file's own folder. The sandbox works on a copy; you "
                  "review its changes before they reach the folder.")
                   .arg(shown);
    else
        text = tr("Workspace: %1, the task file's own folder: its commands run there, on this "
                  "computer.")
                   .arg(shown);
    m_workspace->setText(text);
    m_copyMode->setVisible(!folder.isEmpty() && use == WorkspaceUse::Mounted);
    m_workspaceRow->setVisible(!folder.isEmpty());
}

QString TaskFilePanel::workspaceText() const
{
    return m_workspaceRow->isVisibleTo(this) ? m_workspace->text() : QString();
}

bool TaskFilePanel::offersCopyMode() const
{
    return m_workspaceRow->isVisibleTo(this) && m_copyMode->isVisibleTo(this);
}

void TaskFilePanel::setRunStarted()
{
    if (!hasTask())
        return;
    m_title->setText(
        tr("Task file %1 — its run started at %2")
            .arg(fileName(), QLocale().toString(QTime::currentTime(), QLocale::ShortFormat)));
}

void TaskFilePanel::setRunEnded(const QString &outcome)
{
    if (!hasTask())
        return;
    m_title->setText(tr("Task file %1 — its run %2 at %3; press Run to run it again")
                         .arg(fileName(), outcome,
                              QLocale().toString(QTime::currentTime(), QLocale::ShortFormat)));
}

QString TaskFilePanel::title() const
{
    return m_title->text();
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

bool TaskFilePanel::isHighlighted(const QString &setting) const
{
    const QCheckBox *box = m_consents.value(setting);
    return box && !box->styleSheet().isEmpty();
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
