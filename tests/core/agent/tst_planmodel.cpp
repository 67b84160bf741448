#include "core/agent/PlanModel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace Terrarium::Core;

class tst_PlanModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void setPlanAssignsIdsAndRevision();
    void stepUpdatesReachTheView();
    void reviseKeepsFinishedStepsAndReplacesTheRest();
    void oldRevisionsStayInspectable();
    void skipPendingMarksTheRest();
    void roleNamesForViews();

private:
    PlanModel *m_model = nullptr;
    QAbstractItemModelTester *m_tester = nullptr;
};

void tst_PlanModel::init()
{
    m_model = new PlanModel(this);
    m_tester = new QAbstractItemModelTester(
        m_model, QAbstractItemModelTester::FailureReportingMode::QtTest, this);
}

void tst_PlanModel::cleanup()
{
    delete m_tester;
    delete m_model;
}

void tst_PlanModel::setPlanAssignsIdsAndRevision()
{
    QSignalSpy revisions(m_model, &PlanModel::revisionChanged);
    m_model->setPlan({QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")});
    QCOMPARE(m_model->rowCount(), 3);
    QCOMPARE(m_model->revision(), 1);
    QCOMPARE(revisions.count(), 1);
    QCOMPARE(m_model->data(m_model->index(1), PlanModel::IdRole).toInt(), 2);
    QCOMPARE(m_model->data(m_model->index(1), Qt::DisplayRole).toString(), QStringLiteral("b"));
    QCOMPARE(m_model->data(m_model->index(1), PlanModel::StateNameRole).toString(),
             QStringLiteral("pending"));
    QVERIFY(!m_model->data(m_model->index(1), PlanModel::ExitCodeRole).isValid());
    QCOMPARE(m_model->nextPendingStep(), 1);
}

void tst_PlanModel::stepUpdatesReachTheView()
{
    m_model->setPlan({QStringLiteral("a"), QStringLiteral("b")});
    QSignalSpy changed(m_model, &QAbstractItemModel::dataChanged);
    m_model->setStepState(1, StepState::Running);
    m_model->setStepCommand(1, QStringLiteral("ls -la"));
    m_model->setStepResult(1, 0, 42);
    m_model->setStepState(1, StepState::Done);
    QCOMPARE(changed.count(), 4);
    QCOMPARE(changed.first().at(0).value<QModelIndex>().row(), 0);
    const QModelIndex first = m_model->index(0);
    QCOMPARE(m_model->data(first, PlanModel::StateRole).toInt(), int(StepState::Done));
    QCOMPARE(m_model->data(first, PlanModel::CommandRole).toString(), QStringLiteral("ls -la"));
    QCOMPARE(m_model->data(first, PlanModel::ExitCodeRole).toInt(), 0);
    QCOMPARE(m_model->data(first, PlanModel::DurationRole).toLongLong(), 42);
    QCOMPARE(m_model->nextPendingStep(), 2);
    // Unknown ids change nothing.
    m_model->setStepState(99, StepState::Failed);
    QCOMPARE(changed.count(), 4);
}

void tst_PlanModel::reviseKeepsFinishedStepsAndReplacesTheRest()
{
    m_model->setPlan({QStringLiteral("install"), QStringLiteral("build"), QStringLiteral("test")});
    m_model->setStepState(1, StepState::Done);
    m_model->setStepState(2, StepState::Failed);
    m_model->revise(
        {QStringLiteral("install headers"), QStringLiteral("build"), QStringLiteral("test")});
    QCOMPARE(m_model->revision(), 2);
    const QList<PlanStep> &steps = m_model->steps();
    QCOMPARE(steps.size(), 5);
    QCOMPARE(steps.at(0).title, QStringLiteral("install"));
    QCOMPARE(steps.at(0).state, StepState::Done);
    QCOMPARE(steps.at(1).title, QStringLiteral("build"));
    QCOMPARE(steps.at(1).state, StepState::Failed);
    QCOMPARE(steps.at(2).title, QStringLiteral("install headers"));
    QCOMPARE(steps.at(2).revision, 2);
    // The numbers go on from the last step that started: the replaced pending step 3 never
    // ran, so the new steps are 3, 4 and 5, not 4, 5 and 6.
    QCOMPARE(steps.at(2).id, 3);
    QCOMPARE(steps.at(3).id, 4);
    QCOMPARE(steps.at(4).id, 5);
    QCOMPARE(m_model->nextPendingStep(), 3);
    // The earlier revision keeps the step it replaced, under its own number.
    QCOMPARE(m_model->revisions().at(0).at(2).id, 3);
    QCOMPARE(m_model->revisions().at(0).at(2).title, QStringLiteral("test"));

    // A step dropped while it ran keeps its number for good, also after the next revision.
    m_model->setStepState(3, StepState::Running);
    m_model->revise({QStringLiteral("again")});
    QCOMPARE(m_model->steps().last().id, 4);
    m_model->revise({QStringLiteral("once more")});
    QCOMPARE(m_model->steps().last().id, 4);
    QCOMPARE(m_model->steps().size(), 3);
}

void tst_PlanModel::oldRevisionsStayInspectable()
{
    m_model->setPlan({QStringLiteral("a"), QStringLiteral("b")});
    m_model->setStepState(1, StepState::Failed);
    m_model->revise({QStringLiteral("fix a"), QStringLiteral("b")});
    m_model->setStepState(3, StepState::Failed);
    m_model->revise({QStringLiteral("fix again")});
    QCOMPARE(m_model->revisions().size(), 2);
    QCOMPARE(m_model->revisions().at(0).size(), 2);
    QCOMPARE(m_model->revisions().at(0).at(1).title, QStringLiteral("b"));
    QCOMPARE(m_model->revisions().at(0).at(0).state, StepState::Failed);
    QCOMPARE(m_model->revisions().at(1).size(), 3);
    QCOMPARE(m_model->revision(), 3);
}

void tst_PlanModel::skipPendingMarksTheRest()
{
    m_model->setPlan({QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")});
    m_model->setStepState(1, StepState::Done);
    m_model->skipPending();
    QCOMPARE(m_model->steps().at(0).state, StepState::Done);
    QCOMPARE(m_model->steps().at(1).state, StepState::Skipped);
    QCOMPARE(m_model->steps().at(2).state, StepState::Skipped);
    QCOMPARE(m_model->nextPendingStep(), -1);
}

void tst_PlanModel::roleNamesForViews()
{
    const auto names = m_model->roleNames();
    QCOMPARE(names.value(PlanModel::TitleRole), QByteArray("title"));
    QCOMPARE(names.value(PlanModel::StateNameRole), QByteArray("stateName"));
    QCOMPARE(names.value(Qt::DisplayRole), QByteArray("display"));
}

QTEST_GUILESS_MAIN(tst_PlanModel)
#include "tst_planmodel.moc"
