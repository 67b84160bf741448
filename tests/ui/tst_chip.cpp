#include "ui/Chip.h"
#include "ui/UiColors.h"

#include <QAccessible>
#include <QImage>
#include <QTest>

using namespace Qt::StringLiterals;
using Terrarium::Widgets::Chip;
namespace UiColors = Terrarium::Widgets::UiColors;

Q_DECLARE_METATYPE(Chip::Tone)

namespace {

QPalette paletteWithBase(const QColor &base, const QColor &text)
{
    QPalette palette;
    palette.setColor(QPalette::Base, base);
    palette.setColor(QPalette::Window, base);
    palette.setColor(QPalette::Text, text);
    palette.setColor(QPalette::WindowText, text);
    return palette;
}

} // namespace

class tst_Chip : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void tones_data();
    void tones();
    void accessibleTextIsTheText();
    void sizeFollowsTheFont();
    void paintsItsFill();
};

void tst_Chip::tones_data()
{
    QTest::addColumn<Chip::Tone>("tone");
    QTest::addColumn<QPalette>("palette");
    QTest::addColumn<int>("hueLow"); // acceptable text hue range, degrees; -1: gray
    QTest::addColumn<int>("hueHigh");
    const QPalette light = paletteWithBase(Qt::white, Qt::black);
    const QPalette dark = paletteWithBase(QColor(0x1e, 0x1e, 0x1e), QColor(0xee, 0xee, 0xee));
    QTest::newRow("success light") << Chip::Tone::Success << light << 90 << 160;
    QTest::newRow("success dark") << Chip::Tone::Success << dark << 90 << 160;
    QTest::newRow("failure light") << Chip::Tone::Failure << light << -15 << 15;
    QTest::newRow("failure dark") << Chip::Tone::Failure << dark << -15 << 15;
    QTest::newRow("neutral light") << Chip::Tone::Neutral << light << -1 << -1;
    QTest::newRow("neutral dark") << Chip::Tone::Neutral << dark << -1 << -1;
}

void tst_Chip::tones()
{
    QFETCH(Chip::Tone, tone);
    QFETCH(QPalette, palette);
    QFETCH(int, hueLow);
    QFETCH(int, hueHigh);

    Chip chip(u"exit 0"_s, tone);
    chip.setPalette(palette);
    QCOMPARE(chip.tone(), tone);
    const QColor text = chip.textColor();
    QVERIFY2(UiColors::contrastRatio(text, chip.fillColor()) >= 4.5, qPrintable(text.name()));
    if (hueLow < 0 && hueHigh < 0) {
        QCOMPARE(text.hslSaturation(), 0); // a gray
    } else {
        int hue = text.hslHue();
        if (hue > 180)
            hue -= 360;
        QVERIFY2(hue >= hueLow && hue <= hueHigh, qPrintable(u"hue %1"_s.arg(hue)));
        // The fill is a tint of the same colour family, not the plain background.
        QVERIFY(chip.fillColor() != palette.color(QPalette::Base));
    }
}

void tst_Chip::accessibleTextIsTheText()
{
    Chip chip(u"1.2 s"_s, Chip::Tone::Neutral);
    chip.show();
    QAccessibleInterface *accessible = QAccessible::queryAccessibleInterface(&chip);
    QVERIFY(accessible);
    QCOMPARE(accessible->text(QAccessible::Name), u"1.2 s"_s);
    QCOMPARE(chip.textFormat(), Qt::PlainText);
}

void tst_Chip::sizeFollowsTheFont()
{
    Chip small(u"exit 127"_s, Chip::Tone::Failure);
    QFont font = small.font();
    font.setPixelSize(10);
    small.setFont(font);
    Chip large(u"exit 127"_s, Chip::Tone::Failure);
    font.setPixelSize(20);
    large.setFont(font);
    QVERIFY(large.sizeHint().height() > small.sizeHint().height() * 3 / 2);
    QVERIFY(large.sizeHint().width() > small.sizeHint().width() * 3 / 2);
    // Room for the text plus rounded ends.
    QVERIFY(small.sizeHint().width() > small.fontMetrics().horizontalAdvance(u"exit 127"_s)
                + small.fontMetrics().height() / 2);
}

void tst_Chip::paintsItsFill()
{
    Chip chip(u"exit 1"_s, Chip::Tone::Failure);
    chip.setPalette(paletteWithBase(Qt::white, Qt::black));
    chip.resize(chip.sizeHint());
    const QImage image = chip.grab().toImage();
    // Just inside the left end, vertically centred: fill, not text.
    const QColor pixel = image.pixelColor(image.width() / 10 + 2, image.height() / 2);
    const QColor fill = chip.fillColor();
    QVERIFY2(qAbs(pixel.red() - fill.red()) <= 3 && qAbs(pixel.green() - fill.green()) <= 3
                 && qAbs(pixel.blue() - fill.blue()) <= 3,
             qPrintable(pixel.name() + u" vs "_s + fill.name()));
    // Text pixels in the text colour exist.
    const QColor text = chip.textColor();
    bool found = false;
    for (int y = 0; y < image.height() && !found; ++y) {
        for (int x = 0; x < image.width() && !found; ++x) {
            const QColor c = image.pixelColor(x, y);
            found = qAbs(c.red() - text.red()) <= 16 && qAbs(c.green() - text.green()) <= 16
                && qAbs(c.blue() - text.blue()) <= 16;
        }
    }
    QVERIFY(found);
}

QTEST_MAIN(tst_Chip)
#include "tst_chip.moc"
