// Runbooks from runs kept in a real SQLite run store: the commands that succeeded, in order,
// written to a new .yaml file that TaskFile reads back; runs that cannot be exported refused
// with a reason, and an existing file never touched.
#include "core/config/TaskFile.h"
#include "core/store/RunStore.h"
#include "core/store/RunbookExporter.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace Terrarium::Core;

namespace {

// Records a run's events the way a run session does.
class RunWriter
{
public:
    RunWriter(RunStore &store, const QString &runId, const QString &goal)
        : m_store(store)
        , m_runId(runId)
    {
        StoredRun run;
        run.runId = runId;
        run.goal = goal;
        run.sandbox = QStringLiteral("podman");
        run.workspace = QStringLiteral("/tmp/w");
        run.startedAt = QDateTime::currentDateTimeUtc();
        m_begun = bool(store.beginRun(run));
    }
    bool isBegun() const { return m_begun; }

    void add(RunEventType type, const QJsonObject &payload)
    {
        RunEvent event;
        event.runId = m_runId;
        event.seq = ++m_seq;
        event.timestamp = QDateTime::currentDateTimeUtc();
        event.data = RunEvent::dataFromJson(type, payload);
        m_store.append(event);
    }
    void step(int id, const QString &title, const QString &command, int exitCode)
    {
        add(RunEventType::StepExecuting, {{"step", title}, {"step_id", id}, {"command", command}});
        add(RunEventType::StepResult, {{"step_id", id}, {"exit_code", exitCode}});
        if (exitCode != 0)
            add(RunEventType::ErrorDetected,
                {{"error", "exited"}, {"failed_step", title}, {"step_id", id}, {"kind", "failed"}});
    }
    void end(const QString &status)
    {
        add(RunEventType::WorkflowComplete, {{"status", status}});
        m_store.flush();
    }

private:
    RunStore &m_store;
    QString m_runId;
    qint64 m_seq = 0;
    bool m_begun = false;
};

const QString tricky = QStringLiteral(u"cat > notes.txt <<'EOF'\nkey: \"value\" — 'ok' ✓\n"
                                      u"\tindented\nEOF\n");

} // namespace

class tst_RunbookExporter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void keepsTheCommandsThatSucceededInOrder();
    void exportedFileReadsBack();
    void refusesRunsThatDidNotSucceed_data();
    void refusesRunsThatDidNotSucceed();
    void neverOverwritesAFile();
    void onlyYamlFiles();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<RunStore> m_store;
};

void tst_RunbookExporter::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_store = std::make_unique<RunStore>();
    QVERIFY(m_store->open(m_dir->filePath(QStringLiteral("runs.sqlite"))));

    // A re-planned run: its first attempt failed, a denied step, an undone step, then success.
    RunWriter run(*m_store, QStringLiteral("run-ok"), QStringLiteral("print config.txt"));
    QVERIFY(run.isBegun());
    run.add(RunEventType::SetupProgress, {{"phase", "models"}, {"percent", 100}});
    run.add(RunEventType::PlanGenerated, {{"plan", QJsonArray{"Print it"}}, {"revision", 1}});
    run.step(1, QStringLiteral("Print it"), QStringLiteral("cat config.txt"), 1);
    run.add(RunEventType::RePlanning, {{"attempt", 1}});
    // Denied: it never ran.
    run.add(RunEventType::StepExecuting,
            {{"step", "Delete all"}, {"step_id", 2}, {"command", "rm -rf /"}});
    run.add(RunEventType::ErrorDetected, {{"step_id", 2}, {"kind", "denied"}});
    run.add(RunEventType::RePlanning, {{"attempt", 2}});
    run.step(3, QStringLiteral("  Write the notes  "), tricky, 0);
    // A risky step that failed and was rolled back, with the one before it kept.
    run.step(4, QStringLiteral("Break it"), QStringLiteral("chmod 000 notes.txt; false"), 1);
    run.add(RunEventType::StepUndone, {{"step_id", 4}, {"steps", QJsonArray{4}}});
    run.step(5, QStringLiteral("Create config.txt"),
             QStringLiteral("echo 'mode: demo' > config.txt"), 0);
    run.step(6, QStringLiteral("Print it"), QStringLiteral("cat config.txt"), 0);
    run.end(QStringLiteral("success"));
}

void tst_RunbookExporter::keepsTheCommandsThatSucceededInOrder()
{
    const auto runbook = RunbookExporter::runbook(*m_store, QStringLiteral("run-ok"));
    QVERIFY2(runbook.has_value(), qPrintable(runbook ? QString() : runbook.error().message));
    QCOMPARE(runbook->goal, QStringLiteral("print config.txt"));
    const QList<RunbookStep> expected = {
        {QStringLiteral("Write the notes"), tricky, 0},
        {QStringLiteral("Create config.txt"), QStringLiteral("echo 'mode: demo' > config.txt"), 0},
        {QStringLiteral("Print it"), QStringLiteral("cat config.txt"), 0},
    };
    QCOMPARE(runbook->steps, expected);
    // Nothing but the goal and the steps: the replay's sandbox is the user's choice.
    QVERIFY(runbook->requests().isEmpty());
}

void tst_RunbookExporter::exportedFileReadsBack()
{
    const QString path = m_dir->filePath(QStringLiteral("print-config.yaml"));
    const auto exported = RunbookExporter::exportRun(*m_store, QStringLiteral("run-ok"), path);
    QVERIFY2(exported.has_value(), qPrintable(exported ? QString() : exported.error().message));
    const auto loaded = TaskFile::load(path);
    QVERIFY2(loaded.has_value(), qPrintable(loaded ? QString() : loaded.error().message));
    QCOMPARE(*loaded, *RunbookExporter::runbook(*m_store, QStringLiteral("run-ok")));

    QFile file(path);
    // Issue 27: the run's commands are the user's alone until they share them.
    QCOMPARE(file.permissions() & ~(QFileDevice::ReadUser | QFileDevice::WriteUser),
             QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(file.readAll());
    // Says where it comes from and how to replay it.
    QVERIFY2(text.startsWith(QLatin1String("# Terrarium runbook of run run-ok, recorded in a "
                                           "podman sandbox")),
             qPrintable(text));
    QVERIFY2(text.contains(QLatin1String("terrarium --replay print-config.yaml")),
             qPrintable(text));
}

void tst_RunbookExporter::refusesRunsThatDidNotSucceed_data()
{
    QTest::addColumn<QString>("status"); // empty: never ended
    QTest::addColumn<QString>("message");

    QTest::newRow("failed") << "failed"
                            << "The run r failed; only a run that succeeded can be exported as a "
                               "runbook.";
    QTest::newRow("cancelled") << "cancelled"
                               << "The run r was cancelled; only a run that succeeded can be "
                                  "exported as a runbook.";
    QTest::newRow("running") << QString()
                             << "The run r is still running; only a run that succeeded can be "
                                "exported as a runbook.";
}

void tst_RunbookExporter::refusesRunsThatDidNotSucceed()
{
    QFETCH(QString, status);
    QFETCH(QString, message);

    RunWriter run(*m_store, QStringLiteral("r"), QStringLiteral("goal"));
    run.step(1, QStringLiteral("Do"), QStringLiteral("true"), 0);
    if (status.isEmpty())
        m_store->flush();
    else
        run.end(status);
    const QString path = m_dir->filePath(QStringLiteral("r.yaml"));
    const auto exported = RunbookExporter::exportRun(*m_store, QStringLiteral("r"), path);
    QVERIFY(!exported.has_value());
    QCOMPARE(exported.error().message, message);
    QVERIFY(!QFile::exists(path));

    const auto unknown = RunbookExporter::exportRun(*m_store, QStringLiteral("nope"), path);
    QVERIFY(!unknown.has_value());
    QCOMPARE(unknown.error().code, ErrorCode::NotFound);
    QCOMPARE(unknown.error().message,
             QStringLiteral("There is no run nope; terrarium --list-runs shows the kept runs."));
}

void tst_RunbookExporter::neverOverwritesAFile()
{
    const QString path = m_dir->filePath(QStringLiteral("mine.yaml"));
    QFile mine(path);
    QVERIFY(mine.open(QIODevice::WriteOnly));
    mine.write("goal: precious\n");
    mine.close();
    const auto exported = RunbookExporter::exportRun(*m_store, QStringLiteral("run-ok"), path);
    QVERIFY(!exported.has_value());
    QCOMPARE(exported.error().message,
             QStringLiteral("%1 exists; a runbook is only written to a new file.")
                 .arg(QDir::toNativeSeparators(path)));
    QVERIFY(mine.open(QIODevice::ReadOnly));
    QCOMPARE(mine.readAll(), QByteArray("goal: precious\n"));

    // A dangling link is not a new path either.
    const QString link = m_dir->filePath(QStringLiteral("link.yaml"));
    QVERIFY(QFile::link(m_dir->filePath(QStringLiteral("nowhere")), link));
    QVERIFY(!RunbookExporter::exportRun(*m_store, QStringLiteral("run-ok"), link));
    QVERIFY(!QFile::exists(m_dir->filePath(QStringLiteral("nowhere"))));

    // A run without a command has nothing to record.
    RunWriter empty(*m_store, QStringLiteral("empty"), QStringLiteral("nothing"));
    empty.end(QStringLiteral("success"));
    const auto none = RunbookExporter::exportRun(*m_store, QStringLiteral("empty"),
                                                 m_dir->filePath(QStringLiteral("e.yaml")));
    QVERIFY(!none.has_value());
    QVERIFY2(none.error().message.contains(QLatin1String("without running a command")),
             qPrintable(none.error().message));
}

void tst_RunbookExporter::onlyYamlFiles()
{
    const QString path = m_dir->filePath(QStringLiteral("book.txt"));
    const auto exported = RunbookExporter::exportRun(*m_store, QStringLiteral("run-ok"), path);
    QVERIFY(!exported.has_value());
    QCOMPARE(exported.error().message,
             QStringLiteral("%1: a runbook is a .yaml or .yml file")
                 .arg(QDir::toNativeSeparators(path)));
    QVERIFY(!QFile::exists(path));
}

QTEST_GUILESS_MAIN(tst_RunbookExporter)

#include "tst_runbookexporter.moc"
