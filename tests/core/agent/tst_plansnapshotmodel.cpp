#include "core/agent/PlanModel.h"
#include "core/agent/PlanSnapshotModel.h"

#include <QAbstractItemModelTester>
#include <QTest>

using namespace Terrarium::Core;

class tst_PlanSnapshotModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void showsAReplacedRevision();
};

void tst_PlanSnapshotModel::showsAReplacedRevision()
{
    PlanModel plan;
    plan.setPlan({QStringLiteral("print config"), QStringLiteral("done")});
    plan.setStepCommand(1, QStringLiteral("cat config.txt"));
    plan.setStepResult(1, 1, 12);
    plan.setStepState(1, StepState::Failed);
    plan.revise({QStringLiteral("create config"), QStringLiteral("print config")});

    PlanSnapshotModel snapshot;
    QAbstractItemModelTester tester(&snapshot,
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    snapshot.setSteps(plan.revisions().first(), 1);
    QCOMPARE(snapshot.revision(), 1);
    QCOMPARE(snapshot.rowCount(), 2);
    const QModelIndex first = snapshot.index(0);
    QCOMPARE(snapshot.data(first, PlanModel::TitleRole).toString(), QStringLiteral("print config"));
    QCOMPARE(snapshot.data(first, PlanModel::StateRole).toInt(), int(StepState::Failed));
    QCOMPARE(snapshot.data(first, PlanModel::CommandRole).toString(),
             QStringLiteral("cat config.txt"));
    QCOMPARE(snapshot.data(first, PlanModel::ExitCodeRole).toInt(), 1);
    QCOMPARE(snapshot.data(snapshot.index(1), PlanModel::StateNameRole).toString(),
             QStringLiteral("pending"));
    QCOMPARE(snapshot.roleNames(), plan.roleNames());

    snapshot.setSteps({}, 0);
    QCOMPARE(snapshot.rowCount(), 0);
}

QTEST_GUILESS_MAIN(tst_PlanSnapshotModel)
#include "tst_plansnapshotmodel.moc"
