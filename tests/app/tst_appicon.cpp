// The application icon from the resources (resources/terrarium.qrc): every size a desktop asks
// for, drawn as the packaged icon is (the dark terrarium in its green frame).
#include "app/AppIcon.h"

#include <QApplication>
#include <QImage>
#include <QTest>

class tst_AppIcon : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everySizeIsThere();
    void itIsTheTerrarium();
};

void tst_AppIcon::everySizeIsThere()
{
    const QIcon icon = Terrarium::App::applicationIcon();
    QVERIFY(!icon.isNull());
    QList<QSize> sizes = icon.availableSizes();
    QCOMPARE(sizes.size(), 8);
    for (const int size : {16, 22, 24, 32, 48, 64, 128, 256})
        QVERIFY2(sizes.contains(QSize(size, size)), qPrintable(QString::number(size)));
}

void tst_AppIcon::itIsTheTerrarium()
{
    const QImage image = Terrarium::App::applicationIcon().pixmap(QSize(128, 128)).toImage();
    QCOMPARE(image.size(), QSize(128, 128));
    // The glass's dark fill near the top left inside the frame, the green frame on the left.
    const QColor fill = image.pixelColor(24, 40);
    QVERIFY2(fill.lightness() < 60, qPrintable(fill.name()));
    const QColor frame = image.pixelColor(14, 64);
    QVERIFY2(frame.green() > 150 && frame.red() < 120, qPrintable(frame.name()));
    // Outside it, nothing.
    QCOMPARE(image.pixelColor(2, 2).alpha(), 0);
}

QTEST_MAIN(tst_AppIcon)
#include "tst_appicon.moc"
