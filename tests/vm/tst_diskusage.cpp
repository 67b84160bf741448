#include "vm/DiskUsage.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Terrarium;

class tst_DiskUsage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void countsWhatIsAllocated();
    void linksAreNotFollowedNorCountedTwice();
    void missingDirectoryIsZero();
};

namespace {

void writeFile(const QString &path, qint64 bytes)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    const QByteArray block(64 * 1024, 'x');
    for (qint64 written = 0; written < bytes; written += block.size())
        QCOMPARE(file.write(block.left(std::min<qint64>(block.size(), bytes - written))),
                 std::min<qint64>(block.size(), bytes - written));
}

} // namespace

void tst_DiskUsage::countsWhatIsAllocated()
{
    QTemporaryDir dir;
    const qint64 empty = Vm::DiskUsage::bytes(dir.path());
    QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("a/b/c")));
    writeFile(dir.filePath(QStringLiteral("a/one")), 1 << 20);
    writeFile(dir.filePath(QStringLiteral("a/b/c/two")), 3 << 20);
    const qint64 used = Vm::DiskUsage::bytes(dir.path()) - empty;
    // 4 MiB of data plus three small directories; allocation rounds up a little.
    QVERIFY2(used >= 4 << 20 && used < (4 << 20) + (1 << 20), QByteArray::number(used));
}

void tst_DiskUsage::linksAreNotFollowedNorCountedTwice()
{
    QTemporaryDir dir;
    QTemporaryDir outside;
    writeFile(outside.filePath(QStringLiteral("big")), 8 << 20);
    writeFile(dir.filePath(QStringLiteral("data")), 2 << 20);
    const qint64 before = Vm::DiskUsage::bytes(dir.path());
    QVERIFY(
        QFile::link(outside.filePath(QStringLiteral("big")), dir.filePath(QStringLiteral("l"))));
    QVERIFY(QFile::link(outside.path(), dir.filePath(QStringLiteral("dirlink"))));
    QCOMPARE(::link(QFile::encodeName(dir.filePath(QStringLiteral("data"))).constData(),
                    QFile::encodeName(dir.filePath(QStringLiteral("hard"))).constData()),
             0);
    const qint64 after = Vm::DiskUsage::bytes(dir.path());
    // Links themselves take a block at most; what they point to is not counted.
    QVERIFY2(after - before < 64 * 1024, QByteArray::number(after - before));
}

void tst_DiskUsage::missingDirectoryIsZero()
{
    QCOMPARE(Vm::DiskUsage::bytes(QStringLiteral("/nonexistent/terrarium")), 0);
}

QTEST_GUILESS_MAIN(tst_DiskUsage)
#include "tst_diskusage.moc"
