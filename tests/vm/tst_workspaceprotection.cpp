// The host's side of keeping a workspace from running code on the host by itself: the audit
// looks at the places programs run files from before it walks (so a walk that runs out of
// entries cannot hide a hook), the host's own check of a mounted folder after a run, and which
// paths a container gets read-only over its mounted workspace.

#include "tests/core/workspace/WorkspaceTestTree.h"
#include "vm/AutorunMounts.h"
#include "vm/MountedWorkspaceCheck.h"
#include "vm/guest/WorkspaceAudit.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <time.h>

using namespace Terrarium;
using namespace Qt::StringLiterals;
using Mount = Vm::AutorunMounts::Mount;

namespace {

timespec now()
{
    // File times come from a clock that ticks every few ms (and may be finer than it): let it
    // move past what came before.
    QThread::msleep(50);
    timespec time{};
    ::clock_gettime(CLOCK_REALTIME_COARSE, &time);
    return time;
}

QStringList strings(const std::vector<std::string> &list)
{
    QStringList out;
    for (const std::string &item : list)
        out.append(QString::fromStdString(item));
    return out;
}

} // namespace

class tst_WorkspaceProtection : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void hooksAreFoundBeforeAFloodOfFiles();
    void aWalkThatStopsEarlySaysSo();
    void hostCheckFindsWhatTheSandboxLeft();
    void hostCheckOfACleanFolderSaysNothing();
    void readOnlyMountsCoverWhatExists();
    void linksAreNeverMountSources();
};

void tst_WorkspaceProtection::hooksAreFoundBeforeAFloodOfFiles()
{
    // The attack on the audit: a folder that sorts before .git ('#' < '.') holds more entries
    // than the walk looks at. The hook, the config and .envrc are found all the same.
    QTemporaryDir dir;
    Tests::WorkspaceTestTree tree(dir.path());
    QVERIFY(tree.file(u".git/HEAD"_s, "ref: refs/heads/main\n"));
    const timespec since = now();
    for (int i = 0; i < 300; ++i)
        QVERIFY(tree.file(u"#cache/%1"_s.arg(i), ""));
    QVERIFY(tree.file(u".git/hooks/post-checkout"_s, "#!/bin/sh\n", 0755));
    QVERIFY(tree.file(u".git/config"_s, "[core]\n\tfsmonitor = x\n"));
    QVERIFY(tree.file(u".envrc"_s, "x\n"));
    QVERIFY(tree.file(u"deep/nested/.git/hooks/pre-commit"_s, "#!/bin/sh\n", 0755));

    const Guest::WorkspaceAuditResult found =
        Guest::WorkspaceAudit::run(QFile::encodeName(dir.path()).toStdString(), since, 100);
    QVERIFY(found.truncated);
    QCOMPARE(strings(found.autorunChanged),
             (QStringList{u".envrc"_s, u".git/config"_s, u".git/hooks/post-checkout"_s}));

    // With room for everything: the nested repository's hook too, each path once.
    const Guest::WorkspaceAuditResult all =
        Guest::WorkspaceAudit::run(QFile::encodeName(dir.path()).toStdString(), since);
    QVERIFY(!all.truncated);
    QCOMPARE(strings(all.autorunChanged),
             (QStringList{u".envrc"_s, u".git/config"_s, u".git/hooks/post-checkout"_s,
                          u"deep/nested/.git/hooks/pre-commit"_s}));
}

void tst_WorkspaceProtection::aWalkThatStopsEarlySaysSo()
{
    QTemporaryDir dir;
    Tests::WorkspaceTestTree tree(dir.path());
    for (int i = 0; i < 50; ++i)
        QVERIFY(tree.file(u"a/%1"_s.arg(i), ""));
    QVERIFY(tree.file(u"z/tool"_s, "#!/bin/sh\n", 04755));
    const Guest::WorkspaceAuditResult cut =
        Guest::WorkspaceAudit::run(QFile::encodeName(dir.path()).toStdString(), now(), 20);
    QVERIFY(cut.truncated);
    QVERIFY(cut.setidCleared.empty()); // not reached: which is why the caller must say so
    const QStringList findings = Vm::MountedWorkspaceCheck::describe(dir.path(), cut);
    QCOMPARE(findings.size(), 1);
    QVERIFY2(findings.first().contains(u"could not look at all of it"_s),
             qPrintable(findings.first()));
}

void tst_WorkspaceProtection::hostCheckFindsWhatTheSandboxLeft()
{
    QTemporaryDir dir;
    Tests::WorkspaceTestTree tree(dir.path());
    QVERIFY(tree.file(u".git/config"_s, "[core]\n"));
    QVERIFY(tree.file(u"old.txt"_s, "old\n"));
    Vm::MountedWorkspaceCheck check(dir.path(), now());
    // What a step's background process writes after the step's own audit.
    QVERIFY(tree.file(u".git/hooks/post-checkout"_s, "#!/bin/sh\n", 0755));
    QVERIFY(tree.file(u"bin/su"_s, "#!/bin/sh\n", 04755));
    QVERIFY(tree.file(u"new.txt"_s, "new\n"));
    QSignalSpy finished(&check, &Vm::MountedWorkspaceCheck::finished);
    check.start();
    QVERIFY(finished.wait(10000));
    QCOMPARE(check.autorunChanged(), QStringList{u".git/hooks/post-checkout"_s});
    QCOMPARE(check.findings().size(), 2);
    QVERIFY2(check.findings().at(0).contains(u".git/hooks/post-checkout"_s),
             qPrintable(check.findings().at(0)));
    QVERIFY(check.findings().at(0).contains(dir.path()));
    QVERIFY2(check.findings().at(1).contains(u"bin/su"_s), qPrintable(check.findings().at(1)));
    // The host cleared the bit itself.
    QCOMPARE(QFileInfo(tree.path(u"bin/su"_s)).permissions() & QFileDevice::ExeOwner,
             QFileDevice::ExeOwner);
    struct stat st
    {
    };
    QCOMPARE(::stat(QFile::encodeName(tree.path(u"bin/su"_s)).constData(), &st), 0);
    QCOMPARE(int(st.st_mode & 07777), 0755);
}

void tst_WorkspaceProtection::hostCheckOfACleanFolderSaysNothing()
{
    QTemporaryDir dir;
    Tests::WorkspaceTestTree tree(dir.path());
    QVERIFY(tree.file(u".git/hooks/pre-commit"_s, "#!/bin/sh\n", 0755)); // from before the run
    Vm::MountedWorkspaceCheck check(dir.path(), now());
    QVERIFY(tree.file(u"src/main.c"_s, "int main;\n"));
    QSignalSpy finished(&check, &Vm::MountedWorkspaceCheck::finished);
    check.start();
    QVERIFY(finished.wait(10000));
    QVERIFY(check.isClean());

    Vm::MountedWorkspaceCheck gone(dir.path() + u"/missing"_s, now());
    QSignalSpy ended(&gone, &Vm::MountedWorkspaceCheck::finished);
    gone.start();
    QVERIFY(ended.wait(10000));
    QCOMPARE(gone.findings().size(), 1);
    QVERIFY(gone.findings().first().contains(u"could not be made"_s));
}

void tst_WorkspaceProtection::readOnlyMountsCoverWhatExists()
{
    QTemporaryDir dir;
    Tests::WorkspaceTestTree tree(dir.path());
    QVERIFY(tree.file(u".git/config"_s, "[core]\n"));
    QVERIFY(tree.file(u".git/HEAD"_s, "ref: refs/heads/main\n"));
    QVERIFY(tree.dir(u".git/objects"_s));
    QVERIFY(tree.file(u".git/modules/lib/HEAD"_s, "ref: refs/heads/main\n"));
    QVERIFY(tree.file(u".git/modules/lib/config"_s, "[core]\n"));
    QVERIFY(tree.dir(u".git/modules/lib/hooks"_s));
    QVERIFY(tree.file(u".envrc"_s, "x\n"));
    QVERIFY(tree.file(u".vscode/tasks.json"_s, "{}\n"));
    QVERIFY(tree.file(u"src/a.c"_s, "a\n"));

    const QList<Mount> mounts = Vm::AutorunMounts::find(dir.path());
    const QList<Mount> expected{
        {u".vscode"_s, true},
        {u".git"_s, false},
        {u".git/config"_s, true},
        {u".git/hooks"_s, true},
        {u".git/info"_s, true},
        {u".git/modules/lib/config"_s, true},
        {u".git/modules/lib/hooks"_s, true},
        {u".git/modules/lib/info"_s, true},
        {u".envrc"_s, true},
    };
    QCOMPARE(mounts, expected);
    // The git directories got the empty folders `git init` would have made, to be covered.
    QVERIFY(QFileInfo(tree.path(u".git/hooks"_s)).isDir());
    QVERIFY(QFileInfo(tree.path(u".git/modules/lib/info"_s)).isDir());
    // Nothing else was made.
    QVERIFY(!QFileInfo::exists(tree.path(u".idea"_s)));

    QTemporaryDir plain;
    QVERIFY(Vm::AutorunMounts::find(plain.path()).isEmpty());
}

void tst_WorkspaceProtection::linksAreNeverMountSources()
{
    // A bind mount's source is followed on the host: a link must never be one, or a workspace
    // could bring any host folder into the container.
    QTemporaryDir dir;
    QTemporaryDir elsewhere;
    Tests::WorkspaceTestTree tree(dir.path());
    Tests::WorkspaceTestTree outside(elsewhere.path());
    QVERIFY(outside.file(u"repo/config"_s, "[core]\n"));
    QVERIFY(outside.dir(u"repo/hooks"_s));
    QVERIFY(outside.file(u"secret/key"_s, "k"));
    QVERIFY(tree.link(u".git"_s, outside.path(u"repo"_s)));
    QVERIFY(tree.link(u".vscode"_s, outside.path(u"secret"_s)));
    QVERIFY(tree.file(u".hg/hgrc"_s, "[hooks]\n"));
    QVERIFY(QFile::link(outside.path(u"secret/key"_s), tree.path(u".envrc"_s)));
    const QList<Mount> mounts = Vm::AutorunMounts::find(dir.path());
    QCOMPARE(mounts, (QList<Mount>{{u".hg"_s, false}, {u".hg/hgrc"_s, true}}));
}

QTEST_GUILESS_MAIN(tst_WorkspaceProtection)
#include "tst_workspaceprotection.moc"
