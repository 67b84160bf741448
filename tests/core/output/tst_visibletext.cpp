#include "core/output/VisibleText.h"

#include <QTest>

using namespace Terrarium::Core;

class tst_VisibleText : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void escape_data();
    void escape();
    void escapeName();
};

void tst_VisibleText::escape_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("shown");

    QTest::newRow("plain") << "ls -la"
                           << "ls -la";
    QTest::newRow("tab and newline stay") << "a\tb\nc"
                                          << "a\tb\nc";
    QTest::newRow("ESC sequence that erases the line")
        << QStringLiteral("rm -rf ~\x1b[2K\x1b[1Gls -la") << "rm -rf ~\\x1b[2K\\x1b[1Gls -la";
    QTest::newRow("carriage return overwrite") << "rm -rf ~\rls -la  "
                                               << "rm -rf ~\\x0dls -la  ";
    QTest::newRow("backspace") << "a\bb"
                               << "a\\x08b";
    QTest::newRow("C1") << QStringLiteral("x\u009b2J") << "x\\x9b2J";
    QTest::newRow("bidi override") << QStringLiteral("abc\u202Edef") << "abc\\u202edef";
    QTest::newRow("zero width") << QStringLiteral("r\u200Bm") << "r\\u200bm";
    QTest::newRow("tag character")
        << QString(QStringLiteral("a") + QString::fromUcs4(U"\U000E0041")) << "a\\U000e0041";
    QTest::newRow("visible unicode stays")
        << QStringLiteral(u"Grüße 😀 עברית") << QStringLiteral(u"Grüße 😀 עברית");
}

void tst_VisibleText::escape()
{
    QFETCH(QString, text);
    QFETCH(QString, shown);
    QCOMPARE(VisibleText::escape(text), shown);
}

void tst_VisibleText::escapeName()
{
    // A newline in a name cannot start a line of its own, and cannot be faked by a backslash.
    QCOMPARE(VisibleText::escapeName(QStringLiteral("a\nb")), QStringLiteral("a\\nb"));
    QCOMPARE(VisibleText::escapeName(QStringLiteral("a\\nb")), QStringLiteral("a\\\\nb"));
    QCOMPARE(VisibleText::escapeName(QStringLiteral("x\ty")), QStringLiteral("x\\ty"));
    QCOMPARE(VisibleText::escapeName(QStringLiteral("evil\u202etxt.sh")),
             QStringLiteral("evil\\u202etxt.sh"));
    QCOMPARE(VisibleText::escapeName(QStringLiteral("plain/name.txt")),
             QStringLiteral("plain/name.txt"));
}

QTEST_GUILESS_MAIN(tst_VisibleText)
#include "tst_visibletext.moc"
