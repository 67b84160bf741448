#include "TerminalSearchBar.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QStyle>
#include <QToolButton>

namespace Terrarium::Widgets {

TerminalSearchBar::TerminalSearchBar(QWidget *parent)
    : QWidget(parent)
    , m_field(new QLineEdit(this))
    , m_previous(new QToolButton(this))
    , m_next(new QToolButton(this))
    , m_matchCase(new QCheckBox(tr("Match case"), this))
    , m_status(new QLabel(this))
    , m_close(new QToolButton(this))
{
    setAutoFillBackground(true);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 3, 6, 3);
    layout->setSpacing(4);
    m_field->setPlaceholderText(tr("Find in terminal"));
    m_field->setClearButtonEnabled(true);
    m_field->installEventFilter(this);
    // Terminal output goes upwards in time, so "next" looks further back, as in Konsole.
    m_previous->setArrowType(Qt::DownArrow);
    m_previous->setToolTip(tr("Next match below (Shift+Enter)"));
    m_next->setArrowType(Qt::UpArrow);
    m_next->setToolTip(tr("Next match above (Enter)"));
    m_close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    m_close->setToolTip(tr("Close the find bar (Escape)"));
    m_close->setAutoRaise(true);
    layout->addWidget(m_field, 1);
    layout->addWidget(m_next);
    layout->addWidget(m_previous);
    layout->addWidget(m_matchCase);
    layout->addWidget(m_status);
    layout->addWidget(m_close);

    connect(m_field, &QLineEdit::textChanged, this,
            [this](const QString &text) { Q_EMIT searchChanged(text, caseSensitivity()); });
    connect(m_matchCase, &QCheckBox::toggled, this,
            [this] { Q_EMIT searchChanged(text(), caseSensitivity()); });
    connect(m_next, &QToolButton::clicked, this,
            [this] { Q_EMIT findNextRequested(text(), caseSensitivity()); });
    connect(m_previous, &QToolButton::clicked, this,
            [this] { Q_EMIT findPreviousRequested(text(), caseSensitivity()); });
    connect(m_close, &QToolButton::clicked, this, &TerminalSearchBar::closeRequested);
}

QString TerminalSearchBar::text() const
{
    return m_field->text();
}

void TerminalSearchBar::setText(const QString &text)
{
    m_field->setText(text);
}

Qt::CaseSensitivity TerminalSearchBar::caseSensitivity() const
{
    return m_matchCase->isChecked() ? Qt::CaseSensitive : Qt::CaseInsensitive;
}

void TerminalSearchBar::activate()
{
    show();
    m_field->setFocus(Qt::ShortcutFocusReason);
    m_field->selectAll();
}

void TerminalSearchBar::setFound(bool found)
{
    m_status->setText(found || text().isEmpty() ? QString() : tr("No matches"));
}

bool TerminalSearchBar::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_field && event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) {
            if (key->modifiers() & Qt::ShiftModifier)
                Q_EMIT findPreviousRequested(text(), caseSensitivity());
            else
                Q_EMIT findNextRequested(text(), caseSensitivity());
            return true;
        }
        if (key->key() == Qt::Key_Escape) {
            Q_EMIT closeRequested();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace Terrarium::Widgets
