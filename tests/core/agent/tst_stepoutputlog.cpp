#include "core/agent/StepOutputLog.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Terrarium::Core;
using namespace Qt::StringLiterals;

class tst_StepOutputLog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rawBytesAreSpooledAsWritten();
    void secretsAreMaskedEverywhere();
    void smallWritesAreCoalescedInArrivalOrder();
    void aLargeChunkGoesOutAtOnce();
    void thePromptIsTheLastPartialLine();
    void nothingIsTakenAfterTheEnd();

private:
    static QByteArray saved(const StepOutputLog &log, OutputStream stream);
    static QString textOf(const QSignalSpy &spy, OutputStream stream);
};

QByteArray tst_StepOutputLog::saved(const StepOutputLog &log, OutputStream stream)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"out"_s);
    if (!log.spool(stream).copyTo(path))
        return "<copy failed>";
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<unreadable>");
}

QString tst_StepOutputLog::textOf(const QSignalSpy &spy, OutputStream stream)
{
    QString text;
    for (const QList<QVariant> &arguments : spy) {
        if (arguments.at(0).value<OutputStream>() == stream)
            text += arguments.at(1).toString();
    }
    return text;
}

void tst_StepOutputLog::rawBytesAreSpooledAsWritten()
{
    StepOutputLog log(1, {});
    // Not UTF-8 (a byte that never is, a character cut between two writes): the spool keeps
    // the bytes; only what is shown is decoded.
    const QByteArray first = "caf\xc3";
    const QByteArray second = "\xa9 \xff\xfe binary\r\n";
    log.append(OutputStream::Stdout, first);
    log.append(OutputStream::Stdout, second);
    log.append(OutputStream::Stderr, "warn\n");
    log.finish();
    QCOMPARE(saved(log, OutputStream::Stdout), first + second);
    QCOMPARE(saved(log, OutputStream::Stderr), QByteArray("warn\n"));
    QCOMPARE(log.tail(OutputStream::Stdout).data(), first + second);
    QVERIFY(!log.isTruncated());
}

void tst_StepOutputLog::secretsAreMaskedEverywhere()
{
    const QString key = u"sk-test-1234567890abcdef"_s;
    StepOutputLog log(1, {key});
    QSignalSpy text(&log, &StepOutputLog::textReady);
    // Split across writes: no single chunk holds the whole key.
    log.append(OutputStream::Stdout, "key=sk-test-12345");
    log.append(OutputStream::Stdout, "67890abcdef\nnext line\n");
    log.finish();
    const QByteArray spooled = saved(log, OutputStream::Stdout);
    QVERIFY2(!spooled.contains(key.toUtf8()), spooled.constData());
    QVERIFY2(spooled.contains("key=***"), spooled.constData());
    QVERIFY(!log.tail(OutputStream::Stdout).data().contains(key.toUtf8()));
    const QString shown = textOf(text, OutputStream::Stdout);
    QCOMPARE(shown, u"key=***\nnext line\n"_s);
}

void tst_StepOutputLog::smallWritesAreCoalescedInArrivalOrder()
{
    StepOutputLog log(1, {});
    QSignalSpy text(&log, &StepOutputLog::textReady);
    for (int i = 0; i < 100; ++i)
        log.append(OutputStream::Stdout, QByteArray(QByteArray::number(i) + '\n'));
    QCOMPARE(text.size(), 0); // nothing goes out per write
    log.append(OutputStream::Stderr, "oops\n"); // the other stream: what was gathered goes first
    QCOMPARE(text.size(), 1);
    QCOMPARE(text.at(0).at(0).value<OutputStream>(), OutputStream::Stdout);
    QVERIFY(text.at(0).at(1).toString().endsWith(u"98\n99\n"_s));
    log.append(OutputStream::Stdout, "after\n");
    QCOMPARE(text.size(), 2);
    QCOMPARE(text.at(1).at(0).value<OutputStream>(), OutputStream::Stderr);
    // Within the interval, without another write.
    QTRY_COMPARE_WITH_TIMEOUT(text.size(), 3, 1000);
    QCOMPARE(text.at(2).at(1).toString(), u"after\n"_s);
}

void tst_StepOutputLog::aLargeChunkGoesOutAtOnce()
{
    StepOutputLog log(1, {});
    QSignalSpy text(&log, &StepOutputLog::textReady);
    log.append(OutputStream::Stdout, QByteArray(StepOutputLog::FlushChars, 'x'));
    QCOMPARE(text.size(), 1);
    // The tail is bounded; everything is in the spool.
    log.append(OutputStream::Stdout, QByteArray(StepOutputLog::TailBytes, 'y'));
    log.finish();
    QVERIFY(log.isTruncated());
    QCOMPARE(log.tail(OutputStream::Stdout).data(), QByteArray(StepOutputLog::TailBytes, 'y'));
    QCOMPARE(log.spool(OutputStream::Stdout).bytesAppended(),
             qint64(StepOutputLog::FlushChars + StepOutputLog::TailBytes));
}

void tst_StepOutputLog::thePromptIsTheLastPartialLine()
{
    StepOutputLog log(1, {});
    log.append(OutputStream::Stdout, "Installing...\nProceed? [y/N] ");
    QCOMPARE(log.lastPartialLine(), u"Proceed? [y/N] "_s);
    log.clearPartialLine();
    QCOMPARE(log.lastPartialLine(), QString());
    log.append(OutputStream::Stdout, "y\ndone\n");
    QCOMPARE(log.lastPartialLine(), QString());
}

void tst_StepOutputLog::nothingIsTakenAfterTheEnd()
{
    StepOutputLog log(1, {});
    QSignalSpy text(&log, &StepOutputLog::textReady);
    log.append(OutputStream::Stdout, "one\n");
    log.finish();
    QCOMPARE(text.size(), 1);
    QVERIFY(log.isFinished());
    log.append(OutputStream::Stdout, "late\n");
    QTest::qWait(2 * int(StepOutputLog::FlushInterval.count()));
    QCOMPARE(text.size(), 1);
    QCOMPARE(saved(log, OutputStream::Stdout), QByteArray("one\n"));
}

QTEST_GUILESS_MAIN(tst_StepOutputLog)
#include "tst_stepoutputlog.moc"
