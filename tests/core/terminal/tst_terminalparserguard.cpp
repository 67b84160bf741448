// TerminalParserGuard: the bytes that reach libvterm never give a control sequence more than 16
// parameters, as each libvterm version reads its input, and nothing else is changed.
#include "core/terminal/TerminalParserGuard_p.h"
#include "core/terminal/TerminalPlainRun_p.h"

#include <QTest>

using Terrarium::Core::plainRunEnd;
using Terrarium::Core::printableRunEnd;
using Terrarium::Core::TerminalParserGuard;

Q_DECLARE_METATYPE(Terrarium::Core::TerminalParserGuard::Dialect)

namespace {

using Dialect = TerminalParserGuard::Dialect;

const QByteArray Can("\x18", 1);

QByteArray separators(int count, char separator = ';')
{
    return QByteArray(count, separator);
}

} // namespace

class tst_TerminalParserGuard : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void guards_data();
    void guards();
    void passesUntouchedWithoutACopy();
    void takesOutRepeats_data();
    void takesOutRepeats();
    void mendsBrokenUtf8_data();
    void mendsBrokenUtf8();
    void sameWhereverWritesSplit();
    void followsWhatChangesHowTextIsWritten_data();
    void followsWhatChangesHowTextIsWritten();
    void printableRunsEndAtTheFirstOtherByte();
};

void tst_TerminalParserGuard::guards_data()
{
    QTest::addColumn<Dialect>("dialect");
    QTest::addColumn<QList<QByteArray>>("pieces");
    QTest::addColumn<QByteArray>("expected");

    const QByteArray cut = "\x1b[" + separators(15) + Can;
    for (const auto dialect : {Dialect::Libvterm01, Dialect::Libvterm02}) {
        const char *name = dialect == Dialect::Libvterm01 ? "0.1" : "0.2";
        auto row = [&](const char *what) -> QTestData & {
            return QTest::addRow("%s: %s", name, what) << dialect;
        };
        const QByteArray sixteen = "\x1b[" + separators(15) + "H";
        row("16 parameters pass") << QList<QByteArray>{sixteen + "x"} << sixteen + "x";
        row("the 17th cancels the rest of the sequence")
            << QList<QByteArray>{"\x1b[" + separators(16) + "Hx"} << cut + "x";
        row("digits and colons count alike")
            << QList<QByteArray>{"\x1b[" + QByteArray("1:").repeated(20) + "mx"}
            << "\x1b[" + QByteArray("1:").repeated(15) + "1" + Can + "x";
        row("across writes") << QList<QByteArray>{"\x1b[" + separators(10), separators(10) + "2",
                                                  "3Hx"}
                             << cut + "x";
        row("controls inside still act")
            << QList<QByteArray>{"\x1b[" + separators(16) + "\n;;\x07" + "1Hx"} << cut + "\n\x07x";
        row("an ESC ends it and begins the next")
            << QList<QByteArray>{"\x1b[" + separators(20) + "\x1b[1mx"} << cut + "\x1b[1mx";
        row("a non-ASCII byte ends it")
            << QList<QByteArray>{"\x1b[" + separators(20) + "\xc3\xa9x"} << cut + "\xa9x";
        row("the next sequence counts afresh")
            << QList<QByteArray>{"\x1b[" + separators(17) + "H" + sixteen} << cut + sixteen;
        row("CAN in between starts over")
            << QList<QByteArray>{"\x1b[" + separators(10) + Can + "\x1b[" + separators(10) + "H"}
            << "\x1b[" + separators(10) + Can + "\x1b[" + separators(10) + "H";
        row("a private sequence") << QList<QByteArray>{"\x1b[?" + QByteArray("25;").repeated(20)
                                                       + "l"}
                                  << "\x1b[?" + QByteArray("25;").repeated(15) + "25" + Can;
        row("a control between ESC and [") << QList<QByteArray>{"\x1b\x1e[" + separators(20) + "H"}
                                           << "\x1b\x1e[" + separators(15) + Can;
        row("a byte from 0x80 up between ESC and [")
            << QList<QByteArray>{"\x1b\x81[" + separators(20) + "H"}
            << "\x1b\x81[" + separators(15) + Can;
        row("NUL and DEL inside are passed over")
            << QList<QByteArray>{"\x1b[" + separators(8) + QByteArray("\0\x7f", 2) + separators(8)
                                 + "H"}
            << "\x1b[" + separators(8) + QByteArray("\0\x7f", 2) + separators(7) + Can;
        // A restored cursor is kept on the screen.
        const QByteArray keep = "\x1b[?0h";
        row("DECRC") << QList<QByteArray>{"\x1b"
                                          "7x\x1b"
                                          "8y"}
                     << "\x1b"
                        "7x\x1b"
                        "8"
                + keep + "y";
        row("DECRC across writes") << QList<QByteArray>{"x\x1b", "8y"}
                                   << "x\x1b"
                                      "8"
                + keep + "y";
        row("DECRC ending a title") << QList<QByteArray>{"\x1b]2;t\x1b"
                                                         "8"}
                                    << "\x1b]2;t\x1b"
                                       "8"
                + keep;
        row("DECALN is no DECRC") << QList<QByteArray>{"\x1b#8"} << QByteArray("\x1b#8");
        // Not a control sequence: text, and strings.
        row("text") << QList<QByteArray>{"a;b" + separators(40) + "\r\n"}
                    << "a;b" + separators(40) + "\r\n";
        row("a title") << QList<QByteArray>{"\x1b]2;" + separators(40) + "\x07x"}
                       << "\x1b]2;" + separators(40) + "\x07x";
        row("a title ended by ST")
            << QList<QByteArray>{"\x1b]2;" + separators(40) + "\x1b\\x" + separators(20)}
            << "\x1b]2;" + separators(40) + "\x1b\\x" + separators(20);
        row("ESC [ before a DCS's final byte")
            << QList<QByteArray>{"\x1bP\n", QByteArray("\x1b\0\x1e[", 4) + separators(20) + "H"}
            << "\x1bP\n" + QByteArray("\x1b\0\x1e[", 4) + separators(15) + Can;
        row("a DCS string") << QList<QByteArray>{"\x1bPq" + separators(40) + "\x1b\\"}
                            << "\x1bPq" + separators(40) + "\x1b\\";
        row("an escape sequence, then text")
            << QList<QByteArray>{"\x1b(0" + separators(40)} << "\x1b(0" + separators(40);
    }

    // Where the versions read the same bytes differently.
    const QByteArray afterIntermediate = "\x1b![" + separators(20) + "Hx";
    QTest::newRow("0.1: ESC, intermediate, [ is a control sequence")
        << Dialect::Libvterm01 << QList<QByteArray>{afterIntermediate}
        << "\x1b![" + separators(15) + Can + "x";
    QTest::newRow("0.2: ESC, intermediate, [ is an escape sequence")
        << Dialect::Libvterm02 << QList<QByteArray>{afterIntermediate} << afterIntermediate;
    const QByteArray inString = "\x1b]2;title\x1b[" + separators(20) + "Hx";
    QTest::newRow("0.1: ESC [ ends a string and begins a control sequence")
        << Dialect::Libvterm01 << QList<QByteArray>{inString}
        << "\x1b]2;title\x1b[" + separators(15) + Can + "x";
    QTest::newRow("0.2: ESC [ in a string is an escape sequence")
        << Dialect::Libvterm02 << QList<QByteArray>{inString} << inString;
    // The input fuzz_terminal_input found: controls, an intermediate and a UTF-8 character
    // between ESC and [.
    const QByteArray found = QByteArray("\x1b\0!\0\x1e\xcc\x81[?", 9) + separators(60) + "5HY\n";
    QTest::newRow("0.1: found by the fuzzer")
        << Dialect::Libvterm01 << QList<QByteArray>{found}
        << QByteArray("\x1b\0!\0\x1e\xcc\x81[?", 9) + separators(15) + Can + "Y\n";
    QTest::newRow("0.2: found by the fuzzer")
        << Dialect::Libvterm02 << QList<QByteArray>{found} << found;
    // 0.2 reads ESC X, ESC ^ and ESC _ as SOS, PM and APC strings; 0.1 as controls.
    const QByteArray apc = "\x1b_x\x1b[" + separators(20) + "H";
    QTest::newRow("0.1: APC is no string")
        << Dialect::Libvterm01 << QList<QByteArray>{apc} << "\x1b_x\x1b[" + separators(15) + Can;
    QTest::newRow("0.2: ESC in an APC string")
        << Dialect::Libvterm02 << QList<QByteArray>{apc} << apc;
}

void tst_TerminalParserGuard::guards()
{
    QFETCH(Dialect, dialect);
    QFETCH(QList<QByteArray>, pieces);
    QFETCH(QByteArray, expected);

    TerminalParserGuard guard(dialect);
    QByteArray out;
    for (const QByteArray &piece : std::as_const(pieces))
        out += guard.guard(piece).toByteArray();
    QCOMPARE(out.toHex(' '), expected.toHex(' '));
}

void tst_TerminalParserGuard::passesUntouchedWithoutACopy()
{
    for (const auto dialect : {Dialect::Libvterm01, Dialect::Libvterm02}) {
        TerminalParserGuard guard(dialect);
        const QByteArray output = "plain \x1b[1;31mred\x1b[0m\r\n\x1b]0;title\x07" + separators(30);
        const QByteArrayView guarded = guard.guard(output);
        QCOMPARE(guarded.data(), output.constData());
        QCOMPARE(guarded.size(), output.size());
    }
}

using Repeats = QList<std::pair<qsizetype, int>>; // where in the output, how many

void tst_TerminalParserGuard::takesOutRepeats_data()
{
    QTest::addColumn<Dialect>("dialect");
    QTest::addColumn<QList<QByteArray>>("pieces");
    QTest::addColumn<QByteArray>("expected");
    QTest::addColumn<Repeats>("repeats"); // of the last piece

    for (const auto dialect : {Dialect::Libvterm01, Dialect::Libvterm02}) {
        const char *name = dialect == Dialect::Libvterm01 ? "0.1" : "0.2";
        auto row = [&](const char *what) -> QTestData & {
            return QTest::addRow("%s: %s", name, what) << dialect;
        };
        row("count") << QList<QByteArray>{"ab\x1b[3b|"} << "ab\x1b[3" + Can + "|"
                     << Repeats{{6, 3}};
        row("no count") << QList<QByteArray>{"a\x1b[b"} << "a\x1b[" + Can << Repeats{{4, 1}};
        row("zero") << QList<QByteArray>{"a\x1b[0b"} << "a\x1b[0" + Can << Repeats{{5, 1}};
        row("two") << QList<QByteArray>{"a\x1b[2bc\x1b[12;4b"}
                   << "a\x1b[2" + Can + "c\x1b[12;4" + Can << Repeats{{5, 2}, {13, 12}};
        row("a huge count") << QList<QByteArray>{"a\x1b[99999999999b"} << "a\x1b[99999999999" + Can
                            << Repeats{{15, 100000}};
        row("across writes") << QList<QByteArray>{"a\x1b[1", "5b"} << "a\x1b[15" + Can
                             << Repeats{{2, 15}};
        row("with a leader: not REP")
            << QList<QByteArray>{"a\x1b[?2b"} << QByteArray("a\x1b[?2b") << Repeats{};
        row("with an intermediate: not REP")
            << QList<QByteArray>{"a\x1b[2 b"} << QByteArray("a\x1b[2 b") << Repeats{};
        row("ESC [ in a title") << QList<QByteArray>{"\x1b]2;\x1b[2b"}
                                << (dialect == Dialect::Libvterm01 ? "\x1b]2;\x1b[2" + Can
                                                                   : QByteArray("\x1b]2;\x1b[2b"))
                                << (dialect == Dialect::Libvterm01 ? Repeats{{8, 2}} : Repeats{});
    }
}

void tst_TerminalParserGuard::takesOutRepeats()
{
    QFETCH(Dialect, dialect);
    QFETCH(QList<QByteArray>, pieces);
    QFETCH(QByteArray, expected);
    QFETCH(Repeats, repeats);

    TerminalParserGuard guard(dialect);
    QByteArray out;
    for (const QByteArray &piece : std::as_const(pieces))
        out += guard.guard(piece).toByteArray();
    QCOMPARE(out.toHex(' '), expected.toHex(' '));
    Repeats found;
    for (const TerminalParserGuard::Repeat &repeat : guard.repeats())
        found.append({repeat.at, repeat.count});
    QCOMPARE(found, repeats);
}

void tst_TerminalParserGuard::mendsBrokenUtf8_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QByteArray>("expected");
    const QByteArray fffd = "\xef\xbf\xbd";
    // C1 controls: libvterm printed them with width -1.
    QTest::newRow("U+0085") << QByteArray("a\xc2\x85z") << QByteArray("az");
    QTest::newRow("U+009B") << QByteArray("\xc2\x9b"
                                          "1m")
                            << QByteArray("1m");
    // Unfinished sequences: libvterm's decoder wrote two characters for the ASCII byte after
    // one, past its buffer.
    QTest::newRow("a lead byte before ASCII") << QByteArray("a\xc3z") << "a" + fffd + "z";
    QTest::newRow("a lead byte before a control")
        << QByteArray("a\xc2\n\x85z") << "a" + fffd + "\n\x85z";
    QTest::newRow("again after a line feed") << QByteArray("\xc3\n\xc3"
                                                           "a")
                                             << fffd + "\n" + fffd + "a";
    QTest::newRow("cut by an escape sequence")
        << QByteArray("\xe4\xb8\x1b[m\xe4\xb8\xad") << fffd + "\x1b[m\xe4\xb8\xad";
    QTest::newRow("a lead byte at the end") << QByteArray("a\xf0\x9f\x98") << "a" + fffd;
    QTest::newRow("two leads") << QByteArray("\xc3\xc3\xa9") << fffd + "\xc3\xa9";
    // Left alone: what is whole, and what the decoder never reads.
    QTest::newRow("U+00A0 to U+00BF, and more")
        << QByteArray("\xc2\xa0\xc2\xa9\xc2\xbf \xc3\xa9\xe4\xb8\xad\xf0\x9f\x98\x80")
        << QByteArray("\xc2\xa0\xc2\xa9\xc2\xbf \xc3\xa9\xe4\xb8\xad\xf0\x9f\x98\x80");
    QTest::newRow("stray continuation bytes")
        << QByteArray("a\x80\xbfz") << QByteArray("a\x80\xbfz");
    QTest::newRow("among many escapes") << QByteArray("\x1b[1m\x1b[0m\xc2\x80\x1b[1m\xc2\xb0")
                                        << QByteArray("\x1b[1m\x1b[0m\x1b[1m\xc2\xb0");
    QTest::newRow("in a title") << QByteArray("\x1b]2;\xc3\x07") << QByteArray("\x1b]2;\xc3\x07");
    QTest::newRow("ending a control sequence")
        << QByteArray("\x1b[1\xc2\x9bmz") << QByteArray("\x1b[1\xc2\x9bmz");
}

void tst_TerminalParserGuard::mendsBrokenUtf8()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QByteArray, expected);
    for (const auto dialect : {Dialect::Libvterm01, Dialect::Libvterm02}) {
        TerminalParserGuard guard(dialect);
        QCOMPARE(guard.guard(bytes).toByteArray().toHex(' '), expected.toHex(' '));
    }
}

// Colours and text are passed over in a fast loop when the guard is at rest (or not looked at,
// when the input filter found them plain); split into writes, the same bytes go through its
// byte-by-byte path instead. All must give the same bytes and the same REPs, for a long stream of
// everything the guard and libvterm tell apart.
void tst_TerminalParserGuard::sameWhereverWritesSplit()
{
    const QList<QByteArray> tokens = {"words ",
                                      "\r\n",
                                      "\t",
                                      "\a",
                                      QByteArray("\0", 1),
                                      "\x7f",
                                      "\xc3\xa9",
                                      "\xe4\xb8\xad",
                                      "\xf0\x9f\x98\x80",
                                      "\xc2\xa0",
                                      "\xc2\x85",
                                      "\xc3z",
                                      "a\x80\xbf",
                                      "\xf5\x80\x80\x80",
                                      "\xc0\xaf",
                                      "\x1b[31m",
                                      "\x1b[38;5;200m",
                                      "\x1b[38;2;1;2;3m",
                                      "\x1b[1;31m",
                                      "\x1b[0m",
                                      "\x1b[m",
                                      "\x1b[5;10H",
                                      "\x1b[2K",
                                      "\x1b[?25l",
                                      "\x1b[?1049h",
                                      "\x1b[!p",
                                      "\x1b[2 q",
                                      "\x1b[" + separators(15) + "H",
                                      "\x1b[" + separators(20) + "H",
                                      "\x1b[" + QByteArray("1:").repeated(18) + "m",
                                      "\x1b[3b",
                                      "\x1b[b",
                                      "\x1b[?2b",
                                      "\x1b"
                                      "7",
                                      "\x1b"
                                      "8",
                                      "\x1b#8",
                                      "\x1b(0",
                                      "\x0e",
                                      "\x0f",
                                      "\x1b]2;title\x07",
                                      "\x1b]0;t\x1b\\",
                                      "\x1bPq#0;2\x1b\\",
                                      "\x1b_apc\x1b\\",
                                      "\x18",
                                      "\x1a",
                                      "\x1b\x1e[1m",
                                      "\x1b[1\x7f;2H",
                                      "\x1b[1\xc2\x9bm",
                                      "\x1b",
                                      "\x1b["};
    quint32 state = 2024;
    const auto next = [&state](quint32 bound) {
        state = state * 1664525u + 1013904223u;
        return (state >> 8) % bound;
    };
    QByteArray stream;
    for (int i = 0; i < 20000; ++i)
        stream += tokens[qsizetype(next(quint32(tokens.size())))];

    for (const auto dialect : {Dialect::Libvterm01, Dialect::Libvterm02}) {
        const auto run = [&](const QList<qsizetype> &cuts, Repeats *repeats,
                             bool plainPrefix = false) {
            TerminalParserGuard guard(dialect);
            QByteArray out;
            qsizetype from = 0;
            for (qsizetype cut : cuts) {
                const QByteArrayView piece = QByteArrayView(stream).sliced(from, cut - from);
                const QByteArrayView guarded =
                    guard.guard(piece, plainPrefix ? plainRunEnd(piece, 0) : 0);
                for (const TerminalParserGuard::Repeat &repeat : guard.repeats())
                    repeats->append({out.size() + repeat.at, repeat.count});
                out += guarded.toByteArray();
                from = cut;
            }
            return out;
        };
        Repeats wholeRepeats;
        const QByteArray whole = run({stream.size()}, &wholeRepeats);
        // Cut where neither neighbour is part of a UTF-8 character (a character split across
        // writes is mended as unfinished: the input filter holds such tails back).
        QList<qsizetype> cuts;
        for (qsizetype at = 1; at < stream.size(); at += 1 + qsizetype(next(12))) {
            if (uchar(stream[at - 1]) < 0x80 && uchar(stream[at]) < 0x80)
                cuts.append(at);
        }
        cuts.append(stream.size());
        Repeats splitRepeats;
        const QByteArray split = run(cuts, &splitRepeats);
        QVERIFY(whole != stream); // the stream has things to mend
        QVERIFY(!wholeRepeats.isEmpty());
        qsizetype differ = 0;
        while (differ < std::min(whole.size(), split.size()) && whole[differ] == split[differ])
            ++differ;
        QVERIFY2(whole == split,
                 qPrintable(QStringLiteral("first difference at %1: %2 against %3")
                                .arg(differ)
                                .arg(QString::fromLatin1(whole.mid(differ - 20, 40).toHex(' ')),
                                     QString::fromLatin1(split.mid(differ - 20, 40).toHex(' ')))));
        QCOMPARE(wholeRepeats, splitRepeats);
        // Told where each write's plain prefix ends (as the input filter tells it).
        Repeats hintedRepeats;
        QVERIFY(run(cuts, &hintedRepeats, true) == whole);
        QCOMPARE(hintedRepeats, wholeRepeats);
    }
}

void tst_TerminalParserGuard::followsWhatChangesHowTextIsWritten_data()
{
    QTest::addColumn<Dialect>("dialect");
    QTest::addColumn<QList<QByteArray>>("writes");
    QTest::addColumn<bool>("plain");

    for (const auto dialect : {Dialect::Libvterm01, Dialect::Libvterm02}) {
        const char *name = dialect == Dialect::Libvterm01 ? "0.1" : "0.2";
        auto row = [&](const char *what, QList<QByteArray> writes, bool plain) {
            // The state counts from the next write on: a last, empty one reads it.
            writes.append("x");
            QTest::addRow("%s: %s", name, what) << dialect << writes << plain;
        };
        row("text and colours", {"abc\x1b[31mdef\r\n"}, true);
        row("insert mode", {"\x1b[4h"}, false);
        row("insert mode among others", {"\x1b[20;4h"}, false);
        row("insert mode off", {"\x1b[4h", "\x1b[4l"}, true);
        row("another mode off leaves it on", {"\x1b[4h", "\x1b[20l"}, false);
        row("two modes off leave it on", {"\x1b[4h", "\x1b[4;20l"}, false);
        row("left and right margins", {"\x1b[?69h"}, false);
        row("margins off", {"\x1b[?69h\x1b[?69l"}, true);
        row("private modes of other numbers", {"\x1b[?4h\x1b[?25l\x1b[?2004h"}, true);
        row("protected cells", {"\x1b[1\"q"}, false);
        row("protected cells off", {"\x1b[1\"q\x1b[0\"q"}, true);
        row("cursor style is not protection", {"\x1b[1 q"}, true);
        row("line drawing in G0", {"\x1b(0"}, false);
        row("and ASCII again", {"\x1b(0", "\x1b(B"}, true);
        row("line drawing in G1", {"\x1b)0"}, true);
        row("shifted in", {"\x1b)0\x0e"}, false);
        row("shifted out again", {"\x1b)0\x0e", "\x0f"}, true);
        row("SO after text",
            {"\x1b)0",
             "ab\x0e"
             "cd"},
            false);
        row("SO after UTF-8 text", {"\x1b)0", "\xc3\xa9\x0e\xc3\xa9"}, false);
        row("locking shift 2", {"\x1b*0\x1bn"}, false);
        row("single shift", {"\x1bN"}, false);
        row("a set of 96", {"\x1b-A"}, true);
        row("a set of 96 shifted in", {"\x1b-A\x0e"}, false);
        row("a designation of two bytes", {"\x1b(%5"}, false);
        row("a reset clears all",
            {"\x1b[4h\x1b[?69h\x1b[1\"q\x1b(0\x1bN\x1b"
             "c"},
            true);
        row("a sequence with too many parameters is not carried out",
            {"\x1b[" + separators(20) + "4h"}, true);
        row("in the middle of a sequence", {"\x1b[3"}, false);
        row("in a string", {"\x1b]0;title"}, false);
    }
}

// What TerminalEmulator's text shortcut relies on: the guard says libvterm writes text plainly
// only when no sequence since could have changed that.
void tst_TerminalParserGuard::followsWhatChangesHowTextIsWritten()
{
    QFETCH(Dialect, dialect);
    QFETCH(QList<QByteArray>, writes);
    QFETCH(bool, plain);
    TerminalParserGuard guard(dialect);
    for (const QByteArray &write : writes)
        guard.guard(write, plainRunEnd(write, 0));
    QCOMPARE(guard.wasWritingTextPlainly(), plain);
}

void tst_TerminalParserGuard::printableRunsEndAtTheFirstOtherByte()
{
    // Every byte value at every place of a run, with runs longer and shorter than a word.
    for (int length = 0; length < 20; ++length) {
        for (int stop = 0; stop < 256; ++stop) {
            QByteArray bytes(length, 'a');
            bytes += char(stop);
            bytes += "bcdefghijklmnop";
            const qsizetype expected = stop >= 0x20 && stop < 0x7f ? bytes.size() : length;
            QCOMPARE(printableRunEnd(bytes, 0), expected);
            if (length > 0)
                QCOMPARE(printableRunEnd(bytes, 1), expected);
        }
    }
}

QTEST_GUILESS_MAIN(tst_TerminalParserGuard)
#include "tst_terminalparserguard.moc"
