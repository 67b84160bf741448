#include "ui/ConsoleView.h"

#include "core/output/AnsiColor.h"

#include <QApplication>
#include <QFile>
#include <QMenu>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTimer>
#include <QToolButton>

#include <cmath>

using namespace Qt::StringLiterals;
using Terrarium::Core::AnsiColor;
using Terrarium::Widgets::ConsoleView;

namespace {

// The format of the character at position in view's document.
QTextCharFormat formatAt(const ConsoleView &view, int position)
{
    QTextCursor cursor(view.document());
    cursor.setPosition(position + 1);
    return cursor.charFormat();
}

int positionOf(const ConsoleView &view, const QString &text)
{
    return int(view.toPlainText().indexOf(text));
}

QPalette darkPalette()
{
    QPalette palette;
    palette.setColor(QPalette::Window, QColor(0x20, 0x20, 0x20));
    palette.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    palette.setColor(QPalette::Text, QColor(0xdd, 0xdd, 0xdd));
    palette.setColor(QPalette::WindowText, QColor(0xdd, 0xdd, 0xdd));
    return palette;
}

QPalette lightPalette()
{
    QPalette palette;
    palette.setColor(QPalette::Window, QColor(0xef, 0xef, 0xef));
    palette.setColor(QPalette::Base, Qt::white);
    palette.setColor(QPalette::Text, Qt::black);
    palette.setColor(QPalette::WindowText, Qt::black);
    return palette;
}

double luminance(const QColor &color)
{
    const auto channel = [](double c) {
        return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(color.redF()) + 0.7152 * channel(color.greenF())
        + 0.0722 * channel(color.blueF());
}

double contrast(const QColor &a, const QColor &b)
{
    const double la = luminance(a);
    const double lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QString numberedLines(int from, int to)
{
    QString text;
    for (int i = from; i < to; ++i)
        text += QStringLiteral("line %1\n").arg(i);
    return text;
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<cannot open>");
}

} // namespace

class tst_ConsoleView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void textAppearsAfterFlush();
    void rendersOnItsOwnWhenShown();
    void waitsWhileHidden();
    void spanColours_data();
    void spanColours();
    void coloursReadable_data();
    void coloursReadable();
    void carriageReturnOverwritesLine();
    void swallowsControlSequences();
    void boundedLinesWithNote();
    void noteCountsLinesTrimmedOverManyFlushes();
    void floodInOneBatchIsBounded();
    void largeBatchRendersInSlices();
    void longLineIsBroken();
    void spoolHoldsEverything();
    void borderColours_data();
    void borderColours();
    void followsOutputOnlyAtBottom();
    void saveToUnwritablePathFails();
    void contextMenuClearsViewNotSpool();
    void tabsNameTheStreams();
    void interleavedKeepsArrivalOrder();
    void interleavedParsesEachStreamOnItsOwn();
    void interleavedMarksStderrInTheGutter();
    void heightForLinesShowsEveryLine();
    void showAllButton();
};

void tst_ConsoleView::textAppearsAfterFlush()
{
    ConsoleView view(ConsoleView::Stream::Stdout);
    QVERIFY(view.isEmpty());
    view.appendText(QStringLiteral("hello\n"));
    view.appendText(QStringLiteral("world"));
    // Queued, not rendered per chunk.
    QCOMPARE(view.toPlainText(), QString());
    QCOMPARE(view.totalCharacters(), 11);
    QVERIFY(!view.isEmpty());
    view.flush();
    QCOMPARE(view.toPlainText(), QStringLiteral("hello\nworld"));
    QVERIFY(view.isReadOnly());
    // Monospace: fontconfig does not always flag the system's fixed font as fixed-pitch, so
    // measure it.
    const QFontMetricsF metrics(view.font());
    QCOMPARE(metrics.horizontalAdvance(u'i'), metrics.horizontalAdvance(u'W'));
}

void tst_ConsoleView::rendersOnItsOwnWhenShown()
{
    ConsoleView view(ConsoleView::Stream::Stdout);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.appendText(QStringLiteral("streamed"));
    QTRY_COMPARE_WITH_TIMEOUT(view.toPlainText(), QStringLiteral("streamed"), 1000);
}

void tst_ConsoleView::waitsWhileHidden()
{
    QWidget window;
    auto *view = new ConsoleView(ConsoleView::Stream::Stderr, &window);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    view->hide();
    view->appendText(QStringLiteral("later"));
    QTest::qWait(200);
    // A collapsed card does no layout work ...
    QCOMPARE(view->toPlainText(), QString());
    // ... and shows everything once opened.
    view->show();
    QCOMPARE(view->toPlainText(), QStringLiteral("later"));
}

void tst_ConsoleView::spanColours_data()
{
    QTest::addColumn<QPalette>("palette");
    QTest::newRow("light") << lightPalette();
    QTest::newRow("dark") << darkPalette();
}

void tst_ConsoleView::spanColours()
{
    QFETCH(QPalette, palette);
    ConsoleView view(ConsoleView::Stream::Stdout);
    view.setPalette(palette);
    view.appendText(
        QStringLiteral("plain \x1b[31mred\x1b[0m \x1b[1;4mbold\x1b[22;24m "
                       "\x1b[3;9mitalic\x1b[0m \x1b[38;2;255;220;120;48;5;21mrgb\x1b[0m "
                       "\x1b[7mreversed\x1b[27m \x1b[42mongreen\x1b[0m end"));
    view.flush();
    QCOMPARE(view.toPlainText(), QStringLiteral("plain red bold italic rgb reversed ongreen end"));

    const QTextCharFormat plain = formatAt(view, positionOf(view, QStringLiteral("plain")));
    QVERIFY(!plain.hasProperty(QTextFormat::ForegroundBrush));
    QVERIFY(!plain.hasProperty(QTextFormat::BackgroundBrush));
    QVERIFY(plain.fontWeight() != QFont::Bold);

    const QColor red = formatAt(view, positionOf(view, QStringLiteral("red"))).foreground().color();
    // A red hue (lightened on dark backgrounds for contrast, so not necessarily pure).
    QVERIFY2((red.hsvHue() < 20 || red.hsvHue() > 340) && red.hsvSaturation() > 80,
             qPrintable(red.name()));

    const QTextCharFormat bold = formatAt(view, positionOf(view, QStringLiteral("bold")));
    QCOMPARE(bold.fontWeight(), int(QFont::Bold));
    QVERIFY(bold.fontUnderline());
    QVERIFY(!bold.hasProperty(QTextFormat::ForegroundBrush));

    const QTextCharFormat italic = formatAt(view, positionOf(view, QStringLiteral("italic")));
    QVERIFY(italic.fontItalic());
    QVERIFY(italic.fontStrikeOut());
    QVERIFY(italic.fontWeight() != QFont::Bold);

    const QTextCharFormat rgb = formatAt(view, positionOf(view, QStringLiteral("rgb")));
    QCOMPARE(rgb.background().color(), QColor::fromRgb(AnsiColor::standardRgb(21)));
    // Light yellow on pure blue is readable as it is: true colour is kept.
    QCOMPARE(rgb.foreground().color(), QColor(255, 220, 120));

    const QTextCharFormat reversed = formatAt(view, positionOf(view, QStringLiteral("reversed")));
    QCOMPARE(reversed.background().color(), palette.color(QPalette::Text));
    QCOMPARE(reversed.foreground().color(), palette.color(QPalette::Base));

    const QTextCharFormat onGreen = formatAt(view, positionOf(view, QStringLiteral("ongreen")));
    const QColor green = onGreen.background().color();
    QVERIFY2(green.green() > green.red() && green.green() > green.blue(), qPrintable(green.name()));

    const QTextCharFormat end = formatAt(view, positionOf(view, QStringLiteral("end")));
    QVERIFY(!end.hasProperty(QTextFormat::ForegroundBrush));
    QVERIFY(!end.hasProperty(QTextFormat::BackgroundBrush));
}

void tst_ConsoleView::coloursReadable_data()
{
    QTest::addColumn<QPalette>("palette");
    QTest::addColumn<QString>("sgr");
    const QStringList colours = {QStringLiteral("30"),
                                 QStringLiteral("32"),
                                 QStringLiteral("33"),
                                 QStringLiteral("34"),
                                 QStringLiteral("37"),
                                 QStringLiteral("90"),
                                 QStringLiteral("93"),
                                 QStringLiteral("97"),
                                 QStringLiteral("38;5;16"),
                                 QStringLiteral("38;5;226"),
                                 QStringLiteral("38;5;232"),
                                 QStringLiteral("38;5;255"),
                                 QStringLiteral("38;2;250;250;250"),
                                 QStringLiteral("38;2;10;10;10"),
                                 QStringLiteral("2;33")};
    for (const QString &sgr : colours) {
        QTest::addRow("light %s", qPrintable(sgr)) << lightPalette() << sgr;
        QTest::addRow("dark %s", qPrintable(sgr)) << darkPalette() << sgr;
    }
}

void tst_ConsoleView::coloursReadable()
{
    QFETCH(QPalette, palette);
    QFETCH(QString, sgr);
    ConsoleView view(ConsoleView::Stream::Stdout);
    view.setPalette(palette);
    view.appendText(QStringLiteral("\x1b[%1mtext").arg(sgr));
    view.flush();
    const QColor color = formatAt(view, 0).foreground().color();
    const double ratio = contrast(color, palette.color(QPalette::Base));
    // Faint text is meant to be dimmer, and true colour is kept close to what was asked for, but
    // both must stay legible; indexed colours get the full WCAG body-text contrast.
    const bool looser =
        sgr.startsWith(QLatin1String("2;")) || sgr.startsWith(QLatin1String("38;2;"));
    const double minimum = looser ? 2.0 : 4.5;
    QVERIFY2(ratio >= minimum,
             qPrintable(QStringLiteral("%1 on %2: %3")
                            .arg(color.name(), palette.color(QPalette::Base).name())
                            .arg(ratio)));
}

void tst_ConsoleView::carriageReturnOverwritesLine()
{
    ConsoleView view(ConsoleView::Stream::Stdout);
    view.appendText(QStringLiteral("first\ndownloading 10%\rdownloading 55%\rdone\nnext"));
    view.flush();
    QCOMPARE(view.toPlainText(), QStringLiteral("first\ndone\nnext"));

    // Across batches, the line already shown is replaced, styled.
    view.appendText(QStringLiteral("\n[1/3] \x1b[32mok"));
    view.flush();
    view.appendText(QStringLiteral("\r[2/3] \x1b[33mwarn"));
    view.flush();
    view.appendText(QStringLiteral("\r\n"));
    view.flush();
    QCOMPARE(view.toPlainText(), QStringLiteral("first\ndone\nnext\n[2/3] warn\n"));
    const QColor warn =
        formatAt(view, positionOf(view, QStringLiteral("warn"))).foreground().color();
    QVERIFY2(warn.red() > warn.blue() && warn.green() > warn.blue(), qPrintable(warn.name()));

    // A "\r" at the end of one chunk and "\n" at the start of the next is one newline.
    view.appendText(QStringLiteral("crlf\r"));
    view.flush();
    view.appendText(QStringLiteral("\nafter"));
    view.flush();
    QVERIFY(view.toPlainText().endsWith(QStringLiteral("\ncrlf\nafter")));
}

void tst_ConsoleView::swallowsControlSequences()
{
    ConsoleView view(ConsoleView::Stream::Stdout);
    view.appendText(QStringLiteral("\x1b]0;window title\x07\x1b[2J\x1b[H\x1b[?25l"
                                   "\x1b]8;;https://example.org\x1b\\link\x1b]8;;\x1b\\ \x1b[1"));
    view.appendText(QStringLiteral("0;5Htext\x1b[K\x1b(B"));
    view.flush();
    QCOMPARE(view.toPlainText(), QStringLiteral("link text"));
}

void tst_ConsoleView::boundedLinesWithNote()
{
    ConsoleView view(ConsoleView::Stream::Stdout);
    view.setMaximumLines(100);
    QCOMPARE(view.maximumLines(), 100);
    view.appendText(numberedLines(0, 1000));
    view.flush();
    QTextDocument *document = view.document();
    // The note, 100 lines, and the empty line after the last newline.
    QCOMPARE(document->blockCount(), 102);
    QCOMPARE(view.hiddenLines(), 900);
    QCOMPARE(
        document->firstBlock().text(),
        QStringLiteral("… %1 lines above are in the saved output").arg(QLocale().toString(900)));
    QVERIFY(formatAt(view, 0).fontItalic());
    QCOMPARE(document->findBlockByNumber(1).text(), QStringLiteral("line 900"));
    QCOMPARE(document->findBlockByNumber(100).text(), QStringLiteral("line 999"));
    QVERIFY(!formatAt(view, document->findBlockByNumber(1).position()).fontItalic());

    view.appendText(numberedLines(1000, 1050));
    view.flush();
    QCOMPARE(document->blockCount(), 102);
    QCOMPARE(view.hiddenLines(), 950);
    QVERIFY(document->firstBlock().text().contains(QLocale().toString(950)));
    QCOMPARE(document->findBlockByNumber(1).text(), QStringLiteral("line 950"));

    // Lowering the limit trims at once.
    view.setMaximumLines(10);
    QCOMPARE(document->blockCount(), 12);
    QCOMPARE(view.hiddenLines(), 1040);
    QCOMPARE(document->findBlockByNumber(1).text(), QStringLiteral("line 1040"));
}

void tst_ConsoleView::noteCountsLinesTrimmedOverManyFlushes()
{
    ConsoleView view(ConsoleView::Stream::Stdout);
    view.setMaximumLines(20);
    for (int i = 0; i < 30; ++i) {
        view.appendText(QStringLiteral("line %1\n").arg(i));
        view.flush();
    }
    QCOMPARE(view.hiddenLines(), 10);
    QCOMPARE(view.document()->blockCount(), 22);
    QVERIFY(view.document()->firstBlock().text().contains(QLatin1String("10")));
    QCOMPARE(view.document()->findBlockByNumber(1).text(), QStringLiteral("line 10"));
}

void tst_ConsoleView::floodInOneBatchIsBounded()
{
    ConsoleView view(ConsoleView::Stream::Stdout);
    view.appendText(QStringLiteral("\x1b[31mshown before\n"));
    view.flush();
    const QString chunk = numberedLines(0, 4000);
    for (int i = 0; i < 100; ++i)
        view.appendText(chunk);
    view.flush();
    QTextDocument *document = view.document();
    QCOMPARE(document->blockCount(), view.maximumLines() + 2);
    // The line shown before, and everything but the last maximumLines() lines of the flood.
    QCOMPARE(view.hiddenLines(), 1 + 400000 - view.maximumLines());
    QCOMPARE(document->firstBlock().text(),
             QStringLiteral("… %1 lines above are in the saved output")
                 .arg(QLocale().toString(view.hiddenLines())));
    QCOMPARE(document->findBlockByNumber(1).text(), QStringLiteral("line 3000"));
    QCOMPARE(document->lastBlock().previous().text(), QStringLiteral("line 3999"));
    // The SGR state carries on (nothing reset it), and the document kept its settings.
    QVERIFY(formatAt(view, document->findBlockByNumber(1).position())
                .hasProperty(QTextFormat::ForegroundBrush));
    QCOMPARE(document->documentMargin(), 6.0);
    QCOMPARE(document->isUndoRedoEnabled(), false);
}

void tst_ConsoleView::largeBatchRendersInSlices()
{
    ConsoleView view(ConsoleView::Stream::Stdout);
    view.resize(500, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    // About 40 000 differently styled spans: more than one time slice inserts.
    QString text;
    for (int line = 0; line < 4000; ++line) {
        for (int span = 0; span < 10; ++span)
            text += QStringLiteral("\x1b[3%1m%2 ").arg(span % 8).arg(line);
        text += u'\n';
    }
    view.appendText(text + QStringLiteral("\x1b[0mlast"));
    // Rendered by the timer alone, slice after slice, to the end.
    QTRY_COMPARE_WITH_TIMEOUT(view.document()->lastBlock().text(), QStringLiteral("last"), 10000);
    QCOMPARE(view.document()->blockCount(), 4001);
    QCOMPARE(view.document()->firstBlock().text(), QStringLiteral("0 0 0 0 0 0 0 0 0 0 "));
    QCOMPARE(view.hiddenLines(), 0);

    // flush() finishes a batch the timer has started on.
    view.appendText(text);
    QTest::qWait(80);
    view.flush();
    QCOMPARE(view.document()->blockCount(), 5002);
    // 8000 complete lines ("last" was completed by the first line of the second batch).
    QCOMPARE(view.hiddenLines(), 8000 - 5000);
    QCOMPARE(view.document()->lastBlock().previous().text(),
             QStringLiteral("3999 3999 3999 3999 3999 3999 3999 3999 3999 3999 "));
}

void tst_ConsoleView::longLineIsBroken()
{
    ConsoleView view(ConsoleView::Stream::Stdout);
    view.appendText(QString(100000, u'x'));
    view.flush();
    for (QTextBlock block = view.document()->firstBlock(); block.isValid(); block = block.next())
        QVERIFY(block.length() <= 4096 + 1);
    QVERIFY(view.document()->blockCount() >= 100000 / 4096);
}

void tst_ConsoleView::spoolHoldsEverything()
{
    QTemporaryDir directory;
    ConsoleView view(ConsoleView::Stream::Stdout);
    QByteArray expected;
    qint64 characters = 0;
    // About 6 MB of styled, multilingual output with progress lines, in orchestrator-sized chunks.
    QString chunk;
    for (int i = 0; chunk.size() < 64 * 1024; ++i)
        chunk += QStringLiteral("\x1b[3%1mzeile %2 grüße 😀\x1b[0m progress 10%\rprogress 100%\n")
                     .arg(i % 8)
                     .arg(i);
    for (int i = 0; i < 90; ++i) {
        const QString text = chunk + QString::number(i);
        view.appendText(text);
        expected += text.toUtf8();
        characters += text.size();
        if (i % 10 == 0)
            view.flush();
    }
    view.flush();
    QCOMPARE(view.totalCharacters(), characters);
    QVERIFY(view.document()->blockCount() <= view.maximumLines() + 2);
    const QString path = directory.filePath(QStringLiteral("full.txt"));
    QString error;
    QVERIFY2(view.saveFullOutput(path, &error), qPrintable(error));
    QVERIFY(expected.size() > 6 * 1000 * 1000);
    QVERIFY(readAll(path) == expected);
}

void tst_ConsoleView::borderColours_data()
{
    QTest::addColumn<QPalette>("palette");
    QTest::newRow("light") << lightPalette();
    QTest::newRow("dark") << darkPalette();
}

void tst_ConsoleView::borderColours()
{
    QFETCH(QPalette, palette);
    ConsoleView out(ConsoleView::Stream::Stdout);
    ConsoleView err(ConsoleView::Stream::Stderr);
    for (ConsoleView *view : {&out, &err}) {
        view->setPalette(palette);
        view->resize(300, 120);
    }
    const QColor green = out.borderColor();
    const QColor red = err.borderColor();
    QVERIFY(green != red);
    QVERIFY2(green.green() > green.red() && green.green() > green.blue(), qPrintable(green.name()));
    QVERIFY2(red.red() > red.green() && red.red() > red.blue(), qPrintable(red.name()));
    // Both stand out from the background they are drawn next to.
    QVERIFY(contrast(green, palette.color(QPalette::Base)) >= 3);
    QVERIFY(contrast(red, palette.color(QPalette::Base)) >= 3);

    // What is painted is that colour, all around (below the tab row).
    for (ConsoleView *view : {&out, &err}) {
        const QImage image = view->grab().toImage();
        const QColor expected = view->borderColor();
        const int top = view->viewport()->y() - view->frameWidth();
        const QList<QPoint> points = {{0, image.height() / 2},
                                      {image.width() - 1, image.height() / 2},
                                      {image.width() / 2, top},
                                      {image.width() / 2, image.height() - 1},
                                      {image.width() - 2, top + 1}};
        for (const QPoint &point : points)
            QCOMPARE(image.pixelColor(point), expected);
    }
}

void tst_ConsoleView::followsOutputOnlyAtBottom()
{
    ConsoleView view(ConsoleView::Stream::Stdout);
    view.setMaximumLines(1000);
    view.resize(400, 200);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QScrollBar *bar = view.verticalScrollBar();

    view.appendText(numberedLines(0, 300));
    view.flush();
    QVERIFY(bar->maximum() > 0);
    QCOMPARE(bar->value(), bar->maximum());

    view.appendText(numberedLines(300, 400));
    view.flush();
    QCOMPARE(bar->value(), bar->maximum());
    QTest::qWait(10);
    QCOMPARE(bar->value(), bar->maximum());

    // Scrolled up to read: new output does not move the view ...
    bar->setValue(150);
    const QString reading = view.cursorForPosition(QPoint(10, 10)).block().text();
    view.appendText(numberedLines(400, 500));
    view.flush();
    QVERIFY(bar->value() < bar->maximum());
    QCOMPARE(view.cursorForPosition(QPoint(10, 10)).block().text(), reading);

    // ... not even when the scrollback drops lines above it (lines 0-99 and the note's line go).
    view.appendText(numberedLines(500, 1100));
    view.flush();
    QCOMPARE(view.hiddenLines(), 100);
    QCOMPARE(view.cursorForPosition(QPoint(10, 10)).block().text(), reading);
    QCOMPARE(reading, QStringLiteral("line 150"));

    // Back at the bottom, it follows again.
    bar->setValue(bar->maximum());
    view.appendText(numberedLines(1100, 1200));
    view.flush();
    QCOMPARE(bar->value(), bar->maximum());
    QCOMPARE(view.document()->lastBlock().previous().text(), QStringLiteral("line 1199"));
}

void tst_ConsoleView::saveToUnwritablePathFails()
{
    QTemporaryDir directory;
    ConsoleView view(ConsoleView::Stream::Stderr);
    view.appendText(QStringLiteral("error: something\n"));
    // A missing parent directory fails for every user, root included.
    const QString path = directory.filePath(QStringLiteral("missing/out.txt"));
    QString error;
    QVERIFY(!view.saveFullOutput(path, &error));
    QVERIFY2(error.contains(path), qPrintable(error));
    QVERIFY(!QFile::exists(path));
    // A directory is not a file either.
    error.clear();
    QVERIFY(!view.saveFullOutput(directory.path(), &error));
    QVERIFY(!error.isEmpty());
}

void tst_ConsoleView::contextMenuClearsViewNotSpool()
{
    QTemporaryDir directory;
    ConsoleView view(ConsoleView::Stream::Stdout);
    view.resize(300, 200);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.appendText(QStringLiteral("kept in the spool\n"));
    view.flush();

    QStringList actions;
    bool cleared = false;
    QTimer::singleShot(0, &view, [&] {
        auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
        if (!menu)
            return;
        for (QAction *action : menu->actions()) {
            if (action->isSeparator())
                continue;
            actions << action->text();
            if (action->text() == QStringLiteral("C&lear View")) {
                action->trigger();
                cleared = true;
            }
        }
        menu->close();
    });
    QContextMenuEvent event(QContextMenuEvent::Mouse, QPoint(20, 20),
                            view.viewport()->mapToGlobal(QPoint(20, 20)));
    QApplication::sendEvent(view.viewport(), &event);

    QCOMPARE(actions,
             QStringList({QStringLiteral("&Copy"), QStringLiteral("Select &All"),
                          QStringLiteral("&Save Full Output…"), QStringLiteral("C&lear View")}));
    QVERIFY(cleared);
    QCOMPARE(view.toPlainText(), QString());
    QCOMPARE(view.totalCharacters(), 18);
    const QString path = directory.filePath(QStringLiteral("out.txt"));
    QVERIFY(view.saveFullOutput(path));
    QCOMPARE(readAll(path), QByteArray("kept in the spool\n"));

    // Output after clearing shows as usual.
    view.appendText(QStringLiteral("more"));
    view.flush();
    QCOMPARE(view.toPlainText(), QStringLiteral("more"));
}

void tst_ConsoleView::tabsNameTheStreams()
{
    ConsoleView out(ConsoleView::Stream::Stdout);
    ConsoleView err(ConsoleView::Stream::Stderr);
    ConsoleView both(ConsoleView::Stream::Interleaved);
    QCOMPARE(out.labels(), QStringList{u"stdout"_s});
    QCOMPARE(err.labels(), QStringList{u"stderr"_s});
    QCOMPARE(both.labels(), QStringList({u"stdout"_s, u"stderr"_s}));
    for (ConsoleView *view : {&out, &err}) {
        view->setPalette(lightPalette());
        view->resize(300, 120);
        // A tab row above the frame, the tab in the stream's colour at its left end, with the
        // name (and glyph) in ink of the other brightness: not only colour.
        const int row = view->viewport()->y() - view->frameWidth();
        QVERIFY(row >= QFontMetrics(QApplication::font()).height() / 2);
        const QImage image = view->grab().toImage();
        const QColor tab = view->streamColor(view->stream());
        QCOMPARE(image.pixelColor(1, row / 2 + 1), tab);
        int ink = 0;
        for (int x = 0; x < image.width() / 2; ++x)
            ink += image.pixelColor(x, row / 2).lightness() > 200 ? 1 : 0;
        QVERIFY2(ink > 2, "no text on the tab");
        // The rest of the row is the background.
        QCOMPARE(image.pixelColor(image.width() - 2, 1), view->palette().color(QPalette::Base));
    }
    // The two glyphs differ in shape: in greyscale, the stdout and stderr tabs still differ
    // where the glyph is.
    const auto glyph = [](ConsoleView &view) {
        const int row = view.viewport()->y() - view.frameWidth();
        return view.grab(QRect(0, 0, row * 3 / 2, row))
            .toImage()
            .convertToFormat(QImage::Format_Grayscale8);
    };
    QImage outGlyph = glyph(out);
    QImage errGlyph = glyph(err);
    // The same brightness for the tab itself, so only the shapes can differ.
    int differing = 0;
    for (int y = 0; y < outGlyph.height(); ++y)
        for (int x = 0; x < outGlyph.width(); ++x)
            differing +=
                ((qGray(outGlyph.pixel(x, y)) > 128) != (qGray(errGlyph.pixel(x, y)) > 128)) ? 1
                                                                                             : 0;
    QVERIFY2(differing > 4, qPrintable(QString::number(differing)));
}

void tst_ConsoleView::interleavedKeepsArrivalOrder()
{
    QTemporaryDir directory;
    ConsoleView view(ConsoleView::Stream::Interleaved);
    view.appendText(ConsoleView::Stream::Stdout, u"out1\n"_s);
    view.appendText(ConsoleView::Stream::Stderr, u"err1\n"_s);
    view.appendText(ConsoleView::Stream::Stdout, u"out2\n"_s);
    view.appendText(ConsoleView::Stream::Stderr, u"err2\n"_s);
    view.flush();
    QCOMPARE(view.toPlainText(), u"out1\nerr1\nout2\nerr2\n"_s);
    const QList<bool> stderrLines = {false, true, false, true, false};
    for (int line = 0; line < stderrLines.size(); ++line)
        QCOMPARE(view.isStderrLine(line), stderrLines.at(line));
    // stderr text is tinted; stdout text keeps the default colour.
    const QTextCharFormat out = formatAt(view, positionOf(view, u"out2"_s));
    const QTextCharFormat err = formatAt(view, positionOf(view, u"err2"_s));
    QVERIFY(!out.hasProperty(QTextFormat::ForegroundBrush));
    QVERIFY(err.hasProperty(QTextFormat::ForegroundBrush));
    QVERIFY(err.foreground().color().red() > err.foreground().color().green());
    // The saved output is both, in arrival order, as `2>&1` would write it.
    const QString path = directory.filePath(u"both.log"_s);
    QVERIFY(view.saveFullOutput(path));
    QCOMPARE(readAll(path), QByteArray("out1\nerr1\nout2\nerr2\n"));

    // A line written by both is a stderr line; the chunks stay in order.
    view.appendText(ConsoleView::Stream::Stdout, u"Password: "_s);
    view.appendText(ConsoleView::Stream::Stderr, u"denied"_s);
    view.appendText(ConsoleView::Stream::Stdout, u"\nbye"_s);
    view.flush();
    QCOMPARE(view.toPlainText(), u"out1\nerr1\nout2\nerr2\nPassword: denied\nbye"_s);
    QVERIFY(view.isStderrLine(4));
    QVERIFY(!view.isStderrLine(5));

    // Bounded like the other consoles: the oldest lines go, a note says so, and the marks stay
    // with their lines (the note has none).
    ConsoleView bounded(ConsoleView::Stream::Interleaved);
    bounded.setMaximumLines(3);
    bounded.appendText(ConsoleView::Stream::Stdout, u"out1\n"_s);
    bounded.flush();
    bounded.appendText(ConsoleView::Stream::Stderr, u"err1\n"_s);
    bounded.appendText(ConsoleView::Stream::Stdout, u"out2\n"_s);
    bounded.appendText(ConsoleView::Stream::Stderr, u"err2\n"_s);
    bounded.flush();
    QCOMPARE(bounded.hiddenLines(), 1);
    QCOMPARE(bounded.document()->firstBlock().next().text(), u"err1"_s);
    const QList<bool> boundedLines = {false, true, false, true, false};
    for (int line = 0; line < boundedLines.size(); ++line)
        QCOMPARE(bounded.isStderrLine(line), boundedLines.at(line));
    bounded.appendText(ConsoleView::Stream::Stdout, u"out3\n"_s);
    bounded.flush();
    QCOMPARE(bounded.hiddenLines(), 2);
    QCOMPARE(bounded.document()->firstBlock().next().text(), u"out2"_s);
    QVERIFY(!bounded.isStderrLine(0));
    QVERIFY(!bounded.isStderrLine(1));
    QVERIFY(bounded.isStderrLine(2));
    QVERIFY(!bounded.isStderrLine(3));

    // Single-stream consoles mark nothing.
    ConsoleView single(ConsoleView::Stream::Stderr);
    single.appendText(ConsoleView::Stream::Stderr, u"err\n"_s);
    single.flush();
    QCOMPARE(single.toPlainText(), u"err\n"_s);
    QVERIFY(!single.isStderrLine(0));
}

void tst_ConsoleView::interleavedParsesEachStreamOnItsOwn()
{
    ConsoleView view(ConsoleView::Stream::Interleaved);
    view.setPalette(lightPalette());
    // stdout turns green and splits an escape sequence across chunks; stderr in between
    // neither inherits the colour nor breaks the sequence.
    view.appendText(ConsoleView::Stream::Stdout, u"\x1b[32mgreen \x1b["_s);
    view.appendText(ConsoleView::Stream::Stderr, u"plain\n"_s);
    view.appendText(ConsoleView::Stream::Stdout, u"1mbold\n"_s);
    view.flush();
    QCOMPARE(view.toPlainText(), u"green plain\nbold\n"_s);
    const QColor green = formatAt(view, positionOf(view, u"green"_s)).foreground().color();
    const QColor plain = formatAt(view, positionOf(view, u"plain"_s)).foreground().color();
    const QTextCharFormat bold = formatAt(view, positionOf(view, u"bold"_s));
    QVERIFY(green.green() > green.red());
    QVERIFY(plain.red() > plain.green());
    QCOMPARE(bold.fontWeight(), int(QFont::Bold));
    QCOMPARE(bold.foreground().color(), green);
}

void tst_ConsoleView::interleavedMarksStderrInTheGutter()
{
    ConsoleView view(ConsoleView::Stream::Interleaved);
    view.setPalette(lightPalette());
    view.resize(300, 200);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.appendText(ConsoleView::Stream::Stdout, u"out1\n"_s);
    view.appendText(ConsoleView::Stream::Stderr, u"err1\nerr2\n"_s);
    view.appendText(ConsoleView::Stream::Stdout, u"out2\n"_s);
    view.flush();
    // The text starts right of a gutter.
    const QRect gutter(view.frameWidth(), view.viewport()->y(),
                       view.viewport()->x() - view.frameWidth(), view.viewport()->height());
    QVERIFY(gutter.width() >= 6);
    const QImage image = view.grab().toImage();
    const QColor red = view.streamColor(ConsoleView::Stream::Stderr);
    const auto markedAt = [&](int line) {
        QTextCursor cursor(view.document()->findBlockByNumber(line));
        const QRect box = view.cursorRect(cursor).translated(0, gutter.top());
        for (int y = box.top(); y <= box.bottom(); ++y) {
            for (int x = gutter.left(); x <= gutter.right(); ++x) {
                if (image.pixelColor(x, y) == red)
                    return true;
            }
        }
        return false;
    };
    QVERIFY(!markedAt(0));
    QVERIFY(markedAt(1));
    QVERIFY(markedAt(2));
    QVERIFY(!markedAt(3));
}

void tst_ConsoleView::heightForLinesShowsEveryLine()
{
    for (const auto stream : {ConsoleView::Stream::Stdout, ConsoleView::Stream::Interleaved}) {
        ConsoleView view(stream);
        view.resize(400, 100);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.appendText(numberedLines(0, 30));
        view.flush();
        // The empty line after the last newline counts: the console keeps its view there.
        QCOMPARE(view.visualLines(), 31);
        QCOMPARE(view.visualLines(10), 11); // stops once past
        view.setFixedHeight(view.heightForLines(31));
        QTRY_COMPARE(view.verticalScrollBar()->maximum(), 0);
        view.setFixedHeight(view.heightForLines(29));
        QTRY_VERIFY(view.verticalScrollBar()->maximum() > 0);
    }

    // Wrapped lines count as what they look like, laid out or not yet (the document lays out
    // only what it paints, and counts the rest as a line each).
    ConsoleView view(ConsoleView::Stream::Stdout);
    view.resize(300, 100);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const QString longLine = QString(u'x').repeated(120) + u'\n';
    view.appendText(longLine.repeated(20));
    view.flush();
    const int lines = view.visualLines();
    QVERIFY2(lines >= 41, qPrintable(QString::number(lines)));
    view.setFixedHeight(view.heightForLines(lines));
    QTRY_COMPARE(view.verticalScrollBar()->maximum(), 0);
}

void tst_ConsoleView::showAllButton()
{
    ConsoleView view(ConsoleView::Stream::Stdout);
    view.resize(400, 200);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    auto *button = view.findChild<QToolButton *>(u"expandButton"_s);
    QVERIFY(button);
    QVERIFY(!button->isVisible());
    QSignalSpy expanded(&view, &ConsoleView::expandedChanged);
    view.setExpandable(true);
    QVERIFY(button->isVisible());
    QCOMPARE(button->text(), u"Show All"_s);
    // In the tab row, at its right end, clear of the text.
    QVERIFY(button->geometry().bottom() < view.viewport()->y());
    QCOMPARE(button->geometry().right(), view.width() - 1);
    QTest::mouseClick(button, Qt::LeftButton);
    QVERIFY(view.isExpanded());
    QCOMPARE(expanded.count(), 1);
    QCOMPARE(expanded.at(0).at(0).toBool(), true);
    QCOMPARE(button->text(), u"Show Less"_s);
    QTest::mouseClick(button, Qt::LeftButton);
    QVERIFY(!view.isExpanded());
    QCOMPARE(expanded.count(), 2);
    QCOMPARE(button->text(), u"Show All"_s);
    // Output that fits needs neither.
    view.setExpandable(false);
    QVERIFY(!button->isVisible());
}

QTEST_MAIN(tst_ConsoleView)
#include "tst_consoleview.moc"
