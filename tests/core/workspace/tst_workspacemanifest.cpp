#include "core/workspace/WorkspaceManifest.h"
#include "tests/core/workspace/WorkspaceTestTree.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <sys/mount.h>

using namespace Terrarium;
using namespace Terrarium::Core;
using namespace Qt::StringLiterals;
using Type = WorkspaceEntry::Type;

namespace {

QByteArray sha(const QByteArray &data)
{
    return QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex();
}

QStringList paths(const WorkspaceManifest &manifest)
{
    QStringList list;
    for (const WorkspaceEntry &entry : manifest.entries())
        list.append(entry.path);
    return list;
}

} // namespace

class tst_WorkspaceManifest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void trickyTree();
    void orderIsUtf8ByteOrder();
    void nonUtf8NamesAreFlagged();
    void folderReachedThroughALink();
    void maxEntriesTruncates();
    void unreadableFolder();
    void otherFileSystemIsNotEntered();
    void missingFolderFails();
    void jsonRoundTrip();
    void pagesAreMerged();
    void endlessPagesStopAtTheCap();
    void hugeFilesAreNotHashed();
    void agentJsonWithRawNames();
    void malformedJson();
};

void tst_WorkspaceManifest::trickyTree()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Tests::WorkspaceTestTree tree(dir.path());
    QVERIFY(tree.file(u"README.md"_s, "hello\n"));
    QVERIFY(tree.file(u".hidden"_s, "secret", 0600));
    QVERIFY(tree.file(u".config/tool.toml"_s, "x = 1\n"));
    QVERIFY(tree.file(u"bin/run"_s, "#!/bin/sh\necho hi\n", 0755));
    QVERIFY(tree.file(u"bin/setuid"_s, "s", 04755));
    QVERIFY(tree.dir(u"empty"_s));
    QVERIFY(tree.dir(u"private"_s, 0700));
    QVERIFY(tree.file(u"Überprojekt/日本語.txt"_s, "ユニコード"));
    QVERIFY(tree.file(u"with space/a b.txt"_s, ""));
    QVERIFY(tree.link(u"link-in"_s, u"bin/run"_s));
    QVERIFY(tree.link(u"link-to-dir"_s, u"bin"_s));
    QVERIFY(tree.link(u"link-out"_s, u"/etc/passwd"_s));
    QVERIFY(tree.link(u"bin/link-up-out"_s, u"../../outside"_s));
    QVERIFY(tree.link(u"dangling"_s, u"nowhere"_s));
    QVERIFY(tree.fifo(u"pipe"_s));

    const Result<WorkspaceManifest> manifest = WorkspaceManifest::scan(dir.path());
    QVERIFY2(manifest, qPrintable(manifest ? QString() : manifest.error().message));
    QVERIFY(!manifest->isTruncated());
    QCOMPARE(paths(*manifest),
             (QStringList{u".config"_s, u".config/tool.toml"_s, u".hidden"_s, u"README.md"_s,
                          u"bin"_s, u"bin/link-up-out"_s, u"bin/run"_s, u"bin/setuid"_s,
                          u"dangling"_s, u"empty"_s, u"link-in"_s, u"link-out"_s, u"link-to-dir"_s,
                          u"pipe"_s, u"private"_s, u"with space"_s, u"with space/a b.txt"_s,
                          u"Überprojekt"_s, u"Überprojekt/日本語.txt"_s}));

    const WorkspaceEntry *readme = manifest->find(u"README.md"_s);
    QVERIFY(readme);
    QCOMPARE(readme->type, Type::File);
    QCOMPARE(readme->size, 6);
    QCOMPARE(readme->mode, 0644);
    QCOMPARE(readme->sha256, sha("hello\n"));
    QVERIFY(readme->target.isEmpty());
    QCOMPARE(manifest->find(u".hidden"_s)->mode, 0600);
    QCOMPARE(manifest->find(u"bin/run"_s)->mode, 0755);
    QCOMPARE(manifest->find(u"bin/setuid"_s)->mode, 04755);
    QCOMPARE(manifest->find(u"with space/a b.txt"_s)->sha256, sha(""));
    QCOMPARE(manifest->find(u"Überprojekt/日本語.txt"_s)->sha256, sha("ユニコード"));
    QVERIFY(manifest->find(u"Überprojekt/日本語.txt"_s)->exactName);

    const WorkspaceEntry *empty = manifest->find(u"empty"_s);
    QCOMPARE(empty->type, Type::Directory);
    QVERIFY(empty->sha256.isEmpty());
    QCOMPARE(manifest->find(u"private"_s)->mode, 0700);

    // Links are listed, never followed: the folder behind link-to-dir is not listed again.
    const WorkspaceEntry *linkToDir = manifest->find(u"link-to-dir"_s);
    QCOMPARE(linkToDir->type, Type::Symlink);
    QCOMPARE(linkToDir->target, u"bin"_s);
    QVERIFY(!manifest->find(u"link-to-dir/run"_s));
    QCOMPARE(manifest->find(u"link-out"_s)->target, u"/etc/passwd"_s);
    QCOMPARE(manifest->find(u"bin/link-up-out"_s)->target, u"../../outside"_s);
    QCOMPARE(manifest->find(u"dangling"_s)->type, Type::Symlink);
    QVERIFY(manifest->find(u"link-in"_s)->sha256.isEmpty());

    QCOMPARE(manifest->find(u"pipe"_s)->type, Type::Other);
    QVERIFY(manifest->find(u"pipe"_s)->error.isEmpty());
}

void tst_WorkspaceManifest::orderIsUtf8ByteOrder()
{
    QTemporaryDir dir;
    const Tests::WorkspaceTestTree tree(dir.path());
    // '.' (0x2e) < '/' (0x2f): a.txt sorts before a/b, as in the agent. U+FF5E (3 bytes) sorts
    // before U+1F600 (4 bytes) in UTF-8, after it in UTF-16.
    QVERIFY(tree.file(u"a/b"_s, "1"));
    QVERIFY(tree.file(u"a.txt"_s, "2"));
    QVERIFY(tree.file(u"a-x"_s, "3"));
    QVERIFY(tree.file(u"\uff5e"_s, "4"));
    QVERIFY(tree.file(u"\U0001F600"_s, "5"));
    const Result<WorkspaceManifest> manifest = WorkspaceManifest::scan(dir.path());
    QVERIFY(manifest);
    QCOMPARE(paths(*manifest),
             (QStringList{u"a"_s, u"a-x"_s, u"a.txt"_s, u"a/b"_s, u"\uff5e"_s, u"\U0001F600"_s}));
}

void tst_WorkspaceManifest::nonUtf8NamesAreFlagged()
{
    QTemporaryDir dir;
    const Tests::WorkspaceTestTree tree(dir.path());
    QVERIFY(tree.dir(u"d"_s));
    QVERIFY(tree.rawFile("d/bad\xff", "x"));
    QVERIFY(tree.rawDir("raw\xfe"));
    QVERIFY(tree.rawFile("raw\xfe/inner", "y"));
    QVERIFY(tree.file(u"good"_s, "z"));
    const Result<WorkspaceManifest> manifest = WorkspaceManifest::scan(dir.path());
    tree.rawRemove("d/bad\xff");
    tree.rawRemove("raw\xfe/inner");
    tree.rawRemove("raw\xfe", true);
    QVERIFY(manifest);
    int inexact = 0;
    for (const WorkspaceEntry &entry : manifest->entries()) {
        if (!entry.exactName)
            ++inexact;
    }
    // bad\xff, raw\xfe, and raw\xfe/inner, whose folder's name is not exact.
    QCOMPARE(inexact, 3);
    QVERIFY(manifest->find(u"good"_s)->exactName);
    QVERIFY(manifest->find(u"d"_s)->exactName);
}

void tst_WorkspaceManifest::folderReachedThroughALink()
{
    QTemporaryDir dir;
    const Tests::WorkspaceTestTree tree(dir.path());
    QVERIFY(tree.file(u"real/a"_s, "a"));
    QVERIFY(tree.link(u"alias"_s, u"real"_s));
    const Result<WorkspaceManifest> manifest = WorkspaceManifest::scan(tree.path(u"alias"_s));
    QVERIFY(manifest);
    QCOMPARE(paths(*manifest), QStringList{u"a"_s});
}

void tst_WorkspaceManifest::maxEntriesTruncates()
{
    QTemporaryDir dir;
    const Tests::WorkspaceTestTree tree(dir.path());
    for (int i = 0; i < 10; ++i)
        QVERIFY(tree.file(u"f%1"_s.arg(i), "x"));
    const Result<WorkspaceManifest> all = WorkspaceManifest::scan(dir.path(), 10);
    QVERIFY(all);
    QVERIFY(!all->isTruncated());
    QCOMPARE(all->size(), 10);
    const Result<WorkspaceManifest> some = WorkspaceManifest::scan(dir.path(), 4);
    QVERIFY(some);
    QVERIFY(some->isTruncated());
    QCOMPARE(some->size(), 4);
}

void tst_WorkspaceManifest::unreadableFolder()
{
    if (::geteuid() == 0)
        QSKIP("root reads every folder");
    QTemporaryDir dir;
    const Tests::WorkspaceTestTree tree(dir.path());
    QVERIFY(tree.file(u"locked/inner"_s, "x"));
    QVERIFY(tree.file(u"unreadable.txt"_s, "y", 0000));
    QVERIFY(tree.dir(u"locked"_s, 0000));
    const Result<WorkspaceManifest> manifest = WorkspaceManifest::scan(dir.path());
    QVERIFY(tree.dir(u"locked"_s, 0755));
    QVERIFY(manifest);
    QVERIFY(!manifest->find(u"locked"_s)->error.isEmpty());
    QVERIFY(manifest->find(u"locked"_s)->isOpaque());
    QVERIFY(!manifest->find(u"locked/inner"_s));
    QVERIFY(!manifest->find(u"unreadable.txt"_s)->error.isEmpty());
    QVERIFY(manifest->find(u"unreadable.txt"_s)->sha256.isEmpty());
}

void tst_WorkspaceManifest::otherFileSystemIsNotEntered()
{
    QTemporaryDir dir;
    const Tests::WorkspaceTestTree tree(dir.path());
    QVERIFY(tree.dir(u"mnt"_s));
    QVERIFY(tree.file(u"file"_s, "x"));
    if (::mount("tmpfs", QFile::encodeName(tree.path(u"mnt"_s)).constData(), "tmpfs", 0, "size=1m")
        != 0)
        QSKIP("cannot mount a tmpfs here (needs root and a mount namespace that allows it)");
    QVERIFY(tree.file(u"mnt/inside"_s, "y"));
    const Result<WorkspaceManifest> manifest = WorkspaceManifest::scan(dir.path());
    ::umount(QFile::encodeName(tree.path(u"mnt"_s)).constData());
    QVERIFY(manifest);
    QVERIFY(manifest->find(u"mnt"_s));
    QVERIFY(manifest->find(u"mnt"_s)->otherFileSystem);
    QVERIFY(manifest->find(u"mnt"_s)->isOpaque());
    QVERIFY(!manifest->find(u"mnt/inside"_s));
}

void tst_WorkspaceManifest::missingFolderFails()
{
    const Result<WorkspaceManifest> manifest =
        WorkspaceManifest::scan(u"/nonexistent/terrarium-test"_s);
    QVERIFY(!manifest);
    QCOMPARE(manifest.error().code, ErrorCode::IoError);
}

void tst_WorkspaceManifest::jsonRoundTrip()
{
    QTemporaryDir dir;
    const Tests::WorkspaceTestTree tree(dir.path());
    QVERIFY(tree.file(u"a/b.txt"_s, "b", 0640));
    QVERIFY(tree.link(u"l"_s, u"a/b.txt"_s));
    QVERIFY(tree.fifo(u"p"_s));
    Result<WorkspaceManifest> manifest = WorkspaceManifest::scan(dir.path());
    QVERIFY(manifest);
    manifest->setExcluded(u"p"_s);
    const Result<WorkspaceManifest> back = WorkspaceManifest::fromJson(manifest->toJson());
    QVERIFY(back);
    QCOMPARE(back->entries(), manifest->entries());
    QVERIFY(back->find(u"p"_s)->excluded);
    QVERIFY(!back->find(u"l"_s)->excluded);
}

void tst_WorkspaceManifest::pagesAreMerged()
{
    const auto entry = [](const QString &path) {
        return QJsonObject{{u"path"_s, path},
                           {u"type"_s, u"file"_s},
                           {u"mode"_s, 420},
                           {u"size"_s, 1},
                           {u"sha256"_s, QString::fromLatin1(sha("x"))}};
    };
    WorkspaceManifest manifest;
    Result<QString> next =
        manifest.appendPage(QJsonObject{{u"entries"_s, QJsonArray{entry(u"a"_s), entry(u"b"_s)}},
                                        {u"truncated"_s, false},
                                        {u"next"_s, u"Yg=="_s}});
    QVERIFY(next);
    QCOMPARE(*next, u"Yg=="_s);
    next = manifest.appendPage(
        QJsonObject{{u"entries"_s, QJsonArray{entry(u"c"_s)}}, {u"truncated"_s, true}});
    QVERIFY(next);
    QVERIFY(next->isEmpty());
    QCOMPARE(paths(manifest), (QStringList{u"a"_s, u"b"_s, u"c"_s}));
    QVERIFY(manifest.isTruncated());
}

void tst_WorkspaceManifest::agentJsonWithRawNames()
{
    const QJsonObject page{{u"entries"_s,
                            QJsonArray{QJsonObject{{u"path"_s, u"bad\ufffd"_s},
                                                   {u"path_base64"_s, u"YmFk/w=="_s},
                                                   {u"type"_s, u"file"_s},
                                                   {u"mode"_s, 420},
                                                   {u"size"_s, 0}},
                                       QJsonObject{{u"path"_s, u"l"_s},
                                                   {u"type"_s, u"symlink"_s},
                                                   {u"mode"_s, 511},
                                                   {u"size"_s, 4},
                                                   {u"target"_s, u"x\ufffd"_s},
                                                   {u"target_base64"_s, u"eP8="_s}},
                                       QJsonObject{{u"path"_s, u"mnt"_s},
                                                   {u"type"_s, u"dir"_s},
                                                   {u"mode"_s, 493},
                                                   {u"size"_s, 0},
                                                   {u"other_fs"_s, true}}}},
                           {u"truncated"_s, false}};
    const Result<WorkspaceManifest> manifest = WorkspaceManifest::fromJson(page);
    QVERIFY(manifest);
    QVERIFY(!manifest->find(u"bad\ufffd"_s)->exactName);
    QVERIFY(!manifest->find(u"l"_s)->exactName);
    QVERIFY(manifest->find(u"mnt"_s)->otherFileSystem);
}

void tst_WorkspaceManifest::malformedJson()
{
    QVERIFY(!WorkspaceManifest::fromJson(QJsonObject{}));
    QVERIFY(!WorkspaceManifest::fromJson(QJsonObject{
        {u"entries"_s, QJsonArray{QJsonObject{{u"path"_s, u"a"_s}, {u"type"_s, u"weird"_s}}}}}));
    QVERIFY(!WorkspaceManifest::fromJson(
        QJsonObject{{u"entries"_s, QJsonArray{QJsonObject{{u"type"_s, u"file"_s}}}}}));
}

void tst_WorkspaceManifest::endlessPagesStopAtTheCap()
{
    // A hostile agent answers every fs.manifest with a full page and another cursor: the pages
    // stop counting at the cap, the manifest says it is incomplete, and no cursor follows.
    WorkspaceManifest manifest;
    int pages = 0;
    Result<QString> next = u"start"_s;
    while (next && !next->isEmpty() && pages < 1000) {
        QJsonArray entries;
        for (int i = 0; i < 100; ++i)
            entries.append(QJsonObject{{u"path"_s, u"p%1/f%2"_s.arg(pages).arg(i)},
                                       {u"type"_s, u"file"_s},
                                       {u"mode"_s, 420},
                                       {u"size"_s, 1},
                                       {u"sha256"_s, QString::fromLatin1(sha("x"))}});
        next =
            manifest.appendPage(QJsonObject{{u"entries"_s, entries}, {u"next"_s, u"more"_s}}, 1050);
        ++pages;
    }
    QVERIFY(next);
    QCOMPARE(pages, 11);
    QCOMPARE(manifest.size(), 1050);
    QVERIFY(manifest.isTruncated());
    // Sorted and indexed once the last page is in.
    QVERIFY(manifest.find(u"p3/f7"_s));
    QCOMPARE(manifest.entries().first().path, u"p0/f0"_s);
}

void tst_WorkspaceManifest::hugeFilesAreNotHashed()
{
    // A sparse file far beyond what is ever copied: listed with its size, not read to the end.
    QTemporaryDir dir;
    const Tests::WorkspaceTestTree tree(dir.path());
    QVERIFY(tree.file(u"small.txt"_s, "x"));
    QFile huge(tree.path(u"disk.img"_s));
    QVERIFY(huge.open(QIODevice::WriteOnly));
    QVERIFY(huge.resize(qint64(64) * 1024 * 1024 * 1024));
    huge.close();
    const Result<WorkspaceManifest> manifest = WorkspaceManifest::scan(dir.path());
    QVERIFY(manifest);
    const WorkspaceEntry *entry = manifest->find(u"disk.img"_s);
    QVERIFY(entry);
    QCOMPARE(entry->size, qint64(64) * 1024 * 1024 * 1024);
    QVERIFY(entry->sha256.isEmpty());
    QVERIFY2(entry->error.contains(u"not compared"_s), qPrintable(entry->error));
    QVERIFY(!manifest->find(u"small.txt"_s)->sha256.isEmpty());
}

QTEST_GUILESS_MAIN(tst_WorkspaceManifest)

#include "tst_workspacemanifest.moc"
