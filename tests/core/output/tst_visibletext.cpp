#include "core/output/VisibleText.h"

#include <QTest>

using namespace Terrarium::Core;

class tst_VisibleText : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void escape_data();
    void escape();
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

QTEST_GUILESS_MAIN(tst_VisibleText)
#include "tst_visibletext.moc"
