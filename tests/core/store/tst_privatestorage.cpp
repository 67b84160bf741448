// Run data made the user's alone with real files and folders: new ones private from the start
// (whatever the umask), old ones (0755, 0644) tightened, links never followed.
#include "core/store/PrivateStorage.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

using namespace Terrarium::Core;
using namespace Qt::StringLiterals;

namespace {

// The permission bits of path itself (a link's own are not looked at: lstat).
int modeOf(const QString &path)
{
    struct stat status = {};
    if (::lstat(QFile::encodeName(path).constData(), &status) != 0)
        return -1;
    return int(status.st_mode & 07777);
}

bool writeFile(const QString &path, int mode)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write("run data\n") < 0)
        return false;
    file.close();
    return ::chmod(QFile::encodeName(path).constData(), mode_t(mode)) == 0;
}

bool makeFolder(const QString &path, int mode)
{
    return QDir().mkpath(path) && ::chmod(QFile::encodeName(path).constData(), mode_t(mode)) == 0;
}

} // namespace

class tst_PrivateStorage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void newFoldersAndFilesArePrivate();
    void oldFoldersAndFilesAreTightened();
    void aTreeFromAnOlderVersionIsTightened();
    void linksAreNotFollowed();
    void missingPathsAreFine();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    mode_t m_umask = 0;
};

void tst_PrivateStorage::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    // The laxest umask: nothing here may rely on it.
    m_umask = ::umask(0);
}

void tst_PrivateStorage::cleanup()
{
    ::umask(m_umask);
    m_dir.reset();
}

void tst_PrivateStorage::newFoldersAndFilesArePrivate()
{
    const QString folder = m_dir->filePath(u"share/terrarium"_s);
    QVERIFY(PrivateStorage::makeFolder(folder));
    QCOMPARE(modeOf(folder), 0700);
    const QString file = folder + u"/runs.sqlite"_s;
    QVERIFY(PrivateStorage::makeFile(file));
    QCOMPARE(modeOf(file), 0600);
    QCOMPARE(QFileInfo(file).size(), 0);
    // Made again: left as it is, contents and all.
    QVERIFY(writeFile(file, 0600));
    QVERIFY(PrivateStorage::makeFile(file));
    QCOMPARE(QFileInfo(file).size(), qint64(9));
}

void tst_PrivateStorage::oldFoldersAndFilesAreTightened()
{
    // Issue 27: the run database and spools were 0644 in 0755 folders.
    const QString folder = m_dir->filePath(u"terrarium"_s);
    QVERIFY(makeFolder(folder, 0755));
    const QString store = folder + u"/runs.sqlite"_s;
    QVERIFY(writeFile(store, 0644));
    QVERIFY(writeFile(store + u"-wal"_s, 0666));
    QVERIFY(PrivateStorage::makeFolder(folder));
    QCOMPARE(modeOf(folder), 0700);
    QVERIFY(PrivateStorage::makeFile(store));
    QCOMPARE(modeOf(store), 0600);
    QVERIFY(PrivateStorage::restrict(store + u"-wal"_s));
    QCOMPARE(modeOf(store + u"-wal"_s), 0600);
    // The owner's own bits stay (an executable stays executable to its owner).
    const QString script = folder + u"/hook"_s;
    QVERIFY(writeFile(script, 0755));
    QVERIFY(PrivateStorage::restrict(script));
    QCOMPARE(modeOf(script), 0700);
}

void tst_PrivateStorage::aTreeFromAnOlderVersionIsTightened()
{
    const QString spool = m_dir->filePath(u"spool"_s);
    QVERIFY(makeFolder(spool + u"/run-1"_s, 0755));
    QVERIFY(makeFolder(spool + u"/run-2/deeper"_s, 0775));
    QVERIFY(::chmod(QFile::encodeName(spool).constData(), 0755) == 0);
    QVERIFY(writeFile(spool + u"/run-1/step-1.stdout"_s, 0644));
    QVERIFY(writeFile(spool + u"/run-2/deeper/step-2.stderr"_s, 0664));
    QVERIFY(writeFile(spool + u"/.hidden"_s, 0644));
    QVERIFY(PrivateStorage::restrictTree(spool));
    for (const QString &folder : {u""_s, u"/run-1"_s, u"/run-2"_s, u"/run-2/deeper"_s})
        QCOMPARE(modeOf(spool + folder), 0700);
    for (const QString &file :
         {u"/run-1/step-1.stdout"_s, u"/run-2/deeper/step-2.stderr"_s, u"/.hidden"_s})
        QCOMPARE(modeOf(spool + file), 0600);
}

void tst_PrivateStorage::linksAreNotFollowed()
{
    // What a link points at is someone else's business: neither the link nor its target change.
    const QString elsewhere = m_dir->filePath(u"shared.txt"_s);
    QVERIFY(writeFile(elsewhere, 0644));
    const QString folder = m_dir->filePath(u"data"_s);
    QVERIFY(makeFolder(folder, 0755));
    const QString link = folder + u"/link"_s;
    QVERIFY(QFile::link(elsewhere, link));
    QVERIFY(PrivateStorage::restrict(link));
    QVERIFY(PrivateStorage::makeFile(link));
    QVERIFY(PrivateStorage::restrictTree(folder));
    QCOMPARE(modeOf(elsewhere), 0644);
    QCOMPARE(modeOf(folder), 0700);
}

void tst_PrivateStorage::missingPathsAreFine()
{
    QVERIFY(PrivateStorage::restrict(m_dir->filePath(u"nothing"_s)));
    QVERIFY(PrivateStorage::restrictTree(m_dir->filePath(u"nothing"_s)));
    // A folder that cannot be made says which.
    QVERIFY(writeFile(m_dir->filePath(u"file"_s), 0600));
    const auto made = PrivateStorage::makeFolder(m_dir->filePath(u"file/sub"_s));
    QVERIFY(!made);
    QVERIFY2(made.error().message.contains(u"file/sub"_s), qPrintable(made.error().message));
}

QTEST_GUILESS_MAIN(tst_PrivateStorage)
#include "tst_privatestorage.moc"
