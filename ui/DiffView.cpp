#include "DiffView.h"

#include "core/output/VisibleText.h"
#include "ui/UiColors.h"
#include "ui/WorkspaceChangeModel.h"

#include <QEvent>
#include <QFontDatabase>
#include <QTextBlock>
#include <QTextCursor>

namespace Terrarium::Widgets {

namespace {

// The "---" and "+++" lines WorkspaceDiff::compute() writes for path, in the forms it may have
// (either side may be missing: /dev/null).
struct Header
{
    qsizetype length = 0; // 0: text starts with none of them
    bool before = false;
    bool after = false;
};

Header headerOf(const QString &text, const QString &path)
{
    for (const bool before : {true, false}) {
        for (const bool after : {true, false}) {
            const QString header =
                (before ? QStringLiteral("--- a/") + path : QStringLiteral("--- /dev/null"))
                + (after ? QStringLiteral("\n+++ b/") + path + u'\n'
                         : QStringLiteral("\n+++ /dev/null\n"));
            if (text.startsWith(header))
                return {header.size(), before, after};
        }
    }
    return {};
}

} // namespace

DiffView::DiffView(QWidget *parent)
    : QPlainTextEdit(parent)
{
    setReadOnly(true);
    setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setAccessibleName(tr("Differences"));
    QFont monospace = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    monospace.setStyleHint(QFont::Monospace, QFont::PreferDefault);
    monospace.setFixedPitch(true);
    setFont(monospace);
    setTabStopDistance(QFontMetricsF(monospace).horizontalAdvance(QLatin1Char(' ')) * 4);
}

DiffView::~DiffView() = default;

void DiffView::setDiff(const QString &path, const QString &unifiedDiff)
{
    m_path = path;
    m_diff = unifiedDiff;
    render();
}

void DiffView::clearDiff()
{
    m_path.clear();
    m_diff.clear();
    clear();
}

DiffView::LineKind DiffView::lineKind(QStringView line)
{
    if (line.startsWith(u"@@"))
        return LineKind::Hunk;
    if (line.startsWith(u'+'))
        return LineKind::Added;
    if (line.startsWith(u'-'))
        return LineKind::Removed;
    if (line.startsWith(u'\\'))
        return LineKind::Note; // "\ No newline at end of file"
    return LineKind::Context;
}

QColor DiffView::lineBackground(LineKind kind, const QPalette &palette)
{
    const QColor base = palette.color(QPalette::Base);
    const bool dark = UiColors::isDark(palette);
    switch (kind) {
    case LineKind::Added:
        return UiColors::blend(base, QColor(0x2e, 0xa0, 0x43), dark ? 0.28 : 0.18);
    case LineKind::Removed:
        return UiColors::blend(base, QColor(0xe5, 0x39, 0x35), dark ? 0.28 : 0.16);
    case LineKind::Hunk:
        return UiColors::blend(base, palette.color(QPalette::Text), dark ? 0.16 : 0.09);
    case LineKind::FileHeader:
    case LineKind::Context:
    case LineKind::Note:
        break;
    }
    return QColor();
}

void DiffView::changeEvent(QEvent *event)
{
    QPlainTextEdit::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && !m_rendering && !m_diff.isEmpty())
        render();
}

void DiffView::render()
{
    m_rendering = true;
    clear();
    const QPalette &pal = palette();
    const QColor text = pal.color(QPalette::Text);
    const QColor base = pal.color(QPalette::Base);

    QTextCursor cursor(document());
    cursor.beginEditBlock();
    bool first = true;
    const auto append = [&](const QString &line, LineKind kind) {
        QTextBlockFormat block;
        QTextCharFormat format;
        const QColor background = lineBackground(kind, pal);
        if (background.isValid())
            block.setBackground(background);
        const QColor behind = background.isValid() ? background : base;
        switch (kind) {
        case LineKind::FileHeader:
            format.setFontWeight(QFont::Bold);
            format.setForeground(text);
            break;
        case LineKind::Hunk:
        case LineKind::Note:
            format.setForeground(
                UiColors::ensureContrast(UiColors::blend(text, behind, 0.35), behind));
            break;
        case LineKind::Added:
        case LineKind::Removed:
        case LineKind::Context:
            format.setForeground(UiColors::ensureContrast(text, behind));
            break;
        }
        if (first) {
            cursor.setBlockFormat(block);
            cursor.setCharFormat(format);
            first = false;
        } else {
            cursor.insertBlock(block, format);
        }
        cursor.insertText(line, format);
    };

    QStringView body = m_diff;
    // The path in the header is shown escaped: a newline in it must not start a diff line.
    if (const Header header = headerOf(m_diff, m_path); header.length > 0) {
        const QString shown = WorkspaceChangeModel::visiblePath(m_path);
        append(header.before ? QStringLiteral("--- a/") + shown : QStringLiteral("--- /dev/null"),
               LineKind::FileHeader);
        append(header.after ? QStringLiteral("+++ b/") + shown : QStringLiteral("+++ /dev/null"),
               LineKind::FileHeader);
        body = body.mid(header.length);
    }
    if (body.endsWith(u'\n'))
        body.chop(1);
    if (!body.isEmpty()) {
        for (QStringView line : body.split(u'\n'))
            append(Core::VisibleText::escape(line.toString()), lineKind(line));
    }
    cursor.endEditBlock();
    moveCursor(QTextCursor::Start);
    m_rendering = false;
}

} // namespace Terrarium::Widgets
