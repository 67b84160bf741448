// The window at start-up with a real Podman container a run left behind: it names the
// container in a dialog and removes it on Remove; a container some Terrarium holds is neither
// named nor removed.
#include "app/WindowController.h"
#include "tests/support/PodmanTestBackend.h"
#include "ui/MainWindow.h"
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

private:
    bool exists(const QString &name) const;
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

QTEST_MAIN(tst_OrphanWindow)
#include "tst_orphanwindow.moc"
