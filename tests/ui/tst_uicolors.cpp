#include "ui/UiColors.h"

#include <QPalette>
#include <QTest>

namespace UiColors = Terrarium::Widgets::UiColors;

class tst_UiColors : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void contrastRatio();
    void ensureContrast_data();
    void ensureContrast();
    void blend();
    void isDark();
    void linkIsReadableOnDarkPalettes();
    void successAndFailureHues();
};

void tst_UiColors::contrastRatio()
{
    QCOMPARE(qRound(UiColors::contrastRatio(Qt::black, Qt::white)), 21);
    QCOMPARE(UiColors::contrastRatio(Qt::white, Qt::white), 1.0);
    QCOMPARE(UiColors::contrastRatio(Qt::red, Qt::blue),
             UiColors::contrastRatio(Qt::blue, Qt::red));
    // #767676 on white is the classic 4.54:1 gray.
    QVERIFY(qAbs(UiColors::contrastRatio(QColor(0x76, 0x76, 0x76), Qt::white) - 4.54) < 0.01);
}

void tst_UiColors::ensureContrast_data()
{
    QTest::addColumn<QColor>("foreground");
    QTest::addColumn<QColor>("background");
    QTest::newRow("blue on dark gray") << QColor(Qt::blue) << QColor(0x2b, 0x2b, 0x2b);
    QTest::newRow("yellow on white") << QColor(Qt::yellow) << QColor(Qt::white);
    QTest::newRow("gray on mid gray") << QColor(0x88, 0x88, 0x88) << QColor(0x80, 0x80, 0x80);
    QTest::newRow("already fine") << QColor(Qt::black) << QColor(Qt::white);
}

void tst_UiColors::ensureContrast()
{
    QFETCH(QColor, foreground);
    QFETCH(QColor, background);
    const QColor fixed = UiColors::ensureContrast(foreground, background);
    QVERIFY(UiColors::contrastRatio(fixed, background) >= 4.5);
    if (UiColors::contrastRatio(foreground, background) >= 4.5)
        QCOMPARE(fixed, foreground);
    else if (foreground.hslSaturationF() > 0.5 && fixed != Qt::white && fixed != Qt::black)
        QVERIFY(qAbs(fixed.hslHueF() - foreground.hslHueF()) < 0.02); // still the same colour
}

void tst_UiColors::blend()
{
    QCOMPARE(UiColors::blend(Qt::black, Qt::white, 0.0).rgb(), QColor(Qt::black).rgb());
    QCOMPARE(UiColors::blend(Qt::black, Qt::white, 1.0).rgb(), QColor(Qt::white).rgb());
    QCOMPARE(UiColors::blend(Qt::black, Qt::white, 0.5).red(), 128);
}

void tst_UiColors::isDark()
{
    QPalette palette;
    palette.setColor(QPalette::Base, Qt::white);
    QVERIFY(!UiColors::isDark(palette));
    palette.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    QVERIFY(UiColors::isDark(palette));
}

void tst_UiColors::linkIsReadableOnDarkPalettes()
{
    QPalette palette;
    palette.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    palette.setColor(QPalette::Link, QColor(0x00, 0x00, 0xff)); // Qt's default, unreadable here
    const QColor link = UiColors::link(palette);
    QVERIFY(UiColors::contrastRatio(link, palette.color(QPalette::Base)) >= 4.5);
    QVERIFY(link.blue() > link.red() && link.blue() > link.green()); // still blue

    palette.setColor(QPalette::Base, Qt::white);
    QCOMPARE(UiColors::link(palette), QColor(0x00, 0x00, 0xff)); // fine as it is
}

void tst_UiColors::successAndFailureHues()
{
    for (const QColor &base : {QColor(Qt::white), QColor(0x1e, 0x1e, 0x1e)}) {
        QPalette palette;
        palette.setColor(QPalette::Base, base);
        const QColor green = UiColors::success(palette, base);
        const QColor red = UiColors::failure(palette, base);
        QVERIFY(green.hslHue() > 90 && green.hslHue() < 160);
        QVERIFY(red.hslHue() < 15 || red.hslHue() > 345);
        QVERIFY(UiColors::contrastRatio(green, base) >= 4.5);
        QVERIFY(UiColors::contrastRatio(red, base) >= 4.5);
    }
}

QTEST_MAIN(tst_UiColors)
#include "tst_uicolors.moc"
