#include "core/output/SecretRedactor.h"

#include <QTest>

using namespace Terrarium::Core;

class tst_SecretRedactor : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void wholeText_data();
    void wholeText();
    void secretSplitAtEveryPosition();
    void byteByByte();
    void heldBackTextComesOutWhenItIsNoSecret();
    void shortValuesAreIgnored();
    void noSecretsPassesEverythingAtOnce();
};

namespace {
const QString apiKey = QStringLiteral("sk-test-1234567890abcdef");
const QString token = QStringLiteral("c0ntr0l-t0ken-ffff");
} // namespace

void tst_SecretRedactor::wholeText_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");

    QTest::newRow("env line") << "TERRARIUM_API_KEY=" + apiKey + "\nHOME=/root\n"
                              << "TERRARIUM_API_KEY=***\nHOME=/root\n";
    QTest::newRow("twice, two secrets") << apiKey + " " + token + apiKey << "*** ******";
    QTest::newRow("none") << "nothing to hide"
                          << "nothing to hide";
    QTest::newRow("a prefix alone stays") << "sk-test-123"
                                          << "sk-test-123";
    QTest::newRow("utf-8 around it") << QString::fromUtf8("ä→") + apiKey + QString::fromUtf8("←ö")
                                     << QString::fromUtf8("ä→***←ö");
}

void tst_SecretRedactor::wholeText()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    QCOMPARE(SecretRedactor::redact(text, {apiKey, token}), expected);
}

void tst_SecretRedactor::secretSplitAtEveryPosition()
{
    const QByteArray stream = "before " + apiKey.toUtf8() + " after";
    for (qsizetype cut = 0; cut <= stream.size(); ++cut) {
        SecretRedactor redactor({apiKey});
        QByteArray out = redactor.feed(stream.left(cut));
        QVERIFY2(!out.contains("1234567890"), qPrintable(QString::number(cut)));
        out += redactor.feed(stream.mid(cut));
        out += redactor.flush();
        QCOMPARE(out, QByteArray("before *** after"));
    }
}

void tst_SecretRedactor::byteByByte()
{
    const QByteArray stream = apiKey.toUtf8() + "\n" + apiKey.left(5).toUtf8() + token.toUtf8();
    SecretRedactor redactor({apiKey, token});
    QByteArray out;
    for (const char byte : stream) {
        const QByteArray piece = redactor.feed(QByteArrayView(&byte, 1));
        // What has been passed on never holds a whole secret's distinctive middle.
        out += piece;
        QVERIFY(!out.contains("1234567890"));
        QVERIFY(!out.contains("t0ken"));
    }
    out += redactor.flush();
    QCOMPARE(out, QByteArray("***\nsk-te***"));
}

void tst_SecretRedactor::heldBackTextComesOutWhenItIsNoSecret()
{
    SecretRedactor redactor({apiKey});
    // "sk-te" could begin the key: held back.
    QCOMPARE(redactor.feed("prompt sk-te"), QByteArray("prompt "));
    // The next byte shows it is not the key: released at once.
    QCOMPARE(redactor.feed("xt"), QByteArray("sk-text"));
    QCOMPARE(redactor.feed("end s"), QByteArray("end "));
    QCOMPARE(redactor.flush(), QByteArray("s"));
    QCOMPARE(redactor.flush(), QByteArray());
}

void tst_SecretRedactor::shortValuesAreIgnored()
{
    SecretRedactor redactor({QStringLiteral("abc"), QString()});
    QVERIFY(!redactor.isActive());
    QCOMPARE(redactor.feed("abc abc"), QByteArray("abc abc"));
}

void tst_SecretRedactor::noSecretsPassesEverythingAtOnce()
{
    SecretRedactor redactor;
    QCOMPARE(redactor.feed("sk-"), QByteArray("sk-"));
    QCOMPARE(redactor.flush(), QByteArray());
}

QTEST_GUILESS_MAIN(tst_SecretRedactor)
#include "tst_secretredactor.moc"
