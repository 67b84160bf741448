#include "ui/BashTheme.h"
#include "ui/UiColors.h"

#include <QPalette>
#include <QTest>

using namespace Qt::StringLiterals;
using Terrarium::Widgets::BashTheme;
using Terrarium::Widgets::BashTokenizer;
namespace UiColors = Terrarium::Widgets::UiColors;
using Kind = BashTokenizer::Kind;

namespace {

QPalette paletteWith(const QColor &base, const QColor &text)
{
    QPalette palette;
    palette.setColor(QPalette::Base, base);
    palette.setColor(QPalette::Window, base);
    palette.setColor(QPalette::Text, text);
    palette.setColor(QPalette::WindowText, text);
    return palette;
}

} // namespace

class tst_BashTheme : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readableOnEveryPalette_data();
    void readableOnEveryPalette();
    void kindsLookDifferent();
    void lightAndDarkDiffer();
};

void tst_BashTheme::readableOnEveryPalette_data()
{
    QTest::addColumn<QPalette>("palette");
    QTest::addColumn<bool>("dark");
    QTest::newRow("light") << paletteWith(Qt::white, Qt::black) << false;
    QTest::newRow("dark") << paletteWith(QColor(0x1e, 0x1e, 0x1e), QColor(0xe8, 0xe8, 0xe8))
                          << true;
    QTest::newRow("black") << paletteWith(Qt::black, Qt::white) << true;
    QTest::newRow("mid gray") << paletteWith(QColor(0x80, 0x80, 0x80), Qt::black) << false;
    QTest::newRow("dark gray with white text")
        << paletteWith(QColor(0x5a, 0x5a, 0x5a), Qt::white) << true;
    QTest::newRow("solarized light")
        << paletteWith(QColor(0xfd, 0xf6, 0xe3), QColor(0x65, 0x7b, 0x83)) << false;
    QTest::newRow("solarized dark")
        << paletteWith(QColor(0x00, 0x2b, 0x36), QColor(0x83, 0x94, 0x96)) << true;
}

void tst_BashTheme::readableOnEveryPalette()
{
    QFETCH(QPalette, palette);
    QFETCH(bool, dark);
    const BashTheme theme = BashTheme::forPalette(palette);
    QCOMPARE(theme.isDark(), dark);
    // The block must stand out from the card (drawn on Base) and its text must read.
    QVERIFY(theme.background() != palette.color(QPalette::Base));
    QVERIFY(UiColors::contrastRatio(theme.foreground(), theme.background()) >= 7.0);
    if (dark)
        QVERIFY(theme.background().lightnessF() < 0.5);
    else
        QVERIFY(theme.background().lightnessF() > 0.4);
    for (int i = 0; i < BashTokenizer::KindCount; ++i) {
        const QColor color = theme.format(Kind(i)).foreground().color();
        const double ratio = UiColors::contrastRatio(color, theme.background());
        QVERIFY2(ratio >= 4.5,
                 qPrintable(u"%1: %2 on %3 is %4:1"_s
                                .arg(BashTokenizer::kindName(Kind(i)), color.name(),
                                     theme.background().name())
                                .arg(ratio)));
    }
}

void tst_BashTheme::kindsLookDifferent()
{
    for (const QPalette &palette :
         {paletteWith(Qt::white, Qt::black), paletteWith(QColor(0x1e, 0x1e, 0x1e), Qt::white)}) {
        const BashTheme theme = BashTheme::forPalette(palette);
        const QList<Kind> distinct = {Kind::Keyword, Kind::Builtin,  Kind::String, Kind::Variable,
                                      Kind::Comment, Kind::Operator, Kind::Number};
        for (Kind a : distinct) {
            for (Kind b : distinct) {
                if (a == b)
                    continue;
                QVERIFY2(theme.format(a).foreground() != theme.format(b).foreground(),
                         qPrintable(BashTokenizer::kindName(a) + u" vs "_s
                                    + BashTokenizer::kindName(b)));
            }
        }
        QVERIFY(theme.format(Kind::Comment).fontItalic());
        QCOMPARE(theme.format(Kind::Keyword).fontWeight(), int(QFont::Bold));
    }
}

void tst_BashTheme::lightAndDarkDiffer()
{
    const BashTheme light = BashTheme::forPalette(paletteWith(Qt::white, Qt::black));
    const BashTheme dark = BashTheme::forPalette(paletteWith(QColor(0x1e, 0x1e, 0x1e), Qt::white));
    QVERIFY(dark.background().lightnessF() < light.background().lightnessF());
    QVERIFY(light.format(Kind::Keyword).foreground().color().lightnessF()
            < dark.format(Kind::Keyword).foreground().color().lightnessF());
}

QTEST_MAIN(tst_BashTheme)
#include "tst_bashtheme.moc"
