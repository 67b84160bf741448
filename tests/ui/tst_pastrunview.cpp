// A past run's bar: its buttons keep their places whether Resume… is offered or not (issue 28,
// item 13d: History's buttons moved when Resume… appeared).
#include "ui/PastRunView.h"

#include <QPushButton>
#include <QTest>

using Terrarium::Core::StoredRun;
using Terrarium::Widgets::PastRunView;

namespace {

StoredRun runWithStatus(const QString &status)
{
    StoredRun run;
    run.runId = QStringLiteral("run-%1").arg(status);
    run.goal = QStringLiteral("list the files");
    run.sandbox = QStringLiteral("podman");
    run.workspace = QStringLiteral("/tmp/workspace");
    run.startedAt = QDateTime::currentDateTimeUtc().addSecs(-60);
    run.endedAt = QDateTime::currentDateTimeUtc();
    run.status = status;
    return run;
}

} // namespace

class tst_PastRunView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void buttonsKeepTheirPlacesWithAndWithoutResume_data();
    void buttonsKeepTheirPlacesWithAndWithoutResume();
};

void tst_PastRunView::buttonsKeepTheirPlacesWithAndWithoutResume_data()
{
    QTest::addColumn<int>("width");
    QTest::newRow("wide") << 1000;
    // Narrower than the buttons need: the bar's layout had to make room for Resume….
    QTest::newRow("narrow") << 300;
}

void tst_PastRunView::buttonsKeepTheirPlacesWithAndWithoutResume()
{
    QFETCH(int, width);
    PastRunView view;
    view.resize(width, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const QStringList names{QStringLiteral("rerunButton"), QStringLiteral("deleteButton"),
                            QStringLiteral("backButton")};
    const auto geometries = [&view, &names] {
        QList<QRect> shown;
        for (const QString &name : names) {
            const auto *button = view.findChild<QPushButton *>(name);
            shown << (button ? QRect(button->mapTo(&view, QPoint()), button->size()) : QRect());
        }
        return shown;
    };
    auto *resume = view.findChild<QPushButton *>(QStringLiteral("resumeButton"));
    QVERIFY(resume);

    view.showRun(runWithStatus(QStringLiteral("success")), {}, {});
    QTRY_VERIFY(!resume->isVisible());
    QTest::qWait(20);
    const QList<QRect> without = geometries();
    for (const QRect &rect : without)
        QVERIFY(rect.isValid());

    view.showRun(runWithStatus(QStringLiteral("failed")), {}, {});
    QTRY_VERIFY(resume->isVisible());
    QTest::qWait(20);
    QCOMPARE(geometries(), without);
    // Resume… sits before them, not over them.
    const QRect resumeShown(resume->mapTo(&view, QPoint()), resume->size());
    QVERIFY(resumeShown.right() < without.first().left());

    view.showRun(runWithStatus(QStringLiteral("interrupted")), {}, {});
    QTest::qWait(20);
    QCOMPARE(geometries(), without);
    view.showRun(runWithStatus(QStringLiteral("cancelled")), {}, {});
    QTRY_VERIFY(!resume->isVisible());
    QTest::qWait(20);
    QCOMPARE(geometries(), without);
}

QTEST_MAIN(tst_PastRunView)
#include "tst_pastrunview.moc"
