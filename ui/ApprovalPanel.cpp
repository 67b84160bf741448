#include "ApprovalPanel.h"

#include "core/agent/ApprovalFileText.h"
#include "core/output/VisibleText.h"
#include "ui/BashTheme.h"
#include "ui/CommandHighlighter.h"

#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace Terrarium::Widgets {

ApprovalPanel::ApprovalPanel(QWidget *parent)
    : QFrame(parent)
    , m_heading(new QLabel(this))
    , m_reasons(new QLabel(this))
    , m_command(new QPlainTextEdit(this))
    , m_files(new QPlainTextEdit(this))
    , m_once(new QPushButton(tr("Run &once"), this))
    , m_session(new QPushButton(tr("Allow for this &session"), this))
    , m_always(new QPushButton(tr("&Always allow"), this))
    , m_deny(new QPushButton(tr("&Deny"), this))
{
    setObjectName(QStringLiteral("approvalPanel"));
    setFrameShape(QFrame::StyledPanel);
    setAccessibleName(tr("Approval needed"));
    // An amber band says "attention" in light and dark palettes alike.
    setStyleSheet(
        QStringLiteral("#approvalPanel { border: 2px solid #d97706; border-radius: 6px; }"));

    QFont bold = m_heading->font();
    bold.setBold(true);
    m_heading->setFont(bold);
    m_heading->setWordWrap(true);
    m_reasons->setWordWrap(true);
    m_reasons->setTextFormat(Qt::PlainText);

    m_command->setReadOnly(true);
    m_command->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_command->setAccessibleName(tr("Command waiting for approval"));
    m_command->setMaximumHeight(QFontMetrics(m_command->font()).lineSpacing() * 4);
    m_command->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    CommandHighlighter::create(BashTheme::forPalette(palette()), m_command->document());

    m_files->setReadOnly(true);
    m_files->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_files->setAccessibleName(tr("Files this run wrote that the command runs"));
    m_files->setMaximumHeight(QFontMetrics(m_files->font()).lineSpacing() * 10);
    m_files->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_files->hide();

    m_once->setToolTip(tr("Run this command now; ask again next time"));
    m_session->setToolTip(
        tr("Run it, and the same command again without asking until Terrarium quits"));
    m_always->setToolTip(tr("Run it, and never ask about this exact command again"));
    m_deny->setToolTip(tr("Do not run it; the planner looks for another way"));

    auto *buttons = new QHBoxLayout;
    buttons->addStretch(1);
    for (QPushButton *button : {m_once, m_session, m_always, m_deny}) {
        button->setAutoDefault(false);
        buttons->addWidget(button);
    }

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_heading);
    layout->addWidget(m_command);
    layout->addWidget(m_reasons);
    layout->addWidget(m_files);
    layout->addLayout(buttons);

    connect(m_once, &QPushButton::clicked, this, [this] { decide(Core::ApprovalDecision::Once); });
    connect(m_session, &QPushButton::clicked, this,
            [this] { decide(Core::ApprovalDecision::Session); });
    connect(m_always, &QPushButton::clicked, this,
            [this] { decide(Core::ApprovalDecision::Always); });
    connect(m_deny, &QPushButton::clicked, this, [this] { decide(Core::ApprovalDecision::Deny); });
    hide();
}

void ApprovalPanel::ask(int stepId, const QString &command, const QString &risk,
                        const QStringList &reasons,
                        const QList<Core::Events::ApprovalFile> &writtenFiles)
{
    m_stepId = stepId;
    const QString shown = Core::VisibleText::escape(command.trimmed());
    const int lines = int(shown.count(u'\n')) + 1;
    QString heading =
        tr("Step %1 wants to run a command with %2 risk. Run it?").arg(stepId).arg(risk);
    if (lines > 1)
        heading += u' '
            + tr("It has %n lines, and every one of them runs: scroll to read them all.", nullptr,
                 lines);
    m_heading->setText(heading);
    m_command->setPlainText(shown);
    // Room for a runbook's few lines; longer ones scroll.
    m_command->setMaximumHeight(QFontMetrics(m_command->font()).lineSpacing()
                                * std::clamp(lines, 4, 12));
    QStringList reasonLines;
    for (const QString &reason : reasons)
        reasonLines << QStringLiteral("• %1").arg(Core::VisibleText::escape(reason));
    m_reasons->setText(reasonLines.join(u'\n'));
    m_reasons->setVisible(!reasonLines.isEmpty());

    const QStringList files = Core::ApprovalFileText::lines(writtenFiles);
    m_files->setPlainText(files.join(u'\n'));
    m_files->setVisible(!files.isEmpty());
    show();
    m_deny->setFocus(Qt::OtherFocusReason);
}

void ApprovalPanel::dismiss()
{
    m_stepId = -1;
    hide();
}

QString ApprovalPanel::command() const
{
    return m_command->toPlainText();
}

QString ApprovalPanel::writtenFilesText() const
{
    return m_files->isHidden() ? QString() : m_files->toPlainText();
}

QString ApprovalPanel::heading() const
{
    return m_heading->text();
}

QPushButton *ApprovalPanel::button(Core::ApprovalDecision decision) const
{
    switch (decision) {
    case Core::ApprovalDecision::Once:
        return m_once;
    case Core::ApprovalDecision::Session:
        return m_session;
    case Core::ApprovalDecision::Always:
        return m_always;
    case Core::ApprovalDecision::Deny:
        return m_deny;
    }
    return m_deny;
}

bool ApprovalPanel::answer(int stepId, Core::ApprovalDecision decision)
{
    if (stepId < 0 || stepId != m_stepId)
        return false;
    decide(decision);
    return true;
}

void ApprovalPanel::decide(Core::ApprovalDecision decision)
{
    const int stepId = m_stepId;
    if (stepId < 0)
        return;
    dismiss();
    Q_EMIT decided(stepId, decision);
}

} // namespace Terrarium::Widgets
