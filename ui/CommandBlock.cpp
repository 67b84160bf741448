#include "CommandBlock.h"

#include "ui/BashTheme.h"
#include "ui/CommandHighlighter.h"

#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QClipboard>
#include <QEvent>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QPainter>
#include <QShortcut>
#include <QTextEdit>
#include <QTimer>
#include <QToolButton>

#include <cmath>

namespace Terrarium::Widgets {

namespace {
constexpr int copiedFeedbackMs = 1500;
}

CommandBlock::CommandBlock(QWidget *parent)
    : QFrame(parent)
{
    setAccessibleName(tr("Command"));

    m_editor = new QTextEdit(this);
    m_editor->setObjectName(QStringLiteral("commandText"));
    m_editor->setAccessibleName(tr("Command"));
    m_editor->setReadOnly(true);
    m_editor->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_editor->setFrameShape(QFrame::NoFrame);
    m_editor->setLineWrapMode(QTextEdit::WidgetWidth);
    // Long paths and URLs break anywhere rather than push the card wider than the timeline.
    m_editor->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    m_editor->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_editor->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_editor->setTabChangesFocus(true);
    QFont monospace = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    // Platforms without a configured fixed font answer with a generic family; the hints make
    // font matching pick a monospace face for it anyway.
    monospace.setStyleHint(QFont::Monospace, QFont::PreferDefault);
    monospace.setFixedPitch(true);
    m_editor->setFont(monospace);
    m_editor->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    // The block paints the gray behind the text; the editor stays see-through.
    m_editor->viewport()->setAutoFillBackground(false);

    m_highlighter =
        CommandHighlighter::create(BashTheme::forPalette(palette()), m_editor->document());

    m_copyButton = new QToolButton(this);
    m_copyButton->setObjectName(QStringLiteral("copyButton"));
    m_copyButton->setText(tr("Copy"));
    m_copyButton->setIcon(QIcon::fromTheme(QStringLiteral("edit-copy")));
    m_copyButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_copyButton->setAutoRaise(true);
    m_copyButton->setFocusPolicy(Qt::StrongFocus);
    m_copyButton->setToolTip(tr("Copy the command to the clipboard (Ctrl+Shift+C)"));
    m_copyButton->setAccessibleName(tr("Copy command"));
    connect(m_copyButton, &QToolButton::clicked, this, &CommandBlock::copyToClipboard);

    auto *copyShortcut = new QShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C), this);
    copyShortcut->setContext(Qt::WidgetWithChildrenShortcut);
    // What Help > Keyboard Shortcuts lists it as.
    copyShortcut->setWhatsThis(tr("Copy a step's command (its card focused)"));
    connect(copyShortcut, &QShortcut::activated, this, &CommandBlock::copyToClipboard);

    m_copiedFeedback = new QTimer(this);
    m_copiedFeedback->setSingleShot(true);
    m_copiedFeedback->setInterval(copiedFeedbackMs);
    connect(m_copiedFeedback, &QTimer::timeout, this,
            [this] { m_copyButton->setText(tr("Copy")); });

    auto *layout = new QHBoxLayout(this);
    const int padding = qMax(2, fontMetrics().height() / 4);
    layout->setContentsMargins(padding, padding, padding, padding);
    layout->setSpacing(padding);
    layout->addWidget(m_editor, 1);
    layout->addWidget(m_copyButton, 0, Qt::AlignTop);

    connect(m_editor->document()->documentLayout(),
            &QAbstractTextDocumentLayout::documentSizeChanged, this,
            &CommandBlock::updateEditorHeight);
    // Repaint the focus outline when the keyboard enters or leaves the block.
    connect(qApp, &QApplication::focusChanged, this, [this](QWidget *old, QWidget *now) {
        if ((old && (old == this || isAncestorOf(old)))
            || (now && (now == this || isAncestorOf(now))))
            update();
    });

    applyTheme();
    updateEditorHeight();
}

CommandBlock::~CommandBlock() = default;

void CommandBlock::setCommand(const QString &command)
{
    if (command == m_command)
        return;
    m_command = command;
    m_editor->setPlainText(command);
    updateEditorHeight();
}

void CommandBlock::setMaximumVisibleLines(int lines)
{
    m_maximumVisibleLines = qMax(1, lines);
    updateEditorHeight();
}

void CommandBlock::copyToClipboard()
{
    QClipboard *clipboard = QGuiApplication::clipboard();
    clipboard->setText(m_command, QClipboard::Clipboard);
    // X11 users paste with the middle button too.
    if (clipboard->supportsSelection())
        clipboard->setText(m_command, QClipboard::Selection);
    m_copyButton->setText(tr("Copied"));
    m_copiedFeedback->start();
    Q_EMIT copied();
}

void CommandBlock::setCopyButtonVisible(bool visible)
{
    m_copyButton->setVisible(visible);
}

void CommandBlock::paintEvent(QPaintEvent *event)
{
    Q_UNUSED(event);
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const qreal radius = fontMetrics().height() / 4.0;
    painter.setPen(Qt::NoPen);
    painter.setBrush(m_highlighter->theme().background());
    painter.drawRoundedRect(QRectF(rect()), radius, radius);
    if (hasFocus() || isAncestorOf(QApplication::focusWidget())) {
        // Where the keyboard is matters for Ctrl+Shift+C: outline the focused block.
        painter.setPen(QPen(palette().color(QPalette::Highlight), 1.0));
        painter.setBrush(Qt::NoBrush);
        painter.drawRoundedRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5), radius, radius);
    }
}

void CommandBlock::changeEvent(QEvent *event)
{
    QFrame::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyTheme();
}

void CommandBlock::applyTheme()
{
    const BashTheme theme = BashTheme::forPalette(palette());
    // Only the editor's own palette changes here, so this cannot re-enter changeEvent().
    QPalette editorPalette = m_editor->palette();
    editorPalette.setColor(QPalette::Base, Qt::transparent);
    editorPalette.setColor(QPalette::Text, theme.foreground());
    m_editor->setPalette(editorPalette);
    m_highlighter->setTheme(theme);
    update();
}

void CommandBlock::updateEditorHeight()
{
    const QFontMetrics metrics(m_editor->font());
    const qreal margin = m_editor->document()->documentMargin();
    const int contentHeight = int(std::ceil(m_editor->document()->size().height()));
    const int maximumHeight =
        int(std::ceil(m_maximumVisibleLines * metrics.lineSpacing() + 2 * margin));
    const bool scrolls = contentHeight > maximumHeight;
    m_editor->setVerticalScrollBarPolicy(scrolls ? Qt::ScrollBarAsNeeded : Qt::ScrollBarAlwaysOff);
    m_editor->setFixedHeight(qMin(contentHeight, maximumHeight) + 2 * m_editor->frameWidth());
}

} // namespace Terrarium::Widgets
