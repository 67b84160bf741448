#include "core/terminal/TerminalPaste.h"

#include <QTest>

using namespace Terrarium::Core;
using namespace Qt::StringLiterals;

class tst_TerminalPaste : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void text_data();
    void text();
    void rebracketed_data();
    void rebracketed();
};

void tst_TerminalPaste::text_data()
{
    QTest::addColumn<QString>("pasted");
    QTest::addColumn<QString>("sent");
    QTest::newRow("lines as typed") << u"a\nb\r\nc\rd"_s << u"a\rb\rc\rd"_s;
    QTest::newRow("end marker") << u"x\x1b[201~rm -rf ~\n"_s << u"x[201~rm -rf ~\r"_s;
    // Issue 27: removing the marker once left "ESC[201~" behind.
    QTest::newRow("nested end marker") << u"a\x1b[20\x1b[201~1~b"_s << u"a[20[201~1~b"_s;
    QTest::newRow("C1 CSI and OSC") << u"\u009b201~\u009d0;t\u009c"_s << u"201~0;t"_s;
    QTest::newRow("C0 but tab, and DEL")
        << u"\x01\x03\x04\x08\x16\x1a\x1c\x7f\tend"_s << u"\tend"_s;
    // Bidi and other format characters are text: they cannot end a paste.
    QTest::newRow("text stays") << u"café ✓ \U0001F600 \u202e"_s << u"café ✓ \U0001F600 \u202e"_s;
}

void tst_TerminalPaste::text()
{
    QFETCH(QString, pasted);
    QFETCH(QString, sent);
    QCOMPARE(TerminalPaste::text(pasted), sent);
}

void tst_TerminalPaste::rebracketed_data()
{
    QTest::addColumn<QByteArray>("sent");
    QTest::addColumn<QByteArray>("passed");
    QTest::newRow("a paste with a nested end marker")
        << QByteArray("\x1b[200~a\x1b[20\x1b[201~1~; touch owned\r\x1b[201~")
        << QByteArray("\x1b[200~a[20[201~1~; touch owned\r\x1b[201~");
    QTest::newRow("a paste with an 8-bit CSI") << QByteArray("\x1b[200~\xc2\x9b"
                                                             "201~x\x1b[201~")
                                               << QByteArray("\x1b[200~201~x\x1b[201~");
    QTest::newRow("keys pass as they are") << QByteArray("\x1b[A") << QByteArray("\x1b[A");
    QTest::newRow("Ctrl+C") << QByteArray("\x03") << QByteArray("\x03");
    QTest::newRow("only a start marker")
        << QByteArray("\x1b[200~x\x1b") << QByteArray("\x1b[200~x\x1b");
    QTest::newRow("markers alone")
        << QByteArray("\x1b[200~\x1b[201~") << QByteArray("\x1b[200~\x1b[201~");
}

void tst_TerminalPaste::rebracketed()
{
    QFETCH(QByteArray, sent);
    QFETCH(QByteArray, passed);
    QCOMPARE(TerminalPaste::rebracketed(sent), passed);
}

QTEST_GUILESS_MAIN(tst_TerminalPaste)
#include "tst_terminalpaste.moc"
