#include "core/agent/OutputTail.h"

#include <QTest>

using Terrarium::Core::OutputTail;

class tst_OutputTail : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void keepsEverythingBelowCapacity();
    void keepsTheLastBytes();
    void hugeChunk();
    void cutsAtCharacterBoundary();
    void lastBytes();
};

void tst_OutputTail::keepsEverythingBelowCapacity()
{
    OutputTail tail(16);
    tail.append("hello ");
    tail.append("world");
    QCOMPARE(tail.data(), QByteArray("hello world"));
    QVERIFY(!tail.isTruncated());
    QCOMPARE(tail.totalBytes(), 11);
}

void tst_OutputTail::keepsTheLastBytes()
{
    OutputTail tail(8);
    for (int i = 0; i < 10; ++i)
        tail.append(QByteArray::number(i));
    tail.append("abcdef");
    QCOMPARE(tail.data(), QByteArray("89abcdef"));
    QVERIFY(tail.isTruncated());
    QCOMPARE(tail.totalBytes(), 16);
}

void tst_OutputTail::hugeChunk()
{
    OutputTail tail(4);
    tail.append(QByteArray(QByteArray(1 << 20, 'x') + "tail"));
    QCOMPARE(tail.data(), QByteArray("tail"));
    QCOMPARE(tail.totalBytes(), (1 << 20) + 4);
}

void tst_OutputTail::cutsAtCharacterBoundary()
{
    OutputTail tail(4);
    tail.append("ab\xC3\xA9\xE2\x82\xAC"); // "abé€": the last 4 bytes start inside "é"
    QCOMPARE(tail.data(), QByteArray("\xE2\x82\xAC"));
    QCOMPARE(QString::fromUtf8(tail.data()), QStringLiteral("€"));
}

void tst_OutputTail::lastBytes()
{
    OutputTail tail(64);
    tail.append("line one\nline two\n");
    QCOMPARE(tail.last(9), QByteArray("line two\n"));
    QCOMPARE(tail.last(1000), QByteArray("line one\nline two\n"));
}

QTEST_GUILESS_MAIN(tst_OutputTail)
#include "tst_outputtail.moc"
