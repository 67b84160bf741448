// The plan checklist as painted: every step state's mark stands out from the list's background
// (3:1, WCAG 1.4.11) in a light and a dark palette. Pictures in
// <build>/screenshots/planview-{light,dark}.png, to look at.
#include "core/agent/PlanModel.h"
#include "tests/TestPaths.h"
#include "tests/support/DarkPalette.h"
#include "ui/PlanStepDelegate.h"
#include "ui/PlanView.h"
#include "ui/UiColors.h"

#include <QDir>
#include <QListView>
#include <QStyle>
#include <QStyleFactory>
#include <QTest>

#include <memory>

using namespace Terrarium;
using Core::StepState;
using Widgets::PlanView;

namespace { } // namespace

class tst_PlanView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void marksStandOutFromTheBackground_data();
    void marksStandOutFromTheBackground();
    void endedStepsSayHowAsTheirCardsDo();
};

void tst_PlanView::endedStepsSayHowAsTheirCardsDo()
{
    Core::PlanModel model;
    model.setPlan({QStringLiteral("build"), QStringLiteral("test"), QStringLiteral("wait"),
                   QStringLiteral("ok")});
    // Stop sent SIGTERM to the second (exit 143); the third ran past the step timeout.
    const QList<std::tuple<StepState, int>> ended = {{StepState::Failed, 1},
                                                     {StepState::Cancelled, 143},
                                                     {StepState::TimedOut, 124},
                                                     {StepState::Done, 0}};
    for (int row = 0; row < ended.size(); ++row) {
        const int id = model.steps().at(row).id;
        model.setStepResult(id, std::get<1>(ended.at(row)), 10);
        model.setStepState(id, std::get<0>(ended.at(row)));
    }
    bool failure = false;
    QCOMPARE(Widgets::PlanStepDelegate::endText(model.index(0), &failure),
             QStringLiteral("exit 1"));
    QVERIFY(failure);
    QCOMPARE(Widgets::PlanStepDelegate::endText(model.index(1), &failure),
             QStringLiteral("cancelled"));
    QVERIFY(!failure);
    QCOMPARE(Widgets::PlanStepDelegate::endText(model.index(2), &failure),
             QStringLiteral("timed out"));
    QVERIFY(failure);
    QVERIFY(Widgets::PlanStepDelegate::endText(model.index(3)).isEmpty());
}

void tst_PlanView::marksStandOutFromTheBackground_data()
{
    QTest::addColumn<bool>("dark");
    QTest::newRow("light") << false;
    QTest::newRow("dark") << true;
}

void tst_PlanView::marksStandOutFromTheBackground()
{
    QFETCH(bool, dark);
    const std::unique_ptr<QStyle> fusion(QStyleFactory::create(QStringLiteral("Fusion")));
    Core::PlanModel model;
    const QList<std::pair<QString, StepState>> states = {
        {QStringLiteral("pending"), StepState::Pending},
        {QStringLiteral("running"), StepState::Running},
        {QStringLiteral("done"), StepState::Done},
        {QStringLiteral("failed"), StepState::Failed},
        {QStringLiteral("skipped"), StepState::Skipped},
        {QStringLiteral("undone"), StepState::Undone},
        {QStringLiteral("awaiting approval"), StepState::AwaitingApproval},
        {QStringLiteral("denied"), StepState::Denied},
        {QStringLiteral("timed out"), StepState::TimedOut},
        {QStringLiteral("cancelled"), StepState::Cancelled},
    };
    QStringList titles;
    for (const auto &[name, state] : states)
        titles << name;
    model.setPlan(titles);
    for (int row = 0; row < states.size(); ++row)
        model.setStepState(model.steps().at(row).id, states.at(row).second);

    PlanView view;
    view.setStyle(fusion.get());
    view.listView()->setStyle(fusion.get());
    const QPalette palette = dark ? Tests::darkPalette() : fusion->standardPalette();
    view.setPalette(palette);
    view.setPlanModel(&model);
    view.resize(320, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QListView *list = view.listView();
    list->clearSelection();
    list->setCurrentIndex({});
    const QColor base = list->palette().color(QPalette::Base);
    const QImage image = list->viewport()->grab().toImage();
    const QString pictures = QStringLiteral(TERRARIUM_BINARY_DIR "/screenshots");
    QDir().mkpath(pictures);
    image.save(
        QDir(pictures).filePath(QStringLiteral("planview-%1.png")
                                    .arg(dark ? QStringLiteral("dark") : QStringLiteral("light"))));
    const qreal scale = image.devicePixelRatio();
    const QFontMetrics metrics(list->font());
    for (int row = 0; row < states.size(); ++row) {
        // The mark sits at the row's left, before the title: its strongest pixel is its colour.
        const QRect rect = list->visualRect(model.index(row));
        const int markRight = rect.left() + metrics.height() / 3 + metrics.height() + 1;
        double strongest = 1.0;
        for (int y = int(rect.top() * scale); y < int(rect.bottom() * scale); ++y) {
            for (int x = int(rect.left() * scale); x < int(markRight * scale); ++x)
                strongest = std::max(
                    strongest, Widgets::UiColors::contrastRatio(image.pixelColor(x, y), base));
        }
        QVERIFY2(strongest >= 3.0,
                 qPrintable(QStringLiteral("%1: %2:1 on %3")
                                .arg(states.at(row).first)
                                .arg(strongest, 0, 'f', 2)
                                .arg(base.name())));
    }
}

QTEST_MAIN(tst_PlanView)
#include "tst_planview.moc"
