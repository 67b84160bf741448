// ConsoleLogCap on real files, with a writer that keeps the log open and appends to it as QEMU
// and virtlogd do: a log over the limit keeps its newest part in console.previous.log and starts
// again, the writer's next bytes land at the start of the emptied file (no hole), and a log
// within the limit is left alone.
#include "vm/libvirt/ConsoleLogCap.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <unistd.h>

using namespace Terrarium;

class tst_ConsoleLogCap : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void previousPathIsNotVirtlogdsName();
    void logWithinTheLimitStays();
    void logOverTheLimitStartsAgainKeepingTheNewest();
    void missingLogIsNothingToDo();
};

void tst_ConsoleLogCap::previousPathIsNotVirtlogdsName()
{
    QCOMPARE(Vm::ConsoleLogCap::previousPath(QStringLiteral("/vm/a/console.log")),
             QStringLiteral("/vm/a/console.previous.log"));
}

void tst_ConsoleLogCap::logWithinTheLimitStays()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("console.log"));
    QFile log(path);
    QVERIFY(log.open(QIODevice::WriteOnly));
    log.write(QByteArray(1000, 'a'));
    log.close();
    const auto capped = Vm::ConsoleLogCap::apply(path, 1000);
    QVERIFY(capped);
    QVERIFY(!*capped);
    QCOMPARE(QFileInfo(path).size(), 1000);
    QVERIFY(!QFile::exists(Vm::ConsoleLogCap::previousPath(path)));
}

void tst_ConsoleLogCap::logOverTheLimitStartsAgainKeepingTheNewest()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("console.log"));
    const int writer = ::open(QFile::encodeName(path).constData(),
                              O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
    QVERIFY(writer >= 0);
    // A guest that writes ten times the limit between two looks.
    QByteArray written;
    for (int i = 0; i < 10000; ++i)
        written += QByteArray::number(i).rightJustified(9, '0') + '\n';
    QCOMPARE(::write(writer, written.constData(), written.size()), written.size());
    const auto capped = Vm::ConsoleLogCap::apply(path, 10000);
    QVERIFY2(capped, capped ? "" : qPrintable(capped.error().message));
    QVERIFY(*capped);
    QCOMPARE(QFileInfo(path).size(), 0);
    QFile previous(Vm::ConsoleLogCap::previousPath(path));
    QVERIFY(previous.open(QIODevice::ReadOnly));
    QCOMPARE(previous.readAll(), written.right(10000));
    // The writer goes on, at the start of the emptied log.
    QCOMPARE(::write(writer, "next\n", 5), 5);
    ::close(writer);
    QFile log(path);
    QVERIFY(log.open(QIODevice::ReadOnly));
    QCOMPARE(log.readAll(), QByteArray("next\n"));
    log.close();
    // Again over the limit: the previous part is replaced, never added to.
    QVERIFY(log.open(QIODevice::WriteOnly | QIODevice::Append));
    log.write(QByteArray(20000, 'z'));
    log.close();
    QVERIFY(Vm::ConsoleLogCap::apply(path, 10000).value_or(false));
    QCOMPARE(QFileInfo(previous.fileName()).size(), 10000);
}

void tst_ConsoleLogCap::missingLogIsNothingToDo()
{
    QTemporaryDir dir;
    const auto capped = Vm::ConsoleLogCap::apply(dir.filePath(QStringLiteral("none.log")), 10);
    QVERIFY(capped);
    QVERIFY(!*capped);
}

QTEST_GUILESS_MAIN(tst_ConsoleLogCap)
#include "tst_consolelogcap.moc"
