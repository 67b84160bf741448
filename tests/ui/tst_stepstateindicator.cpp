#include "ui/StepStateIndicator.h"

#include <QAccessible>
#include <QTest>

using namespace Qt::StringLiterals;
using Terrarium::Core::StepState;
using Terrarium::Widgets::StepStateIndicator;

Q_DECLARE_METATYPE(StepState)

class tst_StepStateIndicator : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void accessibleText_data();
    void accessibleText();
    void spinsOnlyWhileRunningAndVisible();
    void sizeFollowsTheFont();
};

void tst_StepStateIndicator::accessibleText_data()
{
    QTest::addColumn<StepState>("state");
    QTest::addColumn<QString>("text");
    QTest::newRow("pending") << StepState::Pending << u"Pending"_s;
    QTest::newRow("running") << StepState::Running << u"Running"_s;
    QTest::newRow("done") << StepState::Done << u"Done"_s;
    QTest::newRow("failed") << StepState::Failed << u"Failed"_s;
    QTest::newRow("skipped") << StepState::Skipped << u"Skipped"_s;
    QTest::newRow("undone") << StepState::Undone
                            << u"Undone: the sandbox was rolled back to before this step"_s;
}

void tst_StepStateIndicator::accessibleText()
{
    QFETCH(StepState, state);
    QFETCH(QString, text);
    StepStateIndicator indicator;
    indicator.show();
    indicator.setState(state);
    QCOMPARE(indicator.state(), state);
    QAccessibleInterface *accessible = QAccessible::queryAccessibleInterface(&indicator);
    QVERIFY(accessible);
    QCOMPARE(accessible->text(QAccessible::Name), text);
    QCOMPARE(indicator.toolTip(), text);
}

void tst_StepStateIndicator::spinsOnlyWhileRunningAndVisible()
{
    StepStateIndicator indicator;
    indicator.setState(StepState::Running);
    QVERIFY(!indicator.isAnimating()); // not shown yet
    indicator.show();
    QVERIFY(QTest::qWaitForWindowExposed(&indicator));
    QVERIFY(indicator.isAnimating());
    // It really repaints: two grabs a few frames apart differ.
    const QImage before = indicator.grab().toImage();
    QTRY_VERIFY(indicator.grab().toImage() != before);
    indicator.hide();
    QVERIFY(!indicator.isAnimating());
    indicator.show();
    QVERIFY(indicator.isAnimating());
    indicator.setState(StepState::Done);
    QVERIFY(!indicator.isAnimating());
}

void tst_StepStateIndicator::sizeFollowsTheFont()
{
    StepStateIndicator indicator;
    QFont font = indicator.font();
    font.setPixelSize(12);
    indicator.setFont(font);
    const QSize small = indicator.sizeHint();
    font.setPixelSize(24);
    indicator.setFont(font);
    QVERIFY(indicator.sizeHint().height() >= small.height() * 3 / 2);
    QCOMPARE(indicator.sizeHint().width(), indicator.sizeHint().height());
}

QTEST_MAIN(tst_StepStateIndicator)
#include "tst_stepstateindicator.moc"
