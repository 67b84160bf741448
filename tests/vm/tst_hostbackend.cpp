#include "vm/HostBackend.h"

#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Terrarium;

// The host kind through the SandboxBackend interface the app uses for every kind.
class tst_HostBackend : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { qRegisterMetaType<Core::Error>(); }
    void preparesFromTheEventLoop();
    void createsHostSandboxesAndReleasesThem();
    void nothingOutlivesARun();
};

void tst_HostBackend::preparesFromTheEventLoop()
{
    Vm::HostBackend backend;
    QCOMPARE(backend.kind(), Vm::SandboxKind::Host);
    QSignalSpy prepared(&backend, &Vm::SandboxBackend::prepared);
    backend.prepare();
    QVERIFY(prepared.isEmpty());
    QVERIFY(prepared.wait(1000));
    QVERIFY(backend.isPrepared());
}

void tst_HostBackend::createsHostSandboxesAndReleasesThem()
{
    QTemporaryDir workspace;
    Vm::HostBackend backend;
    Vm::SandboxSpec spec;
    spec.name = QStringLiteral("tst-host-backend");
    spec.workspace = workspace.path();
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("UNCONFINED")));
    std::unique_ptr<Vm::Sandbox> sandbox(backend.create(spec));
    QCOMPARE(sandbox->kind(), Vm::SandboxKind::Host);
    sandbox->start();
    QTRY_VERIFY(sandbox->isRunning());
    // Keep is not possible on the host: releasing stops it either way.
    QVERIFY(!backend.canKeep());
    backend.release(sandbox.get(), Vm::SandboxBackend::Release::Keep);
    QTRY_COMPARE(sandbox->state(), Vm::Sandbox::State::Stopped);
}

void tst_HostBackend::nothingOutlivesARun()
{
    Vm::HostBackend backend;
    QSignalSpy listed(&backend, &Vm::SandboxBackend::listed);
    backend.refresh();
    QVERIFY(listed.wait(1000));
    QVERIFY(backend.sandboxes().isEmpty());
    QVERIFY(!backend.find(QStringLiteral("anything")));
    const auto attached = backend.attach(QStringLiteral("anything"));
    QVERIFY(!attached);
    QCOMPARE(attached.error().code, Core::ErrorCode::NotFound);
    QSignalSpy removeFailed(&backend, &Vm::SandboxBackend::removeFailed);
    backend.remove(QStringLiteral("anything"));
    QVERIFY(removeFailed.wait(1000));
}

QTEST_GUILESS_MAIN(tst_HostBackend)
#include "tst_hostbackend.moc"
