#include "core/llm/RetryPolicy.h"

#include <QTest>
#include <QTimeZone>

using std::chrono::milliseconds;
using Terrarium::Core::RetryPolicy;

using OptionalMs = std::optional<milliseconds>;

class tst_RetryPolicy : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void exponentialWithFullJitter_data();
    void exponentialWithFullJitter();
    void jitterSpansZeroToCeiling();
    void hugeAttemptNumbersStayCapped();
    void serverHintWinsOverBackoff_data();
    void serverHintWinsOverBackoff();
    void parseServerHint_data();
    void parseServerHint();
    void defaultRandomSourceStaysInRange();
};

void tst_RetryPolicy::exponentialWithFullJitter_data()
{
    QTest::addColumn<int>("failedAttempt");
    QTest::addColumn<double>("random");
    QTest::addColumn<qint64>("expectedMs");

    // base 1 s, max 30 s: ceilings 1, 2, 4, 8, 16, 30, 30 s.
    QTest::newRow("1st retry, half") << 1 << 0.5 << qint64(500);
    QTest::newRow("2nd retry, half") << 2 << 0.5 << qint64(1000);
    QTest::newRow("3rd retry, half") << 3 << 0.5 << qint64(2000);
    QTest::newRow("4th retry, half") << 4 << 0.5 << qint64(4000);
    QTest::newRow("5th retry, half") << 5 << 0.5 << qint64(8000);
    QTest::newRow("6th retry capped by max") << 6 << 0.5 << qint64(15000);
    QTest::newRow("7th retry capped by max") << 7 << 0.99 << qint64(29700);
    QTest::newRow("zero random waits zero") << 3 << 0.0 << qint64(0);
    QTest::newRow("attempt 0 treated as first") << 0 << 0.5 << qint64(500);
}

void tst_RetryPolicy::exponentialWithFullJitter()
{
    QFETCH(int, failedAttempt);
    QFETCH(double, random);
    QFETCH(qint64, expectedMs);
    const RetryPolicy policy(milliseconds(1000), milliseconds(30000), [random] { return random; });
    QCOMPARE(policy.delay(failedAttempt).count(), expectedMs);
}

void tst_RetryPolicy::jitterSpansZeroToCeiling()
{
    // A deterministic sequence of "random" values sweeps the whole interval.
    int call = 0;
    const RetryPolicy policy(milliseconds(100), milliseconds(10000),
                             [&call] { return (call++ % 10) / 10.0; });
    QList<qint64> seen;
    for (int i = 0; i < 10; ++i)
        seen.append(policy.delay(3).count()); // ceiling 400 ms
    QCOMPARE(seen, (QList<qint64>{0, 40, 80, 120, 160, 200, 240, 280, 320, 360}));
}

void tst_RetryPolicy::hugeAttemptNumbersStayCapped()
{
    const RetryPolicy policy(milliseconds(1000), milliseconds(30000), [] { return 0.999999; });
    for (int attempt : {31, 64, 1000, std::numeric_limits<int>::max()}) {
        const milliseconds delay = policy.delay(attempt);
        QVERIFY(delay <= milliseconds(30000));
        QVERIFY(delay >= milliseconds(29999));
    }
}

void tst_RetryPolicy::serverHintWinsOverBackoff_data()
{
    QTest::addColumn<qint64>("hintMs");
    QTest::addColumn<qint64>("expectedMs");
    QTest::newRow("below backoff") << qint64(200) << qint64(200);
    QTest::newRow("beyond maxBackoff is still honoured") << qint64(45000) << qint64(45000);
    QTest::newRow("capped at two minutes") << qint64(500000) << qint64(120000);
    QTest::newRow("zero") << qint64(0) << qint64(0);
    QTest::newRow("negative means now") << qint64(-5) << qint64(0);
}

void tst_RetryPolicy::serverHintWinsOverBackoff()
{
    QFETCH(qint64, hintMs);
    QFETCH(qint64, expectedMs);
    const RetryPolicy policy(milliseconds(1000), milliseconds(30000), [] { return 0.5; });
    QCOMPARE(policy.delay(2, milliseconds(hintMs)).count(), expectedMs);
}

void tst_RetryPolicy::parseServerHint_data()
{
    QTest::addColumn<QByteArray>("retryAfterMs");
    QTest::addColumn<QByteArray>("retryAfter");
    QTest::addColumn<OptionalMs>("expected");

    QTest::newRow("none") << QByteArray() << QByteArray() << OptionalMs();
    QTest::newRow("seconds") << QByteArray() << QByteArray("1") << OptionalMs(milliseconds(1000));
    QTest::newRow("fractional seconds")
        << QByteArray() << QByteArray(" 1.5 ") << OptionalMs(milliseconds(1500));
    QTest::newRow("zero seconds") << QByteArray() << QByteArray("0") << OptionalMs(milliseconds(0));
    QTest::newRow("milliseconds") << QByteArray("250") << QByteArray()
                                  << OptionalMs(milliseconds(250));
    QTest::newRow("fractional milliseconds round up")
        << QByteArray("250.2") << QByteArray() << OptionalMs(milliseconds(251));
    QTest::newRow("retry-after-ms wins")
        << QByteArray("300") << QByteArray("20") << OptionalMs(milliseconds(300));
    QTest::newRow("bad ms falls back to seconds")
        << QByteArray("soon") << QByteArray("2") << OptionalMs(milliseconds(2000));
    QTest::newRow("HTTP-date 10 s ahead")
        << QByteArray() << QByteArray("Wed, 21 Oct 2015 07:28:10 GMT")
        << OptionalMs(milliseconds(10000));
    QTest::newRow("RFC 2822 date with numeric zone")
        << QByteArray() << QByteArray("Wed, 21 Oct 2015 09:28:05 +0200")
        << OptionalMs(milliseconds(5000));
    QTest::newRow("HTTP-date in the past")
        << QByteArray() << QByteArray("Wed, 21 Oct 2015 07:27:00 GMT")
        << OptionalMs(milliseconds(0));
    QTest::newRow("HTTP-date far ahead is capped")
        << QByteArray() << QByteArray("Thu, 22 Oct 2015 07:28:00 GMT")
        << OptionalMs(milliseconds(120000));
    QTest::newRow("huge seconds capped")
        << QByteArray() << QByteArray("86400") << OptionalMs(milliseconds(120000));
    QTest::newRow("negative seconds ignored") << QByteArray() << QByteArray("-1") << OptionalMs();
    QTest::newRow("garbage ignored") << QByteArray() << QByteArray("later") << OptionalMs();
    QTest::newRow("nan ignored") << QByteArray("nan") << QByteArray("inf") << OptionalMs();
}

void tst_RetryPolicy::parseServerHint()
{
    QFETCH(QByteArray, retryAfterMs);
    QFETCH(QByteArray, retryAfter);
    QFETCH(OptionalMs, expected);
    const QDateTime now(QDate(2015, 10, 21), QTime(7, 28, 0), QTimeZone::utc());
    const OptionalMs hint = RetryPolicy::serverHint(retryAfterMs, retryAfter, now);
    QCOMPARE(hint.has_value(), expected.has_value());
    if (expected)
        QCOMPARE(hint->count(), expected->count());
}

void tst_RetryPolicy::defaultRandomSourceStaysInRange()
{
    const RetryPolicy policy(milliseconds(100), milliseconds(1000));
    bool sawDifferent = false;
    const milliseconds first = policy.delay(2);
    for (int i = 0; i < 200; ++i) {
        const milliseconds delay = policy.delay(2);
        QVERIFY(delay >= milliseconds(0));
        QVERIFY(delay < milliseconds(200));
        sawDifferent = sawDifferent || delay != first;
    }
    QVERIFY(sawDifferent); // it is jittered, not constant
}

QTEST_GUILESS_MAIN(tst_RetryPolicy)
#include "tst_retrypolicy.moc"
