#include "core/output/AnsiParser.h"

#include <QTest>

using Terrarium::Core::AnsiColor;
using Terrarium::Core::AnsiParser;
using Terrarium::Core::AnsiSpan;
using Terrarium::Core::AnsiStyle;

namespace {

QString describe(const AnsiColor &color)
{
    switch (color.kind) {
    case AnsiColor::Kind::Default:
        return {};
    case AnsiColor::Kind::Indexed:
        return QString::number(color.index);
    case AnsiColor::Kind::Rgb:
        return QStringLiteral("#%1").arg(color.rgb, 6, 16, QLatin1Char('0'));
    }
    return {};
}

QString describe(const AnsiStyle &style)
{
    QStringList parts;
    if (style.bold)
        parts << QStringLiteral("bold");
    if (style.faint)
        parts << QStringLiteral("faint");
    if (style.italic)
        parts << QStringLiteral("italic");
    if (style.underline)
        parts << QStringLiteral("underline");
    if (style.reverse)
        parts << QStringLiteral("reverse");
    if (style.strike)
        parts << QStringLiteral("strike");
    if (!style.foreground.isDefault())
        parts << QStringLiteral("fg=") + describe(style.foreground);
    if (!style.background.isDefault())
        parts << QStringLiteral("bg=") + describe(style.background);
    return parts.join(u',');
}

// "{style}text" per span, "^" before a span that returns to the line start.
QString describe(const QList<AnsiSpan> &spans)
{
    QString result;
    for (const AnsiSpan &span : spans) {
        if (span.returnsToLineStart)
            result += u'^';
        result += u'{' + describe(span.style) + u'}' + span.text;
    }
    return result;
}

// Spans taken in several takeSpans() calls, joined the way one call would have returned them.
QList<AnsiSpan> merged(const QList<AnsiSpan> &spans)
{
    QList<AnsiSpan> result;
    for (const AnsiSpan &span : spans) {
        if (!result.isEmpty() && !span.returnsToLineStart && result.last().style == span.style)
            result.last().text += span.text;
        else
            result.append(span);
    }
    return result;
}

QString parse(const QString &input)
{
    AnsiParser parser;
    parser.feed(input);
    return describe(parser.takeSpans());
}

QString esc(const char *sequence)
{
    return QStringLiteral("\x1b") + QString::fromUtf8(sequence);
}

} // namespace

class tst_AnsiParser : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void spans_data();
    void spans();
    void splitAtEveryPosition_data() { spans_data(); }
    void splitAtEveryPosition();
    void oneCharacterAtATime_data() { spans_data(); }
    void oneCharacterAtATime();
    void allBasicColours_data();
    void allBasicColours();
    void styleCarriesAcrossFeeds();
    void surrogatePairSplitAcrossFeeds();
    void carriageReturnAtEndOfFeedWaits();
    void unterminatedStringIsAbandoned();
    void overlongCsiIsAbandoned();
    void resetForgetsEverything();
    void standardPalette_data();
    void standardPalette();
};

void tst_AnsiParser::spans_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("expected");

    QTest::newRow("plain") << QStringLiteral("hello\nworld") << QStringLiteral("{}hello\nworld");
    QTest::newRow("empty input") << QString() << QString();
    QTest::newRow("tab kept") << QStringLiteral("a\tb") << QStringLiteral("{}a\tb");
    QTest::newRow("unicode") << QStringLiteral("grüße €") << QStringLiteral("{}grüße €");

    // Every SGR attribute.
    QTest::newRow("reset 0") << esc("[1mA") + esc("[0mB") << QStringLiteral("{bold}A{}B");
    QTest::newRow("reset empty") << esc("[1mA") + esc("[mB") << QStringLiteral("{bold}A{}B");
    QTest::newRow("bold") << esc("[1mA") << QStringLiteral("{bold}A");
    QTest::newRow("faint") << esc("[2mA") << QStringLiteral("{faint}A");
    QTest::newRow("italic") << esc("[3mA") << QStringLiteral("{italic}A");
    QTest::newRow("underline") << esc("[4mA") << QStringLiteral("{underline}A");
    QTest::newRow("underline curly 4:3") << esc("[4:3mA") << QStringLiteral("{underline}A");
    QTest::newRow("underline none 4:0") << esc("[4m") + esc("[4:0mA") << QStringLiteral("{}A");
    QTest::newRow("double underline 21") << esc("[21mA") << QStringLiteral("{underline}A");
    QTest::newRow("blink ignored") << esc("[5mA") + esc("[6mB") << QStringLiteral("{}AB");
    QTest::newRow("reverse") << esc("[7mA") << QStringLiteral("{reverse}A");
    QTest::newRow("conceal ignored") << esc("[8mA") << QStringLiteral("{}A");
    QTest::newRow("strike") << esc("[9mA") << QStringLiteral("{strike}A");
    QTest::newRow("22 ends bold and faint")
        << esc("[1;2mA") + esc("[22mB") << QStringLiteral("{bold,faint}A{}B");
    QTest::newRow("23 24 27 29 off") << esc("[3;4;7;9mA") + esc("[23;24;27;29mB")
                                     << QStringLiteral("{italic,underline,reverse,strike}A{}B");
    QTest::newRow("25 28 ignored") << esc("[1mA") + esc("[25;28mB") << QStringLiteral("{bold}AB");

    // Colours.
    QTest::newRow("fg 31") << esc("[31mA") << QStringLiteral("{fg=1}A");
    QTest::newRow("fg 37") << esc("[37mA") << QStringLiteral("{fg=7}A");
    QTest::newRow("fg bright 90") << esc("[90mA") << QStringLiteral("{fg=8}A");
    QTest::newRow("fg bright 97") << esc("[97mA") << QStringLiteral("{fg=15}A");
    QTest::newRow("fg default 39")
        << esc("[31;1mA") + esc("[39mB") << QStringLiteral("{bold,fg=1}A{bold}B");
    QTest::newRow("bg 42") << esc("[42mA") << QStringLiteral("{bg=2}A");
    QTest::newRow("bg bright 107") << esc("[107mA") << QStringLiteral("{bg=15}A");
    QTest::newRow("bg default 49") << esc("[44mA") + esc("[49mB") << QStringLiteral("{bg=4}A{}B");
    QTest::newRow("38;5;n") << esc("[38;5;208mA") << QStringLiteral("{fg=208}A");
    QTest::newRow("48;5;n") << esc("[48;5;17mA") << QStringLiteral("{bg=17}A");
    QTest::newRow("38:5:n colon") << esc("[38:5:82mA") << QStringLiteral("{fg=82}A");
    QTest::newRow("48:5:n colon") << esc("[48:5:0mA") << QStringLiteral("{bg=0}A");
    QTest::newRow("38;2;r;g;b") << esc("[38;2;255;128;0mA") << QStringLiteral("{fg=#ff8000}A");
    QTest::newRow("48;2;r;g;b") << esc("[48;2;1;2;3mA") << QStringLiteral("{bg=#010203}A");
    QTest::newRow("38:2:r:g:b colon") << esc("[38:2:10:20:30mA") << QStringLiteral("{fg=#0a141e}A");
    QTest::newRow("38:2::r:g:b colour space")
        << esc("[38:2::10:20:30mA") << QStringLiteral("{fg=#0a141e}A");
    QTest::newRow("48:2:0:r:g:b colour space id")
        << esc("[48:2:0:1:2:3mA") << QStringLiteral("{bg=#010203}A");
    QTest::newRow("true colour then more codes")
        << esc("[38;2;1;2;3;1;4mA") << QStringLiteral("{bold,underline,fg=#010203}A");
    QTest::newRow("256 then more codes")
        << esc("[38;5;9;48;5;10;3mA") << QStringLiteral("{italic,fg=9,bg=10}A");
    QTest::newRow("index out of range ignored")
        << esc("[31m") + esc("[38;5;300mA") << QStringLiteral("{fg=1}A");
    QTest::newRow("rgb out of range ignored") << esc("[38;2;1;256;3mA") << QStringLiteral("{}A");
    QTest::newRow("38;5 without index") << esc("[38;5mA") << QStringLiteral("{}A");
    QTest::newRow("38;2 incomplete") << esc("[38;2;1;2mA") << QStringLiteral("{}A");
    QTest::newRow("58 underline colour consumed")
        << esc("[58;5;1mA") + esc("[58;2;1;3;4mB") << QStringLiteral("{}AB");
    QTest::newRow("58 colon consumed") << esc("[58:5:1;4mA") << QStringLiteral("{underline}A");

    // Parameter forms.
    QTest::newRow("combined") << esc("[1;3;4;31;42mA")
                              << QStringLiteral("{bold,italic,underline,fg=1,bg=2}A");
    QTest::newRow("empty first parameter resets")
        << esc("[31m") + esc("[;1mA") << QStringLiteral("{bold}A");
    QTest::newRow("empty middle parameter resets") << esc("[1;;3mA") << QStringLiteral("{italic}A");
    QTest::newRow("trailing semicolon resets") << esc("[1;mA") << QStringLiteral("{}A");
    QTest::newRow("leading zeros") << esc("[01;031mA") << QStringLiteral("{bold,fg=1}A");
    QTest::newRow("huge number ignored") << esc("[99999999999999;1mA") << QStringLiteral("{bold}A");
    QTest::newRow("unknown codes ignored") << esc("[53;73;1mA") << QStringLiteral("{bold}A");
    QTest::newRow("style ends at reset")
        << esc("[32mgreen") + esc("[0m plain\n") << QStringLiteral("{fg=2}green{} plain\n");

    // Carriage returns.
    QTest::newRow("cr overwrites") << QStringLiteral("abc\rdef") << QStringLiteral("{}abc^{}def");
    QTest::newRow("crlf is a newline")
        << QStringLiteral("abc\r\ndef") << QStringLiteral("{}abc\ndef");
    QTest::newRow("cr cr lf is a newline")
        << QStringLiteral("abc\r\r\ndef") << QStringLiteral("{}abc\ndef");
    QTest::newRow("progress bar") << QStringLiteral("10%\r20%\r30%\ndone")
                                  << QStringLiteral("{}10%^{}20%^{}30%\ndone");
    QTest::newRow("cr then style then text")
        << QStringLiteral("a\r") + esc("[31mb") << QStringLiteral("{}a^{fg=1}b");
    QTest::newRow("cr then erase line (apt)")
        << QStringLiteral("50%\r") + esc("[K") + u"60%" << QStringLiteral("{}50%^{}60%");
    QTest::newRow("trailing cr waits") << QStringLiteral("abc\r") << QStringLiteral("{}abc");

    // Swallowed sequences.
    QTest::newRow("cursor movement") << esc("[2J") + esc("[H") + esc("[10;20H") + u"x" + esc("[3A")
            + esc("[K") << QStringLiteral("{}x");
    QTest::newRow("private modes") << esc("[?25l") + u"x" + esc("[?1049h") << QStringLiteral("{}x");
    QTest::newRow("private sgr-like not sgr") << esc("[>4;1m") + u"x" << QStringLiteral("{}x");
    QTest::newRow("csi with intermediate") << esc("[1 q") + u"x" << QStringLiteral("{}x");
    QTest::newRow("osc title bel") << esc("]0;my title\a") + u"x" << QStringLiteral("{}x");
    QTest::newRow("osc title st") << esc("]2;tïtle") + esc("\\") + u"x" << QStringLiteral("{}x");
    QTest::newRow("osc 8 hyperlink") << esc("]8;;https://example.org/a?b=c") + esc("\\") + u"link"
            + esc("]8;;") + esc("\\") << QStringLiteral("{}link");
    QTest::newRow("dcs") << esc("Pq#0;2;0;0;0#0~~@@") + esc("\\") + u"x" << QStringLiteral("{}x");
    QTest::newRow("apc pm sos") << esc("_apc") + esc("\\") + esc("^pm") + esc("\\") + esc("Xsos")
            + esc("\\") + u"x" << QStringLiteral("{}x");
    QTest::newRow("two-character escapes") << esc("7") + esc("8") + esc("=") + esc(">") + esc("c")
            + esc("M") + u"x" << QStringLiteral("{}x");
    QTest::newRow("charset designation")
        << esc("(B") + esc(")0") + esc("#8") + u"x" << QStringLiteral("{}x");
    QTest::newRow("c1 csi") << QStringLiteral("\u009b31mx") << QStringLiteral("{fg=1}x");
    QTest::newRow("c1 osc with c1 st")
        << QStringLiteral("\u009d0;title\u009cx") << QStringLiteral("{}x");
    QTest::newRow("other c0 controls dropped")
        << QStringLiteral("a\ab\bc\x01\x7f") + QChar(0) + u'd' << QStringLiteral("{}abcd");
    QTest::newRow("other c1 controls dropped")
        << QStringLiteral("a\u0085\u0084b") << QStringLiteral("{}ab");
    QTest::newRow("vt and ff are newlines")
        << QStringLiteral("a\vb\fc") << QStringLiteral("{}a\nb\nc");
    QTest::newRow("newline inside csi") << esc("[3\n1mx") << QStringLiteral("{}\n{fg=1}x");
    QTest::newRow("cr inside csi")
        << QStringLiteral("ab") + esc("[3\r1mx") << QStringLiteral("{}ab^{fg=1}x");

    // Garbage and unterminated sequences.
    QTest::newRow("lone esc at end") << QStringLiteral("abc\x1b") << QStringLiteral("{}abc");
    QTest::newRow("unterminated csi at end")
        << QStringLiteral("abc") + esc("[31") << QStringLiteral("{}abc");
    QTest::newRow("esc restarts csi") << esc("[31") + esc("[32mx") << QStringLiteral("{fg=2}x");
    QTest::newRow("can aborts csi") << esc("[31\x18mx") << QStringLiteral("{}mx");
    QTest::newRow("sub aborts osc") << esc("]0;title\x1ax") << QStringLiteral("{}x");
    QTest::newRow("non-ascii ends csi") << esc("[1ümore") << QStringLiteral("{}ümore");
    QTest::newRow("non-ascii ends escape") << esc("é") << QStringLiteral("{}é");
    QTest::newRow("esc inside osc starts new sequence")
        << esc("]0;ti") + esc("[31mx") << QStringLiteral("{fg=1}x");
    QTest::newRow("stray st") << esc("\\") + u"x" << QStringLiteral("{}x");
    QTest::newRow("malformed private marker late") << esc("[1?5mx") << QStringLiteral("{}x");
    QTest::newRow("parameter after intermediate") << esc("[1 5mx") << QStringLiteral("{}x");

    // UTF-16.
    QTest::newRow("surrogate pair") << QStringLiteral("a😀b") << QStringLiteral("{}a😀b");
    QTest::newRow("lone low surrogate")
        << QString(QChar(0xdc00)) + u"a" << QStringLiteral("{}\uFFFDa");
    QTest::newRow("lone high surrogate")
        << QString(QChar(0xd83d)) + u"a" << QStringLiteral("{}\uFFFDa");
}

void tst_AnsiParser::spans()
{
    QFETCH(QString, input);
    QFETCH(QString, expected);
    QCOMPARE(parse(input), expected);
}

void tst_AnsiParser::splitAtEveryPosition()
{
    QFETCH(QString, input);
    QFETCH(QString, expected);
    for (qsizetype cut = 1; cut < input.size(); ++cut) {
        AnsiParser parser;
        parser.feed(QStringView(input).first(cut));
        QList<AnsiSpan> spans = parser.takeSpans();
        parser.feed(QStringView(input).sliced(cut));
        spans += parser.takeSpans();
        QVERIFY2(describe(merged(spans)) == expected,
                 qPrintable(QStringLiteral("cut at %1: %2").arg(cut).arg(describe(spans))));
    }
}

void tst_AnsiParser::oneCharacterAtATime()
{
    QFETCH(QString, input);
    QFETCH(QString, expected);
    AnsiParser parser;
    for (const QChar c : input)
        parser.feed(QStringView(&c, 1));
    QCOMPARE(describe(parser.takeSpans()), expected);
}

void tst_AnsiParser::allBasicColours_data()
{
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("expected");
    for (int i = 0; i < 8; ++i) {
        QTest::addRow("fg %d", 30 + i) << 30 + i << QStringLiteral("fg=%1").arg(i);
        QTest::addRow("bg %d", 40 + i) << 40 + i << QStringLiteral("bg=%1").arg(i);
        QTest::addRow("bright fg %d", 90 + i) << 90 + i << QStringLiteral("fg=%1").arg(i + 8);
        QTest::addRow("bright bg %d", 100 + i) << 100 + i << QStringLiteral("bg=%1").arg(i + 8);
    }
}

void tst_AnsiParser::allBasicColours()
{
    QFETCH(int, code);
    QFETCH(QString, expected);
    QCOMPARE(parse(QStringLiteral("\x1b[%1mx").arg(code)), u'{' + expected + u"}x");
}

void tst_AnsiParser::styleCarriesAcrossFeeds()
{
    AnsiParser parser;
    parser.feed(esc("[1;34mbold blue"));
    QCOMPARE(describe(parser.takeSpans()), QStringLiteral("{bold,fg=4}bold blue"));
    QCOMPARE(describe(parser.style()), QStringLiteral("bold,fg=4"));
    parser.feed(u" still");
    QCOMPARE(describe(parser.takeSpans()), QStringLiteral("{bold,fg=4} still"));
    QVERIFY(!parser.hasSpans());
}

void tst_AnsiParser::surrogatePairSplitAcrossFeeds()
{
    const QString face = QStringLiteral("😀");
    QCOMPARE(face.size(), 2);
    AnsiParser parser;
    parser.feed(QStringView(u"a"));
    parser.feed(QStringView(face).first(1));
    // The high half waits: nothing half-drawn reaches the view.
    QCOMPARE(describe(parser.takeSpans()), QStringLiteral("{}a"));
    parser.feed(QStringView(face).sliced(1));
    QCOMPARE(describe(parser.takeSpans()), QStringLiteral("{}😀"));

    // A high half followed by anything but its low half is replaced.
    parser.feed(QStringView(face).first(1));
    parser.feed(u"b");
    QCOMPARE(describe(parser.takeSpans()), QStringLiteral("{}\uFFFDb"));
}

void tst_AnsiParser::carriageReturnAtEndOfFeedWaits()
{
    AnsiParser parser;
    parser.feed(u"downloading 10%\r");
    QCOMPARE(describe(parser.takeSpans()), QStringLiteral("{}downloading 10%"));
    parser.feed(u"downloading 20%\r");
    QCOMPARE(describe(parser.takeSpans()), QStringLiteral("^{}downloading 20%"));
    parser.feed(u"\n");
    QCOMPARE(describe(parser.takeSpans()), QStringLiteral("{}\n"));
}

void tst_AnsiParser::unterminatedStringIsAbandoned()
{
    // A stray OSC introducer must not hide the rest of the output.
    AnsiParser parser;
    parser.feed(QString(QStringLiteral("before") + esc("]")));
    const QString rest(10000, u'a');
    parser.feed(rest);
    const QList<AnsiSpan> spans = parser.takeSpans();
    QCOMPARE(spans.size(), 1);
    QVERIFY(spans.first().text.startsWith(QStringLiteral("beforeaaa")));
    // ESC and ']' count towards the limit, then MaxSequenceLength - 2 characters are swallowed.
    QCOMPARE(spans.first().text.size(), 6 + 10000 - (AnsiParser::MaxSequenceLength - 2));
    QCOMPARE(parser.abandonedSequences(), 1);

    // The parser is usable afterwards.
    parser.feed(esc("[31mred"));
    QCOMPARE(describe(parser.takeSpans()), QStringLiteral("{fg=1}red"));
}

void tst_AnsiParser::overlongCsiIsAbandoned()
{
    AnsiParser parser;
    parser.feed(esc("["));
    for (int i = 0; i < 100; ++i)
        parser.feed(QString(100, u'1'));
    parser.feed(u"m!");
    const QList<AnsiSpan> spans = parser.takeSpans();
    QCOMPARE(spans.size(), 1);
    QVERIFY(spans.first().style.isDefault());
    QVERIFY(spans.first().text.endsWith(u"1m!"));
    QCOMPARE(spans.first().text.size(), 10000 + 2 - (AnsiParser::MaxSequenceLength - 2));
    QCOMPARE(parser.abandonedSequences(), 1);
}

void tst_AnsiParser::resetForgetsEverything()
{
    AnsiParser parser;
    parser.feed(QString(esc("[1mbold") + esc("[3")));
    parser.reset();
    QVERIFY(!parser.hasSpans());
    QVERIFY(parser.style().isDefault());
    parser.feed(u"1mplain"); // the half sequence is gone, so this is text
    QCOMPARE(describe(parser.takeSpans()), QStringLiteral("{}1mplain"));
}

void tst_AnsiParser::standardPalette_data()
{
    QTest::addColumn<int>("index");
    QTest::addColumn<uint>("rgb");
    QTest::newRow("red") << 1 << 0xcd0000u;
    QTest::newRow("bright white") << 15 << 0xffffffu;
    QTest::newRow("cube black") << 16 << 0x000000u;
    QTest::newRow("cube blue") << 21 << 0x0000ffu;
    QTest::newRow("cube 208 orange") << 208 << 0xff8700u;
    QTest::newRow("cube red") << 196 << 0xff0000u;
    QTest::newRow("cube white") << 231 << 0xffffffu;
    QTest::newRow("grey first") << 232 << 0x080808u;
    QTest::newRow("grey last") << 255 << 0xeeeeeeu;
}

void tst_AnsiParser::standardPalette()
{
    QFETCH(int, index);
    QFETCH(uint, rgb);
    QCOMPARE(AnsiColor::standardRgb(quint8(index)), rgb);
}

QTEST_GUILESS_MAIN(tst_AnsiParser)
#include "tst_ansiparser.moc"
