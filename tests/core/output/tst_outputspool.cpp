#include "core/output/OutputSpool.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

using Terrarium::Core::ErrorCode;
using Terrarium::Core::OutputSpool;

namespace {

QByteArray readAll(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return "<cannot open " + path.toUtf8() + '>';
    return file.readAll();
}

// Lowers this process's file size limit for the lifetime of the guard: writes past it fail with
// EFBIG, the same path through write(2) as a full disk.
class FileSizeLimit
{
public:
    explicit FileSizeLimit(rlim_t bytes)
    {
        std::signal(SIGXFSZ, SIG_IGN);
        ::getrlimit(RLIMIT_FSIZE, &m_saved);
        rlimit limited = m_saved;
        limited.rlim_cur = bytes;
        m_ok = ::setrlimit(RLIMIT_FSIZE, &limited) == 0;
    }
    ~FileSizeLimit() { ::setrlimit(RLIMIT_FSIZE, &m_saved); }
    bool isOk() const { return m_ok; }

private:
    rlimit m_saved{};
    bool m_ok = false;
};

} // namespace

class tst_OutputSpool : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void roundTrip();
    void largeOutput();
    void createsNothingUntilFirstAppend();
    void removesItsDirectory();
    void defaultRootIsInTheCache();
    void copyReplacesExistingFile();
    void copyToUnwritableDestination_data();
    void copyToUnwritableDestination();
    void writeErrorIsRememberedAndReported();
    void unusableRootIsReported();
    void leftoversOfCrashedRunsAreRemoved();
    void cleanupNeverFollowsSymlinks();
    void capacityKeepsHeadAndTail();
    void snapshotOutlivesTheSpool();
    void outputIsTheUsersAlone();
};

void tst_OutputSpool::roundTrip()
{
    QTemporaryDir root;
    OutputSpool spool(root.path());
    const QString text = QStringLiteral("plain \x1b[31mred\x1b[0m grüße 😀\r\nprogress 10%\r20%\n");
    spool.append(QStringView(text).first(20));
    spool.append(QStringView(text).sliced(20));
    spool.append(QByteArrayView("raw bytes\n"));
    QVERIFY(!spool.hasError());
    const QByteArray expected = text.toUtf8() + "raw bytes\n";
    QCOMPARE(spool.bytesAppended(), expected.size());

    const QString copy = root.filePath(QStringLiteral("copy.txt"));
    QVERIFY(spool.copyTo(copy).has_value());
    QCOMPARE(readAll(copy), expected);
}

void tst_OutputSpool::largeOutput()
{
    QTemporaryDir root;
    OutputSpool spool(root.path());
    QByteArray expected;
    expected.reserve(24 * 1024 * 1024);
    QRandomGenerator random(42);
    while (expected.size() < 24 * 1024 * 1024) {
        QByteArray chunk(64 * 1024, Qt::Uninitialized);
        for (char &c : chunk)
            c = char('!' + random.bounded(90));
        chunk[chunk.size() - 1] = '\n';
        spool.append(QString::fromLatin1(chunk));
        expected += chunk;
    }
    QCOMPARE(spool.bytesAppended(), expected.size());
    const QString copy = root.filePath(QStringLiteral("copy.txt"));
    QVERIFY(spool.copyTo(copy).has_value());
    QVERIFY(readAll(copy) == expected);
    // Appending after a copy goes on where it stopped.
    spool.append(QStringView(u"more"));
    QVERIFY(spool.copyTo(copy).has_value());
    QCOMPARE(QFileInfo(copy).size(), expected.size() + 4);
}

void tst_OutputSpool::createsNothingUntilFirstAppend()
{
    QTemporaryDir root;
    const QString spoolRoot = root.filePath(QStringLiteral("spool"));
    OutputSpool spool(spoolRoot);
    spool.append(QStringView());
    QVERIFY(spool.directory().isEmpty());
    QVERIFY(!QFileInfo::exists(spoolRoot));
    // An empty spool copies to an empty file.
    const QString copy = root.filePath(QStringLiteral("empty.txt"));
    QVERIFY(spool.copyTo(copy).has_value());
    QCOMPARE(readAll(copy), QByteArray());

    spool.append(QStringView(u"x"));
    QVERIFY(spool.directory().startsWith(spoolRoot + u'/'));
    QVERIFY(QFileInfo(spool.fileName()).isFile());
}

void tst_OutputSpool::removesItsDirectory()
{
    QTemporaryDir root;
    QString directory;
    QString fileName;
    {
        OutputSpool first(root.path());
        OutputSpool second(root.path());
        first.append(QStringView(u"one"));
        second.append(QStringView(u"two"));
        directory = first.directory();
        fileName = first.fileName();
        QVERIFY(first.directory() != second.directory());
        QVERIFY(QFileInfo(fileName).isFile());
    }
    QVERIFY(!QFileInfo::exists(fileName));
    QVERIFY(!QFileInfo::exists(directory));
    // The shared root stays, empty.
    QVERIFY(QDir(root.path()).isEmpty());
}

void tst_OutputSpool::defaultRootIsInTheCache()
{
    const QString expected = QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation)
        + QStringLiteral("/terrarium/spool");
    QCOMPARE(OutputSpool::defaultRoot(), expected);
    QString directory;
    {
        OutputSpool spool;
        spool.append(QStringView(u"cached"));
        QVERIFY(!spool.hasError());
        directory = spool.directory();
        QVERIFY(directory.startsWith(expected + u'/'));
        QVERIFY(QFileInfo(directory).isDir());
    }
    QVERIFY(!QFileInfo::exists(directory));
}

void tst_OutputSpool::copyReplacesExistingFile()
{
    QTemporaryDir root;
    const QString copy = root.filePath(QStringLiteral("copy.txt"));
    {
        QFile old(copy);
        QVERIFY(old.open(QIODevice::WriteOnly));
        old.write(QByteArray(1000, 'o'));
    }
    OutputSpool spool(root.path());
    spool.append(QStringView(u"new"));
    QVERIFY(spool.copyTo(copy).has_value());
    QCOMPARE(readAll(copy), QByteArray("new"));
}

void tst_OutputSpool::copyToUnwritableDestination_data()
{
    QTest::addColumn<QString>("relativePath");
    // Both fail for root too, so the test holds wherever it runs.
    QTest::newRow("missing parent directory") << QStringLiteral("missing/dir/out.txt");
    QTest::newRow("destination is a directory") << QStringLiteral("a-directory");
}

void tst_OutputSpool::copyToUnwritableDestination()
{
    QFETCH(QString, relativePath);
    QTemporaryDir root;
    QVERIFY(QDir(root.path()).mkdir(QStringLiteral("a-directory")));
    OutputSpool spool(root.filePath(QStringLiteral("spool")));
    spool.append(QStringView(u"some output\n"));
    const QString path = root.filePath(relativePath);
    const auto result = spool.copyTo(path);
    QVERIFY(!result.has_value());
    QCOMPARE(result.error().code, ErrorCode::IoError);
    QVERIFY2(result.error().message.contains(QDir::toNativeSeparators(path)),
             qPrintable(result.error().message));
    // The spool itself is fine and can still be copied elsewhere.
    QVERIFY(!spool.hasError());
    QVERIFY(spool.copyTo(root.filePath(QStringLiteral("ok.txt"))).has_value());
}

void tst_OutputSpool::writeErrorIsRememberedAndReported()
{
    QTemporaryDir root;
    OutputSpool spool(root.path());
    const QString chunk(64 * 1024, u'x');
    {
        const FileSizeLimit limit(256 * 1024);
        QVERIFY(limit.isOk());
        for (int i = 0; i < 16; ++i)
            spool.append(chunk);
    }
    QVERIFY(spool.hasError());
    QCOMPARE(spool.error()->code, ErrorCode::IoError);
    QCOMPARE(spool.bytesAppended(), 16 * chunk.size());
    // Later appends are counted but not written; nothing crashes.
    spool.append(chunk);
    QCOMPARE(spool.bytesAppended(), 17 * chunk.size());

    const QString copy = root.filePath(QStringLiteral("copy.txt"));
    const auto result = spool.copyTo(copy);
    QVERIFY(!result.has_value());
    QCOMPARE(result.error().code, ErrorCode::IoError);
    QVERIFY(!result.error().message.isEmpty());
    QVERIFY(!QFileInfo::exists(copy));
}

void tst_OutputSpool::unusableRootIsReported()
{
    QTemporaryDir root;
    // A directory cannot be created below a regular file, whoever runs the test.
    const QString file = root.filePath(QStringLiteral("file"));
    {
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
    }
    OutputSpool spool(file + QStringLiteral("/spool"));
    spool.append(QStringView(u"lost"));
    QVERIFY(spool.hasError());
    QCOMPARE(spool.bytesAppended(), 4);
    const auto result = spool.copyTo(root.filePath(QStringLiteral("copy.txt")));
    QVERIFY(!result.has_value());
    QCOMPARE(result.error().code, ErrorCode::IoError);
}

void tst_OutputSpool::leftoversOfCrashedRunsAreRemoved()
{
    QTemporaryDir root;
    // A live spool of this process.
    OutputSpool live(root.path());
    live.append(QByteArrayView("still in use\n"));

    // What a crashed Terrarium left: its lock names a process that is gone.
    const pid_t child = ::fork();
    if (child == 0)
        ::_exit(0);
    ::waitpid(child, nullptr, 0);
    const QString crashed = root.filePath(QStringLiteral("output-crashed"));
    QVERIFY(QDir().mkpath(crashed));
    QFile lock(crashed + QStringLiteral("/owner.lock"));
    QVERIFY(lock.open(QIODevice::WriteOnly));
    lock.write(QByteArray::number(child) + "\nterrarium\n" + QSysInfo::machineHostName().toUtf8()
               + "\n");
    lock.close();
    QFile output(crashed + QStringLiteral("/output.txt"));
    QVERIFY(output.open(QIODevice::WriteOnly));
    output.write("lost\n");
    output.close();

    // A spool being created right now has no lock yet; it is young and stays.
    const QString young = root.filePath(QStringLiteral("output-young"));
    QVERIFY(QDir().mkpath(young));

    // Everything but the young one is old enough to be judged.
    const timeval old[2] = {{::time(nullptr) - 3600, 0}, {::time(nullptr) - 3600, 0}};
    for (const QString &path : {crashed, live.directory()})
        QCOMPARE(::utimes(path.toLocal8Bit().constData(), old), 0);

    QCOMPARE(OutputSpool::removeStale(root.path()), 1);
    QVERIFY(!QFileInfo::exists(crashed));
    QVERIFY(QFileInfo::exists(young));
    QVERIFY(QFileInfo::exists(live.fileName()));
    QVERIFY(live.copyTo(root.filePath(QStringLiteral("copy.txt"))).has_value());
}

void tst_OutputSpool::cleanupNeverFollowsSymlinks()
{
    QTemporaryDir root;
    QTemporaryDir precious;
    QFile file(precious.filePath(QStringLiteral("keep.txt")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("mine\n");
    file.close();
    // A link named like a spool, older than the grace period, with no lock inside.
    const QString link = root.filePath(QStringLiteral("output-link"));
    QVERIFY(QFile::link(precious.path(), link));
    const timeval old[2] = {{::time(nullptr) - 3600, 0}, {::time(nullptr) - 3600, 0}};
    QCOMPARE(::lutimes(link.toLocal8Bit().constData(), old), 0);
    QCOMPARE(::utimes(precious.path().toLocal8Bit().constData(), old), 0);

    QCOMPARE(OutputSpool::removeStale(root.path()), 0);
    QVERIFY(QFileInfo::exists(file.fileName()));
    QCOMPARE(readAll(file.fileName()), QByteArray("mine\n"));
}

void tst_OutputSpool::capacityKeepsHeadAndTail()
{
    QTemporaryDir root;
    constexpr qint64 capacity = 64 * 1024;
    OutputSpool spool(root.path(), capacity);
    // Numbered lines, so that what was kept can be told apart; one multi-byte character each,
    // so cuts land inside characters too.
    QByteArray all;
    for (int line = 0; all.size() < 40 * capacity; ++line) {
        const QByteArray text = QByteArray::number(line) + " ü line\n";
        spool.append(QByteArrayView(text));
        all += text;
    }
    QVERIFY(!spool.hasError());
    QCOMPARE(spool.bytesAppended(), all.size());
    QVERIFY(spool.bytesDropped() > 38 * capacity);

    // On disk: about the capacity, never the whole stream.
    qint64 onDisk = 0;
    for (const QFileInfo &info : QDir(spool.directory()).entryInfoList(QDir::Files))
        onDisk += info.size();
    QVERIFY2(onDisk <= capacity + 1024, QByteArray::number(onDisk));

    const QString copy = root.filePath(QStringLiteral("copy.txt"));
    QVERIFY(spool.copyTo(copy).has_value());
    const QByteArray saved = readAll(copy);
    // The head is exactly the first half, the tail the last bytes, the gap marked with its size.
    QVERIFY(saved.startsWith(all.left(capacity / 2)));
    const QByteArray marker = QByteArray("bytes of output left out here");
    const qsizetype gap = saved.indexOf(marker);
    QVERIFY(gap > 0);
    QVERIFY(saved.mid(capacity / 2, 40).contains(QByteArray::number(spool.bytesDropped())));
    const QByteArray tail = saved.mid(saved.indexOf('\n', gap) + 1);
    QVERIFY(tail.size() >= capacity * 3 / 8 - 4);
    QVERIFY(all.endsWith(tail));
    QVERIFY(QString::fromUtf8(tail).toUtf8() == tail); // starts on a character boundary
}

// What a run keeps of a step is written on a worker thread after the step: by then the spool
// may be gone with its directory (the run went on, or ended), and it may have been appended to.
void tst_OutputSpool::snapshotOutlivesTheSpool()
{
    QTemporaryDir root;
    constexpr qint64 capacity = 64 * 1024;
    QByteArray all;
    Terrarium::Core::OutputSpoolSnapshot snapshot;
    QString directory;
    {
        OutputSpool spool(root.path(), capacity);
        for (int line = 0; all.size() < 4 * capacity; ++line) {
            const QByteArray text = QByteArray::number(line) + " ü line\n";
            spool.append(QByteArrayView(text));
            all += text;
        }
        auto taken = spool.snapshot();
        QVERIFY(taken.has_value());
        snapshot = std::move(*taken);
        directory = spool.directory();
        // Appended after the snapshot: not in it.
        spool.append(QByteArrayView("after the snapshot\n"));
    }
    QVERIFY(!QFileInfo::exists(directory));

    const QString copy = root.filePath(QStringLiteral("copy.txt"));
    QVERIFY(snapshot.writeTo(copy).has_value());
    const QByteArray saved = readAll(copy);
    QVERIFY(saved.startsWith(all.left(capacity / 2)));
    QVERIFY(saved.contains("bytes of output left out here"));
    QVERIFY(all.endsWith(saved.mid(saved.indexOf('\n', saved.indexOf("left out here")) + 1)));
    QVERIFY(!saved.contains("after the snapshot"));
    // Written twice, the same.
    const QString again = root.filePath(QStringLiteral("again.txt"));
    QVERIFY(snapshot.writeTo(again).has_value());
    QCOMPARE(readAll(again), saved);
}

void tst_OutputSpool::outputIsTheUsersAlone()
{
    // Issue 27: step output on disk, and saved by the user over an older export, is 0600 in
    // folders only its owner may enter, whatever the umask; a root an older version made 0755
    // is tightened.
    const mode_t umask = ::umask(0);
    QTemporaryDir root;
    const QString spoolRoot = root.filePath(QStringLiteral("cache/terrarium/spool"));
    QVERIFY(QDir().mkpath(spoolRoot));
    const auto modeOf = [](const QString &path) {
        struct stat status = {};
        return ::stat(QFile::encodeName(path).constData(), &status) == 0
            ? int(status.st_mode & 07777)
            : -1;
    };
    const QString exported = root.filePath(QStringLiteral("step-1-output.log"));
    {
        QFile old(exported);
        QVERIFY(old.open(QIODevice::WriteOnly));
        old.write("older export\n");
    }
    QVERIFY(modeOf(spoolRoot) == 0777 && modeOf(exported) == 0666);
    OutputSpool spool(spoolRoot, 64 * 1024);
    for (int line = 0; line < 20'000; ++line)
        spool.append(QByteArrayView("a line of output that fills the spool past its head\n"));
    QVERIFY(!spool.hasError());
    QVERIFY(spool.copyTo(exported).has_value());
    const QString fresh = root.filePath(QStringLiteral("new-export.log"));
    QVERIFY(spool.copyTo(fresh).has_value());
    ::umask(umask);
    QCOMPARE(modeOf(spoolRoot), 0700);
    QCOMPARE(modeOf(spool.directory()), 0700);
    const QFileInfoList files = QDir(spool.directory()).entryInfoList(QDir::Files);
    QVERIFY(files.size() > 2); // the head and tail segments
    for (const QFileInfo &file : files) {
        if (file.fileName() != QLatin1String("owner.lock"))
            QVERIFY2(modeOf(file.filePath()) == 0600, qPrintable(file.fileName()));
    }
    QCOMPARE(modeOf(exported), 0600);
    QCOMPARE(modeOf(fresh), 0600);
}

QTEST_GUILESS_MAIN(tst_OutputSpool)
#include "tst_outputspool.moc"
