// The window at start-up with a real Podman container a run left behind: it names the
// container in a dialog and removes it on Remove; a container some Terrarium holds is neither
// named nor removed. When the store remembers the run as interrupted, the dialog offers to
// resume it, and the resumed run goes on in that very container.
#include "app/WindowController.h"
#include "core/agent/RunState.h"
#include "core/store/RunStore.h"
#include "tests/support/LlmTestServer.h"
#include "tests/support/PodmanTestBackend.h"
#include "tests/support/ScriptedTurns.h"
#include "tests/support/StoredRunWriter.h"
#include "ui/MainWindow.h"
#include "ui/RunTimeline.h"
#include "ui/StepCard.h"
#include "vm/Sandbox.h"

#include <QApplication>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Terrarium;

class tst_OrphanWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void windowOffersToRemoveOrphans();
    void windowResumesTheRunOfAnOrphan();

private:
    bool exists(const QString &name) const;
    // podman with the test backend's arguments; its exit code, or -1 when it did not finish.
    int podman(const QStringList &arguments) const;
    // Started and running, or null.
    Vm::Sandbox *startSandbox(const QString &name, const QString &runId);

    std::unique_ptr<Vm::PodmanBackend> m_backend;
    QTemporaryDir m_dir;
};

bool tst_OrphanWindow::exists(const QString &name) const
{
    QProcess ps;
    ps.start(m_backend->host().podman,
             m_backend->host().globalArguments() << QStringLiteral("ps") << QStringLiteral("--all")
                                                 << QStringLiteral("--format={{.Names}}"));
    ps.waitForFinished(30000);
    return QString::fromUtf8(ps.readAllStandardOutput())
        .split(u'\n', Qt::SkipEmptyParts)
        .contains(name);
}

int tst_OrphanWindow::podman(const QStringList &arguments) const
{
    QProcess process;
    process.start(m_backend->host().podman, m_backend->host().globalArguments() << arguments);
    if (!process.waitForFinished(60000) || process.exitStatus() != QProcess::NormalExit)
        return -1;
    return process.exitCode();
}

Vm::Sandbox *tst_OrphanWindow::startSandbox(const QString &name, const QString &runId)
{
    Vm::SandboxSpec spec;
    spec.name = name;
    spec.runId = runId;
    spec.workspace = m_dir.path();
    Vm::Sandbox *sandbox = m_backend->create(spec, this);
    QSignalSpy changed(sandbox, &Vm::Sandbox::stateChanged);
    sandbox->start();
    QElapsedTimer clock;
    clock.start();
    while (sandbox->state() == Vm::Sandbox::State::Starting && clock.elapsed() < 120000)
        changed.wait(200);
    if (!sandbox->isRunning())
        return nullptr;
    return sandbox;
}

void tst_OrphanWindow::windowOffersToRemoveOrphans()
{
    m_backend = Tests::PodmanTestBackend::prepare();
    QVERIFY(m_backend);
    const qint64 pid = QCoreApplication::applicationPid();
    const QString orphanName = QStringLiteral("tst-orphanwin-left-%1").arg(pid);
    const QString heldName = QStringLiteral("tst-orphanwin-held-%1").arg(pid);

    // One container let go as a killed Terrarium would (running, its lock gone), one held.
    Vm::Sandbox *left = startSandbox(orphanName, QStringLiteral("run-left-%1").arg(pid));
    QVERIFY(left);
    m_backend->release(left, Vm::SandboxBackend::Release::Keep);
    QCOMPARE(left->state(), Vm::Sandbox::State::Stopped);
    Vm::Sandbox *held = startSandbox(heldName, QStringLiteral("run-held-%1").arg(pid));
    QVERIFY(held);

    QSettings settings(m_dir.filePath(QStringLiteral("terrarium.conf")), QSettings::IniFormat);
    settings.setValue(QStringLiteral("sandbox/kind"), QStringLiteral("podman"));
    settings.sync();
    Widgets::MainWindow window;
    App::WindowController controller(&window, &settings, Core::ConfigOverrides());
    window.show();

    QMessageBox *dialog = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT(
        (dialog = window.findChild<QMessageBox *>(QStringLiteral("orphansDialog"))), 60000);
    QVERIFY(dialog->isVisible());
    QVERIFY2(dialog->informativeText().contains(orphanName), qPrintable(dialog->informativeText()));
    QVERIFY2(dialog->informativeText().contains(QStringLiteral("run-left-%1").arg(pid)),
             qPrintable(dialog->informativeText()));
    QVERIFY2(!dialog->informativeText().contains(heldName), qPrintable(dialog->informativeText()));
    // The window stays usable meanwhile.
    QVERIFY(!dialog->isModal());

    QPushButton *remove = nullptr;
    for (QAbstractButton *button : dialog->buttons()) {
        if (button->text() == QLatin1String("Remove"))
            remove = qobject_cast<QPushButton *>(button);
    }
    QVERIFY(remove);
    remove->click();
    QTRY_VERIFY_WITH_TIMEOUT(!exists(orphanName), 60000);
    QVERIFY(exists(heldName));

    QSignalSpy stopped(held, &Vm::Sandbox::stateChanged);
    m_backend->release(held, Vm::SandboxBackend::Release::Destroy);
    QTRY_VERIFY_WITH_TIMEOUT(held->state() == Vm::Sandbox::State::Stopped, 60000);
    QVERIFY(!exists(heldName));
}

void tst_OrphanWindow::windowResumesTheRunOfAnOrphan()
{
    m_backend = Tests::PodmanTestBackend::prepare();
    QVERIFY(m_backend);
    const qint64 pid = QCoreApplication::applicationPid();
    const QString name = QStringLiteral("tst-orphanwin-resume-%1").arg(pid);
    const QString runId = QStringLiteral("run-resume-%1").arg(pid);

    // The run's first step left a file in its container; then the process died (the container
    // let go as a SIGKILL leaves it).
    Vm::Sandbox *left = startSandbox(name, runId);
    QVERIFY(left);
    QCOMPARE(podman({QStringLiteral("exec"), name, QStringLiteral("sh"), QStringLiteral("-c"),
                     QStringLiteral("echo made-by-step-1 > /tmp/marker")}),
             0);
    m_backend->release(left, Vm::SandboxBackend::Release::Keep);
    const QString workspace = m_dir.filePath(QStringLiteral("resume-workspace"));
    QVERIFY(QDir().mkpath(workspace));
    {
        // The store remembers it as a run killed in its second step ("interrupted").
        Core::RunStore store;
        QVERIFY(store.open(Core::RunStore::defaultPath()));
        Tests::StoredRunWriter writer(store, runId, QStringLiteral("leave a marker and read it"),
                                      QStringLiteral("podman"), QDateTime::currentDateTimeUtc(),
                                      workspace);
        QVERIFY(writer.isBegun());
        writer.plan({QStringLiteral("Leave a marker"), QStringLiteral("Read the marker")});
        writer.step(1, QStringLiteral("Leave a marker"),
                    QStringLiteral("echo made-by-step-1 > /tmp/marker"), {}, 0, 40);
        writer.event(Core::RunEventType::StepExecuting,
                     {{QStringLiteral("step"), QStringLiteral("Read the marker")},
                      {QStringLiteral("step_id"), 2},
                      {QStringLiteral("command"), QStringLiteral("sleep 100")}});
        QVERIFY(store.flush());
    }

    // The model, asked again, plans what is left.
    Tests::LlmTestServer server;
    QVERIFY(server.listen());
    server.enqueue(Tests::ScriptedTurns::plan(Core::LlmProvider::ChatCompletions,
                                              {QStringLiteral("Read the marker")}));
    server.enqueue(Tests::ScriptedTurns::command(Core::LlmProvider::ChatCompletions,
                                                 QStringLiteral("cat /tmp/marker")));
    QSettings settings(m_dir.filePath(QStringLiteral("resume.conf")), QSettings::IniFormat);
    settings.setValue(QStringLiteral("sandbox/kind"), QStringLiteral("podman"));
    settings.setValue(QStringLiteral("llm/provider"), QStringLiteral("chat"));
    settings.setValue(QStringLiteral("llm/base_url"), server.baseUrl().toString());
    settings.setValue(QStringLiteral("llm/model"), QStringLiteral("scripted"));
    settings.sync();
    auto window = std::make_unique<Widgets::MainWindow>();
    auto controller =
        std::make_unique<App::WindowController>(window.get(), &settings, Core::ConfigOverrides());
    std::optional<Core::RunState> endedAs;
    connect(controller.get(), &App::WindowController::runEnded, this,
            [&endedAs](Core::RunState state) { endedAs = state; });
    window->show();

    QMessageBox *dialog = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT(
        (dialog = window->findChild<QMessageBox *>(QStringLiteral("orphansDialog"))), 60000);
    QVERIFY2(dialog->informativeText().contains(runId), qPrintable(dialog->informativeText()));
    QVERIFY2(dialog->informativeText().contains(QStringLiteral("interrupted")),
             qPrintable(dialog->informativeText()));
    auto *resume = dialog->findChild<QPushButton *>(QStringLiteral("resumeOrphanButton"));
    QVERIFY(resume);
    QCOMPARE(resume->text(), QStringLiteral("Resume Run"));
    resume->click();

    QTRY_VERIFY_WITH_TIMEOUT(endedAs.has_value(), 180000);
    QCOMPARE(*endedAs, Core::RunState::Success);
    // The window shows the run whole: the step done before, where it went on, what it did now.
    const QList<Widgets::StepCard *> cards = window->timeline()->cards();
    QVERIFY(cards.size() >= 2);
    QCOMPARE(cards.first()->title(), QStringLiteral("Leave a marker"));
    QCOMPARE(cards.first()->state(), Core::StepState::Done);
    QCOMPARE(cards.last()->title(), QStringLiteral("Read the marker"));
    QCOMPARE(cards.last()->state(), Core::StepState::Done);
    QVERIFY2(window->timeline()->notices().join(u'\n').contains(QStringLiteral("Resumed")),
             qPrintable(window->timeline()->notices().join(u'\n')));
    {
        Core::RunStore store;
        QVERIFY(store.open(Core::RunStore::defaultPath()));
        const auto run = store.run(runId);
        QVERIFY(run);
        QCOMPARE(run->status, QStringLiteral("success"));
        // The marker was read in the container the first step wrote it in.
        bool readTheMarker = false;
        for (const Core::RunEvent &event : store.events(runId)) {
            if (const auto *output = event.get<Core::Events::StepOutput>())
                readTheMarker = readTheMarker || output->data.contains(u"made-by-step-1");
        }
        QVERIFY(readTheMarker);
        controller.reset();
        window.reset();
        QVERIFY(store.removeRun(runId));
    }
    QCOMPARE(
        podman({QStringLiteral("rm"), QStringLiteral("--force"), QStringLiteral("--ignore"), name}),
        0);
    QVERIFY(!exists(name));
}

QTEST_MAIN(tst_OrphanWindow)
#include "tst_orphanwindow.moc"
