#include "tests/support/DarkPalette.h"
#include "ui/UiColors.h"

#include <QPalette>
#include <QStyle>
#include <QStyleFactory>
#include <QTest>

#include <memory>

namespace UiColors = Terrarium::Widgets::UiColors;
using Terrarium::Core::StepState;

namespace {

// A dark palette that sets only the basics and keeps Qt's defaults for the rest (a
// half-transparent placeholder, the blue #0000ff link), as many desktop themes do.
QPalette sparseDarkPalette()
{
    QPalette palette(QColor(0x30, 0x30, 0x30), QColor(0x2a, 0x2a, 0x2a));
    palette.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    palette.setColor(QPalette::Text, QColor(0xdd, 0xdd, 0xdd));
    palette.setColor(QPalette::WindowText, QColor(0xdd, 0xdd, 0xdd));
    return palette;
}

} // namespace

Q_DECLARE_METATYPE(StepState)

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
    void stepMarksStandOutFromBase_data();
    void stepMarksStandOutFromBase();
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

void tst_UiColors::stepMarksStandOutFromBase_data()
{
    QTest::addColumn<QPalette>("palette");
    QTest::addColumn<StepState>("state");
    const std::unique_ptr<QStyle> fusion(QStyleFactory::create(QStringLiteral("Fusion")));
    const QList<std::pair<const char *, QPalette>> palettes = {
        {"Fusion light", fusion->standardPalette()},
        {"Qt default", QPalette()},
        {"screenshot dark", Terrarium::Tests::darkPalette()},
        {"sparse dark", sparseDarkPalette()},
    };
    const QList<std::pair<const char *, StepState>> states = {
        {"pending", StepState::Pending},
        {"running", StepState::Running},
        {"done", StepState::Done},
        {"failed", StepState::Failed},
        {"skipped", StepState::Skipped},
        {"undone", StepState::Undone},
        {"awaiting approval", StepState::AwaitingApproval},
        {"denied", StepState::Denied},
        {"timed out", StepState::TimedOut},
        {"cancelled", StepState::Cancelled},
    };
    for (const auto &[paletteName, palette] : palettes) {
        for (const auto &[stateName, state] : states)
            QTest::addRow("%s, %s", paletteName, stateName) << palette << state;
    }
}

void tst_UiColors::stepMarksStandOutFromBase()
{
    // WCAG 1.4.11: a graphic that carries meaning needs 3:1 against what surrounds it.
    QFETCH(QPalette, palette);
    QFETCH(StepState, state);
    const QColor mark = UiColors::stepMark(palette, state);
    const QColor base = palette.color(QPalette::Base);
    QCOMPARE(mark.alpha(), 255);
    QVERIFY2(UiColors::contrastRatio(mark, base) >= 3.0,
             qPrintable(QStringLiteral("%1 on %2: %3:1")
                            .arg(mark.name(), base.name())
                            .arg(UiColors::contrastRatio(mark, base), 0, 'f', 2)));
}

QTEST_MAIN(tst_UiColors)
#include "tst_uicolors.moc"
