// Which sandboxes are orphans, and how they are named: the pure half of OrphanFinder, with a
// real SQLite run store (the Podman half is in tst_podmanrun and tst_orphanwindow).
#include "app/OrphanFinder.h"
#include "core/store/RunStore.h"
#include "tests/support/StoredRunWriter.h"

#include <QTemporaryDir>
#include <QTest>

using namespace Terrarium;
using namespace Qt::StringLiterals;

namespace {

Vm::SandboxInfo sandbox(const QString &name, const QString &runId, bool keep = false,
                        bool inUse = false)
{
    Vm::SandboxInfo info;
    info.name = name;
    info.state = QStringLiteral("running");
    info.spec.name = name;
    info.spec.runId = runId;
    info.spec.keep = keep;
    info.inUse = inUse;
    return info;
}

} // namespace

class tst_OrphanFinder : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void selectsOnlyOrphansAndNamesTheirRuns();
    void withoutAStoreRunsAreNotNamed();
    void aRunThatEndedIsNotSaidToHaveNotEnded();
};

void tst_OrphanFinder::selectsOnlyOrphansAndNamesTheirRuns()
{
    QTemporaryDir dir;
    Core::RunStore store;
    QVERIFY(store.open(dir.filePath(QStringLiteral("runs.sqlite"))));
    // A goal with a terminal escape in it, and longer than a line should be.
    const QString goal = QStringLiteral("fix \x1b[2J the tests ") + QString(80, u'x');
    QVERIFY(store.beginRun({.runId = QStringLiteral("run-known"),
                            .goal = goal,
                            .sandbox = QStringLiteral("podman"),
                            .workspace = dir.path(),
                            .startedAt = QDateTime::currentDateTimeUtc(),
                            .endedAt = {},
                            .status = QStringLiteral("running"),
                            .lastSeq = 0}));

    const QList<Vm::SandboxInfo> listed{
        sandbox(QStringLiteral("terrarium-known"), QStringLiteral("run-known")),
        sandbox(QStringLiteral("terrarium-unknown"), QStringLiteral("run-unknown")),
        sandbox(QStringLiteral("terrarium-kept"), QStringLiteral("run-known"), true),
        sandbox(QStringLiteral("terrarium-held"), QStringLiteral("run-known"), false, true),
        sandbox(QStringLiteral("terrarium-old"), QString()),
    };
    const QList<App::Orphan> orphans =
        App::OrphanFinder::select(Vm::SandboxKind::Podman, listed, &store);
    QCOMPARE(orphans.size(), 2);
    QCOMPARE(orphans.at(0).sandbox.name, QStringLiteral("terrarium-known"));
    QCOMPARE(orphans.at(0).runId(), QStringLiteral("run-known"));
    QVERIFY(orphans.at(0).run);
    QCOMPARE(orphans.at(0).run->goal, goal);
    QCOMPARE(orphans.at(1).sandbox.name, QStringLiteral("terrarium-unknown"));
    QVERIFY(!orphans.at(1).run);

    const QString known = App::OrphanFinder::describe(orphans.at(0));
    QVERIFY2(known.startsWith(QLatin1String("terrarium-known (podman, running)")),
             qPrintable(known));
    QVERIFY2(known.contains(QLatin1String("run-known (running): fix ")), qPrintable(known));
    QVERIFY2(!known.contains(QChar(0x1b)), qPrintable(known));
    QVERIFY2(known.endsWith(QChar(0x2026)) && known.size() < 160, qPrintable(known));
    const QString unknown = App::OrphanFinder::describe(orphans.at(1));
    QVERIFY2(unknown.contains(QLatin1String("run-unknown (not in the run store)")),
             qPrintable(unknown));
    QCOMPARE(App::OrphanFinder::heading({orphans.at(0)}),
             u"An earlier run that did not end left its sandbox behind:"_s);
}

void tst_OrphanFinder::aRunThatEndedIsNotSaidToHaveNotEnded()
{
    // The window held the sandbox of a run that succeeded for its terminals and was killed:
    // the run did end; Terrarium did not let go of its sandbox.
    QTemporaryDir dir;
    Core::RunStore store;
    QVERIFY(store.open(dir.filePath(u"runs.sqlite"_s)));
    Tests::StoredRunWriter(store, u"run-done"_s, u"build it"_s).setup(10).complete(u"success"_s);
    const QList<App::Orphan> orphans = App::OrphanFinder::select(
        Vm::SandboxKind::Podman, {sandbox(u"terrarium-done"_s, u"run-done"_s)}, &store);
    QCOMPARE(orphans.size(), 1);
    const QString line = App::OrphanFinder::describe(orphans.first());
    QVERIFY2(line.contains(u"run-done (it succeeded): build it"_s), qPrintable(line));
    const QString heading = App::OrphanFinder::heading(orphans);
    QVERIFY2(!heading.contains(u"did not end"_s), qPrintable(heading));
    QVERIFY2(heading.contains(u"had ended"_s), qPrintable(heading));
}

void tst_OrphanFinder::withoutAStoreRunsAreNotNamed()
{
    const QList<App::Orphan> orphans = App::OrphanFinder::select(
        Vm::SandboxKind::Libvirt,
        {sandbox(QStringLiteral("terrarium-vm"), QStringLiteral("run-1"))}, nullptr);
    QCOMPARE(orphans.size(), 1);
    QCOMPARE(orphans.first().kind, Vm::SandboxKind::Libvirt);
    QVERIFY(!orphans.first().run);
    QVERIFY(App::OrphanFinder::describe(orphans.first())
                .startsWith(QLatin1String("terrarium-vm (libvirt, running)")));
}

QTEST_GUILESS_MAIN(tst_OrphanFinder)
#include "tst_orphanfinder.moc"
