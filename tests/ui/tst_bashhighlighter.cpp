#include "ui/BashHighlighter.h"

#include <QGuiApplication>
#include <QPalette>
#include <QTest>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextLayout>

using namespace Qt::StringLiterals;
using Terrarium::Widgets::BashHighlighter;
using Terrarium::Widgets::BashTheme;
using Kind = Terrarium::Widgets::BashTokenizer::Kind;

Q_DECLARE_METATYPE(Kind)

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

QPalette lightPalette()
{
    QPalette palette;
    palette.setColor(QPalette::Window, QColor(0xef, 0xef, 0xef));
    palette.setColor(QPalette::WindowText, Qt::black);
    palette.setColor(QPalette::Base, Qt::white);
    palette.setColor(QPalette::Text, Qt::black);
    return palette;
}

// The highlighter's format for the character at position (an empty format where none).
QTextCharFormat formatAt(const QTextDocument &document, int position)
{
    const QTextBlock block = document.findBlock(position);
    const int inBlock = position - block.position();
    const QList<QTextLayout::FormatRange> ranges = block.layout()->formats();
    for (const QTextLayout::FormatRange &range : ranges) {
        if (inBlock >= range.start && inBlock < range.start + range.length)
            return range.format;
    }
    return {};
}

// A document as a view holds it: QTextDocument reports edits (contentsChange, which drives
// the highlighter) only once it has a layout.
void giveLayout(QTextDocument &document)
{
    QVERIFY(document.documentLayout());
}

} // namespace

class tst_BashHighlighter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void formats_data();
    void formats();
    void editingAnEarlierLineRecoloursLaterLines();
    void closingAHeredocRestoresCodeColours();
    void setThemeRecolours();
    void applicationPaletteConstructor();
};

void tst_BashHighlighter::formats_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("piece"); // its first occurrence is checked, character by character
    QTest::addColumn<int>("occurrence");
    QTest::addColumn<bool>("coloured");
    QTest::addColumn<Kind>("kind");

    QTest::newRow("builtin") << u"echo if"_s << u"echo"_s << 0 << true << Kind::Builtin;
    QTest::newRow("keyword as argument") << u"echo if"_s << u"if"_s << 0 << false << Kind::Keyword;
    QTest::newRow("keyword") << u"if true; then :; fi"_s << u"then"_s << 0 << true << Kind::Keyword;
    QTest::newRow("plain command") << u"grep -r x ."_s << u"grep"_s << 0 << false << Kind::Builtin;
    QTest::newRow("string") << u"echo 'a b'"_s << u"'a b'"_s << 0 << true << Kind::String;
    QTest::newRow("variable in string")
        << u"echo \"hi $USER\""_s << u"$USER"_s << 0 << true << Kind::Variable;
    QTest::newRow("comment") << u"ls # list"_s << u"# list"_s << 0 << true << Kind::Comment;
    QTest::newRow("no comment in a word")
        << u"echo a#b"_s << u"#b"_s << 0 << false << Kind::Comment;
    QTest::newRow("parameter length")
        << u"echo ${#x}"_s << u"${#x}"_s << 0 << true << Kind::Variable;
    QTest::newRow("operator") << u"a && b"_s << u"&&"_s << 0 << true << Kind::Operator;
    QTest::newRow("redirection") << u"make 2>&1"_s << u"2>&1"_s << 0 << true << Kind::Redirection;
    QTest::newRow("both streams") << u"make &> log"_s << u"&>"_s << 0 << true << Kind::Redirection;
    QTest::newRow("pipe both") << u"make |& tee"_s << u"|&"_s << 0 << true << Kind::Operator;
    QTest::newRow("double bracket") << u"[[ -f x ]]"_s << u"]]"_s << 0 << true << Kind::Keyword;
    QTest::newRow("ansi-c string")
        << u"echo $'a\\'b'"_s << u"$'a\\'b'"_s << 0 << true << Kind::String;
    QTest::newRow("substitution in string")
        << u"echo \"$(ls \"a b\")\""_s << u"\"a b\""_s << 0 << true << Kind::String;
    QTest::newRow("substitution delimiters")
        << u"echo \"$(ls \"a b\")\""_s << u"$("_s << 0 << true << Kind::Substitution;
    QTest::newRow("command in substitution is plain")
        << u"echo \"$(ls \"a b\")\""_s << u"ls"_s << 0 << false << Kind::String;
    QTest::newRow("string continues on the next line")
        << u"echo \"one\ntwo\" three"_s << u"two"_s << 0 << true << Kind::String;
    QTest::newRow("and stops after it")
        << u"echo \"one\ntwo\" three"_s << u"three"_s << 0 << false << Kind::String;
    QTest::newRow("heredoc body") << u"cat <<EOF\nrm -rf / is text\nEOF\necho x"_s
                                  << u"rm -rf / is text"_s << 0 << true << Kind::HereDocBody;
    QTest::newRow("heredoc variable")
        << u"cat <<EOF\n$HOME\nEOF"_s << u"$HOME"_s << 0 << true << Kind::Variable;
    QTest::newRow("heredoc end") << u"cat <<EOF\nx\nEOF\necho x"_s << u"EOF"_s << 1 << true
                                 << Kind::HereDocMarker;
    QTest::newRow("code after heredoc")
        << u"cat <<EOF\nx\nEOF\necho x"_s << u"echo"_s << 0 << true << Kind::Builtin;
    QTest::newRow("number") << u"sleep 5"_s << u"5"_s << 0 << true << Kind::Number;
    QTest::newRow("arithmetic") << u"echo $((1 + 2))"_s << u"$(("_s << 0 << true
                                << Kind::Arithmetic;
}

void tst_BashHighlighter::formats()
{
    QFETCH(QString, script);
    QFETCH(QString, piece);
    QFETCH(int, occurrence);
    QFETCH(bool, coloured);
    QFETCH(Kind, kind);

    QTextDocument document;
    giveLayout(document);
    const BashTheme theme = BashTheme::forPalette(lightPalette());
    BashHighlighter highlighter(theme, &document);
    document.setPlainText(script);

    int start = -1;
    for (int i = 0; i <= occurrence; ++i) {
        start = int(script.indexOf(piece, start + 1));
        QVERIFY(start >= 0);
    }
    for (int i = start; i < start + piece.size(); ++i) {
        if (script.at(i).isSpace() && !coloured)
            continue;
        const QTextCharFormat format = formatAt(document, i);
        if (coloured) {
            QCOMPARE(format.foreground().color(), theme.format(kind).foreground().color());
            QCOMPARE(format.fontWeight(), theme.format(kind).fontWeight());
            QCOMPARE(format.fontItalic(), theme.format(kind).fontItalic());
        } else {
            QVERIFY2(!format.hasProperty(QTextFormat::ForegroundBrush),
                     qPrintable(u"unexpected colour at %1"_s.arg(i)));
        }
    }
}

void tst_BashHighlighter::editingAnEarlierLineRecoloursLaterLines()
{
    QTextDocument document;
    giveLayout(document);
    const BashTheme theme = BashTheme::forPalette(lightPalette());
    BashHighlighter highlighter(theme, &document);
    document.setPlainText(u"echo one\necho two\necho three"_s);
    const int two = int(document.toPlainText().indexOf(u"two"_s));
    QVERIFY(!formatAt(document, two).hasProperty(QTextFormat::ForegroundBrush));

    // Opening a quote on the first line turns the following lines into string...
    QTextCursor cursor(&document);
    cursor.setPosition(5);
    cursor.insertText(u"\""_s);
    const QString text = document.toPlainText();
    const QColor string = theme.format(Kind::String).foreground().color();
    QCOMPARE(formatAt(document, int(text.indexOf(u"two"_s))).foreground().color(), string);
    QCOMPARE(formatAt(document, int(text.indexOf(u"three"_s))).foreground().color(), string);

    // ...and closing it on the second line gives the third its code colours back.
    cursor.setPosition(int(text.indexOf(u"two"_s)) + 3);
    cursor.insertText(u"\""_s);
    const QString closed = document.toPlainText();
    const int echo3 = int(closed.lastIndexOf(u"echo"_s));
    QCOMPARE(formatAt(document, echo3).foreground().color(),
             theme.format(Kind::Builtin).foreground().color());
    QVERIFY(!formatAt(document, int(closed.indexOf(u"three"_s)))
                 .hasProperty(QTextFormat::ForegroundBrush));
}

void tst_BashHighlighter::closingAHeredocRestoresCodeColours()
{
    QTextDocument document;
    giveLayout(document);
    const BashTheme theme = BashTheme::forPalette(lightPalette());
    BashHighlighter highlighter(theme, &document);
    document.setPlainText(u"cat <<END\necho a\nEND\necho b"_s);
    const QString text = document.toPlainText();
    QCOMPARE(formatAt(document, int(text.indexOf(u"echo a"_s))).foreground().color(),
             theme.format(Kind::HereDocBody).foreground().color());
    QCOMPARE(formatAt(document, int(text.indexOf(u"echo b"_s))).foreground().color(),
             theme.format(Kind::Builtin).foreground().color());

    // Renaming the delimiter leaves the heredoc open to the end.
    QTextCursor cursor(&document);
    cursor.setPosition(int(text.indexOf(u"END"_s)));
    cursor.insertText(u"X"_s);
    const QString open = document.toPlainText();
    QCOMPARE(formatAt(document, int(open.indexOf(u"echo b"_s))).foreground().color(),
             theme.format(Kind::HereDocBody).foreground().color());
}

void tst_BashHighlighter::setThemeRecolours()
{
    QTextDocument document;
    giveLayout(document);
    const BashTheme light = BashTheme::forPalette(lightPalette());
    const BashTheme dark = BashTheme::forPalette(darkPalette());
    BashHighlighter highlighter(light, &document);
    document.setPlainText(u"echo \"$HOME\" # home"_s);
    QCOMPARE(formatAt(document, 0).foreground().color(),
             light.format(Kind::Builtin).foreground().color());
    highlighter.setTheme(dark);
    QCOMPARE(formatAt(document, 0).foreground().color(),
             dark.format(Kind::Builtin).foreground().color());
    QCOMPARE(formatAt(document, int(document.toPlainText().indexOf(u'#'))).foreground().color(),
             dark.format(Kind::Comment).foreground().color());
    QVERIFY(light.format(Kind::Builtin).foreground().color()
            != dark.format(Kind::Builtin).foreground().color());
}

void tst_BashHighlighter::applicationPaletteConstructor()
{
    QTextDocument document;
    giveLayout(document);
    BashHighlighter highlighter(&document);
    QCOMPARE(highlighter.theme().background(),
             BashTheme::forPalette(QGuiApplication::palette()).background());
    document.setPlainText(u"cd /"_s);
    QVERIFY(formatAt(document, 0).hasProperty(QTextFormat::ForegroundBrush));
}

QTEST_MAIN(tst_BashHighlighter)
#include "tst_bashhighlighter.moc"
