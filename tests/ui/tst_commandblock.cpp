#include "ui/BashHighlighter.h"
#include "ui/CommandBlock.h"
#include "ui/UiColors.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTest>
#include <QTextBlock>
#include <QTextEdit>
#include <QTextLayout>
#include <QToolButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;
using Terrarium::Widgets::BashTheme;
using Terrarium::Widgets::CommandBlock;
using Kind = Terrarium::Widgets::BashTokenizer::Kind;
namespace UiColors = Terrarium::Widgets::UiColors;

namespace {

QPalette darkPalette()
{
    QPalette palette;
    palette.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
    palette.setColor(QPalette::WindowText, QColor(0xe8, 0xe8, 0xe8));
    palette.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    palette.setColor(QPalette::Text, QColor(0xe8, 0xe8, 0xe8));
    return palette;
}

QColor foregroundAt(QTextEdit *editor, int position)
{
    const QTextBlock block = editor->document()->findBlock(position);
    for (const QTextLayout::FormatRange &range : block.layout()->formats()) {
        const int inBlock = position - block.position();
        if (inBlock >= range.start && inBlock < range.start + range.length)
            return range.format.foreground().color();
    }
    return {};
}

} // namespace

class tst_CommandBlock : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void showsTheCommandHighlighted();
    void isSelectableButReadOnly();
    void copyButtonCopies();
    void shortcutCopiesOnlyWhenFocused();
    void followsThePalette();
    void heightFollowsTheLinesUpToAMaximum();
};

void tst_CommandBlock::showsTheCommandHighlighted()
{
    CommandBlock block;
    block.resize(500, 100);
    block.show();
    block.setCommand(u"cd /tmp && ls | grep x"_s);
    QCOMPARE(block.command(), u"cd /tmp && ls | grep x"_s);
    auto *editor = block.findChild<QTextEdit *>();
    QVERIFY(editor);
    QCOMPARE(editor->toPlainText(), block.command());
    const BashTheme &theme = block.highlighter()->theme();
    QCOMPARE(foregroundAt(editor, 0), theme.format(Kind::Builtin).foreground().color());
    QCOMPARE(foregroundAt(editor, 8), theme.format(Kind::Operator).foreground().color());
    QVERIFY(!foregroundAt(editor, 11).isValid()); // ls: a plain command
    // Monospace as measured (fontconfig does not flag every monospace face as fixed pitch).
    const QFontMetrics metrics(editor->font());
    QCOMPARE(metrics.horizontalAdvance(u"iiii"_s), metrics.horizontalAdvance(u"MMMM"_s));
    QCOMPARE(block.accessibleName(), u"Command"_s);
}

void tst_CommandBlock::isSelectableButReadOnly()
{
    CommandBlock block;
    block.setCommand(u"echo hi"_s);
    block.show();
    auto *editor = block.findChild<QTextEdit *>();
    QVERIFY(editor->isReadOnly());
    QVERIFY(editor->textInteractionFlags() & Qt::TextSelectableByKeyboard);
    QVERIFY(editor->textInteractionFlags() & Qt::TextSelectableByMouse);
    editor->setFocus();
    QTest::keyClick(editor, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(editor, u"rm -rf"_s);
    QCOMPARE(editor->toPlainText(), u"echo hi"_s);
    QCOMPARE(editor->textCursor().selectedText(), u"echo hi"_s);
}

void tst_CommandBlock::copyButtonCopies()
{
    CommandBlock block;
    block.setCommand(u"tar -xzf 'a b.tgz'"_s);
    block.show();
    QGuiApplication::clipboard()->setText(u"before"_s);
    QSignalSpy copied(&block, &CommandBlock::copied);
    auto *button = block.findChild<QToolButton *>(u"copyButton"_s);
    QVERIFY(button);
    QVERIFY(!button->accessibleName().isEmpty());
    QTest::mouseClick(button, Qt::LeftButton);
    QCOMPARE(QGuiApplication::clipboard()->text(), u"tar -xzf 'a b.tgz'"_s);
    QCOMPARE(copied.count(), 1);
    QCOMPARE(button->text(), u"Copied"_s);
    QTRY_COMPARE_WITH_TIMEOUT(button->text(), u"Copy"_s, 3000);
}

void tst_CommandBlock::shortcutCopiesOnlyWhenFocused()
{
    QWidget window;
    auto *layout = new QVBoxLayout(&window);
    auto *block = new CommandBlock(&window);
    auto *elsewhere = new QLineEdit(&window);
    layout->addWidget(block);
    layout->addWidget(elsewhere);
    block->setCommand(u"make -j2"_s);
    window.show();
    window.activateWindow(); // no window manager does it under plain Xvfb
    QVERIFY(QTest::qWaitForWindowActive(&window));

    QGuiApplication::clipboard()->setText(u"before"_s);
    elsewhere->setFocus();
    QTest::keyClick(elsewhere, Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(QGuiApplication::clipboard()->text(), u"before"_s);

    auto *editor = block->findChild<QTextEdit *>();
    editor->setFocus();
    QTest::keyClick(editor, Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(QGuiApplication::clipboard()->text(), u"make -j2"_s);
}

void tst_CommandBlock::followsThePalette()
{
    CommandBlock block;
    block.setCommand(u"echo $HOME"_s);
    block.show();
    QVERIFY(!block.highlighter()->theme().isDark());
    block.setPalette(darkPalette());
    const BashTheme &theme = block.highlighter()->theme();
    QVERIFY(theme.isDark());
    QCOMPARE(theme.background(), BashTheme::forPalette(darkPalette()).background());
    auto *editor = block.findChild<QTextEdit *>();
    QCOMPARE(foregroundAt(editor, 0), theme.format(Kind::Builtin).foreground().color());
    // The gray block is what is painted behind the text.
    block.resize(400, block.sizeHint().height());
    const QImage image = block.grab().toImage();
    const QColor corner = image.pixelColor(image.width() / 2, 1);
    QCOMPARE(corner.rgb(), theme.background().rgb());
    QVERIFY(UiColors::contrastRatio(editor->palette().color(QPalette::Text), theme.background())
            >= 7.0);
}

void tst_CommandBlock::heightFollowsTheLinesUpToAMaximum()
{
    CommandBlock block;
    block.resize(600, 400);
    block.show();
    auto *editor = block.findChild<QTextEdit *>();
    block.setCommand(u"ls"_s);
    const int oneLine = editor->height();
    QVERIFY(oneLine >= editor->fontMetrics().lineSpacing());
    block.setCommand(u"a\nb\nc\nd"_s);
    QTRY_VERIFY(editor->height() >= oneLine + 3 * editor->fontMetrics().lineSpacing() - 2);
    block.setMaximumVisibleLines(5);
    QString many;
    for (int i = 0; i < 40; ++i)
        many += u"echo %1\n"_s.arg(i);
    block.setCommand(many);
    QTRY_VERIFY(editor->height() <= 6 * editor->fontMetrics().lineSpacing() + 20);
    QCOMPARE(editor->verticalScrollBarPolicy(), Qt::ScrollBarAsNeeded);
}

QTEST_MAIN(tst_CommandBlock)
#include "tst_commandblock.moc"
