#include "core/output/OutputBatch.h"

#include <QTest>

using namespace Qt::StringLiterals;
using Terrarium::Core::AnsiColor;
using Terrarium::Core::AnsiSpan;
using Terrarium::Core::AnsiStyle;
using Terrarium::Core::OutputBatch;

namespace {

AnsiStyle colored(quint8 index)
{
    AnsiStyle style;
    style.foreground = AnsiColor::indexed(index);
    return style;
}

AnsiSpan span(const QString &text, const AnsiStyle &style = {}, bool returnsToLineStart = false)
{
    return AnsiSpan{text, style, returnsToLineStart};
}

QString text(const QList<AnsiSpan> &spans)
{
    QString result;
    for (const AnsiSpan &s : spans)
        result += (s.returnsToLineStart ? QStringLiteral("^") : QString()) + s.text;
    return result;
}

} // namespace

class tst_OutputBatch : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void keepsEverythingWithinLimits();
    void mergesSameStyle();
    void keepsSourcesApartInArrivalOrder();
    void dropsOldestLines_data();
    void dropsOldestLines();
    void dropsAcrossStyledSpans();
    void characterLimit();
    void breaksLongLines();
    void breaksLongLinesAcrossAppendsAndTakes();
    void neverBreaksInsideSurrogatePair();
    void carriageReturnSupersedesSpans();
    void carriageReturnWithNothingBeforeKeepsFlag();
    void floodStaysBounded();
};

void tst_OutputBatch::keepsEverythingWithinLimits()
{
    OutputBatch batch(3);
    QVERIFY(batch.isEmpty());
    batch.append({span(QStringLiteral("1\n2\n3\n"))});
    QCOMPARE(batch.lineCount(), 3);
    const OutputBatch::Content content = batch.take();
    QCOMPARE(text(content.spans), QStringLiteral("1\n2\n3\n"));
    QCOMPARE(content.droppedLines, 0);
    QVERIFY(batch.isEmpty());
    QCOMPARE(batch.lineCount(), 0);
}

void tst_OutputBatch::mergesSameStyle()
{
    OutputBatch batch;
    batch.append({span(QStringLiteral("a"))});
    batch.append({span(QStringLiteral("b\n"))});
    batch.append({span(QStringLiteral("c"), colored(1))});
    const auto spans = batch.take().spans;
    QCOMPARE(spans.size(), 2);
    QCOMPARE(spans.at(0).text, QStringLiteral("ab\n"));
    QCOMPARE(spans.at(1).text, QStringLiteral("c"));
    QCOMPARE(spans.at(1).style, colored(1));
}

void tst_OutputBatch::keepsSourcesApartInArrivalOrder()
{
    // An interleaved console: stdout (0) and stderr (1) in one batch, in the same style.
    const auto from = [](quint8 source, const QString &text) {
        AnsiSpan s = span(text);
        s.source = source;
        return s;
    };
    OutputBatch batch(3);
    batch.append({from(0, u"out1\n"_s)});
    batch.append({from(1, u"err1\n"_s)});
    batch.append({from(0, u"out2\n"_s), from(0, u"out3 "_s)});
    batch.append({from(1, u"err2\n"_s)});
    const OutputBatch::Content content = batch.take();
    // The oldest line went; the rest stayed in order, each span with its source.
    QCOMPARE(content.droppedLines, 1);
    QCOMPARE(content.spans.size(), 3);
    QCOMPARE(content.spans.at(0).text, u"err1\n"_s);
    QCOMPARE(content.spans.at(0).source, 1);
    QCOMPARE(content.spans.at(1).text, u"out2\nout3 "_s); // same source: merged
    QCOMPARE(content.spans.at(1).source, 0);
    QCOMPARE(content.spans.at(2).text, u"err2\n"_s);
    QCOMPARE(content.spans.at(2).source, 1);
}

void tst_OutputBatch::dropsOldestLines_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("kept");
    QTest::addColumn<qint64>("dropped");
    QTest::newRow("partial last line")
        << QStringLiteral("1\n2\n3\n4\n5\npartial") << QStringLiteral("4\n5\npartial") << qint64(3);
    QTest::newRow("ends with newline")
        << QStringLiteral("1\n2\n3\n4\n") << QStringLiteral("3\n4\n") << qint64(2);
    QTest::newRow("exactly at the limit")
        << QStringLiteral("1\n2\nx") << QStringLiteral("1\n2\nx") << qint64(0);
    QTest::newRow("empty lines count")
        << QStringLiteral("\n\n\n\n") << QStringLiteral("\n\n") << qint64(2);
}

void tst_OutputBatch::dropsOldestLines()
{
    QFETCH(QString, input);
    QFETCH(QString, kept);
    QFETCH(qint64, dropped);
    OutputBatch batch(2);
    batch.append({span(input)});
    const OutputBatch::Content content = batch.take();
    QCOMPARE(text(content.spans), kept);
    QCOMPARE(content.droppedLines, dropped);
}

void tst_OutputBatch::dropsAcrossStyledSpans()
{
    OutputBatch batch(1);
    batch.append({span(QStringLiteral("a\nb"), colored(1)),
                  span(QStringLiteral("c\nd\n"), colored(4)), span(QStringLiteral("e"))});
    const OutputBatch::Content content = batch.take();
    QCOMPARE(content.droppedLines, 2); // "a" and "bc"
    QCOMPARE(content.spans.size(), 2);
    QCOMPARE(content.spans.at(0).text, QStringLiteral("d\n"));
    QCOMPARE(content.spans.at(0).style, colored(4));
    QCOMPARE(content.spans.at(1).text, QStringLiteral("e"));
    QVERIFY(content.spans.at(1).style.isDefault());
}

void tst_OutputBatch::characterLimit()
{
    OutputBatch batch(100, 10, 4);
    for (int i = 0; i < 5; ++i)
        batch.append({span(QStringLiteral("aaaa\n"))});
    const OutputBatch::Content content = batch.take();
    QCOMPARE(text(content.spans), QStringLiteral("aaaa\naaaa\n"));
    QCOMPARE(content.droppedLines, 3);
}

void tst_OutputBatch::breaksLongLines()
{
    OutputBatch batch(100, 1000, 4);
    batch.append({span(QStringLiteral("abcdefghij\nxy\n1234"))});
    QCOMPARE(batch.lineCount(), 4);
    QCOMPARE(text(batch.take().spans), QStringLiteral("abcd\nefgh\nij\nxy\n1234"));
}

void tst_OutputBatch::breaksLongLinesAcrossAppendsAndTakes()
{
    OutputBatch batch(100, 1000, 4);
    batch.append({span(QStringLiteral("ab"))});
    batch.append({span(QStringLiteral("cdef"), colored(2))});
    QCOMPARE(text(batch.take().spans), QStringLiteral("abcd\nef"));
    // The view's last line already holds "ef".
    batch.append({span(QStringLiteral("ghij"))});
    QCOMPARE(text(batch.take().spans), QStringLiteral("gh\nij"));
    batch.resetLine();
    batch.append({span(QStringLiteral("klmn"))});
    QCOMPARE(text(batch.take().spans), QStringLiteral("klmn"));
    // A carriage return starts the line over.
    batch.append({span(QStringLiteral("opqr"), {}, true)});
    QCOMPARE(text(batch.take().spans), QStringLiteral("^opqr"));
}

void tst_OutputBatch::neverBreaksInsideSurrogatePair()
{
    OutputBatch batch(100, 1000, 4);
    batch.append({span(QStringLiteral("abc😀d"))});
    QCOMPARE(text(batch.take().spans), QStringLiteral("abc\n😀d"));
}

void tst_OutputBatch::carriageReturnSupersedesSpans()
{
    OutputBatch batch;
    batch.append({span(QStringLiteral("x\n")), span(QStringLiteral("10%"), colored(2))});
    for (int percent = 20; percent <= 100; percent += 10)
        batch.append({span(QStringLiteral("%1%").arg(percent), colored(2), true)});
    const auto spans = batch.take().spans;
    QCOMPARE(spans.size(), 2);
    QCOMPARE(spans.at(0).text, QStringLiteral("x\n"));
    QCOMPARE(spans.at(1).text, QStringLiteral("100%"));
    // The line started inside the batch, so there is nothing older for the view to overwrite.
    QVERIFY(!spans.at(1).returnsToLineStart);
}

void tst_OutputBatch::carriageReturnWithNothingBeforeKeepsFlag()
{
    OutputBatch batch;
    batch.append({span(QStringLiteral("a")), span(QStringLiteral("b"), colored(3))});
    batch.take();
    batch.append({span(QStringLiteral("c"), {}, true), span(QStringLiteral("d"), {}, true)});
    const auto spans = batch.take().spans;
    QCOMPARE(spans.size(), 1);
    QCOMPARE(spans.at(0).text, QStringLiteral("d"));
    QVERIFY(spans.at(0).returnsToLineStart);
}

void tst_OutputBatch::floodStaysBounded()
{
    OutputBatch batch(1000, 1 << 20, 4096);
    const QString chunk = QString(QStringLiteral("0123456789abcdef\n")).repeated(4000);
    qint64 total = 0;
    for (int i = 0; i < 100; ++i) {
        batch.append({span(chunk, colored(quint8(i % 2)))});
        total += 4000;
        QVERIFY(batch.lineCount() <= 2 * 1000 + 4000);
    }
    const OutputBatch::Content content = batch.take();
    QCOMPARE(content.droppedLines, total - 1000);
    QCOMPARE(text(content.spans).count(u'\n'), 1000);
    QVERIFY(text(content.spans).startsWith(QStringLiteral("0123456789abcdef\n")));
}

QTEST_GUILESS_MAIN(tst_OutputBatch)
#include "tst_outputbatch.moc"
