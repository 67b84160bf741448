#include "core/control/ControlToken.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using Terrarium::Core::ControlToken;
using Terrarium::Core::ErrorCode;

class tst_ControlToken : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void madeOnceReadableByItsOwnerAlone();
    void aFileOthersMayReadIsRefused();
    void theEnvironmentWins();
    void comparison();
};

namespace {

mode_t modeOf(const QString &path)
{
    struct stat status
    {
    };
    ::stat(QFile::encodeName(path).constData(), &status);
    return status.st_mode & 07777;
}

} // namespace

void tst_ControlToken::madeOnceReadableByItsOwnerAlone()
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("runtime/terrarium/control-token"));
    const auto made = ControlToken::load(file, {});
    QVERIFY2(made, made ? "" : qPrintable(made.error().message));
    // 256 random bits as hex.
    QCOMPARE(made->size(), 64);
    QVERIFY(QByteArray::fromHex(made->toLatin1()).toHex() == made->toLatin1());
    QCOMPARE(modeOf(file), mode_t(0600));
    QCOMPARE(modeOf(dir.filePath(QStringLiteral("runtime/terrarium"))), mode_t(0700));
    // Found again, not made anew; and another one is another token.
    QCOMPARE(*ControlToken::load(file, {}), *made);
    QVERIFY(ControlToken::generate() != ControlToken::generate());
}

void tst_ControlToken::aFileOthersMayReadIsRefused()
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("control-token"));
    QVERIFY(ControlToken::load(file, {}));
    QVERIFY(QFile::setPermissions(file, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadOther));
    const auto refused = ControlToken::load(file, {});
    QVERIFY(!refused);
    QCOMPARE(refused.error().code, ErrorCode::PermissionDenied);
    QVERIFY2(refused.error().message.contains(file), qPrintable(refused.error().message));
    // A link planted where the file goes is not followed.
    QVERIFY(QFile::remove(file));
    QFile secret(dir.filePath(QStringLiteral("secret")));
    QVERIFY(secret.open(QIODevice::WriteOnly));
    secret.write(QByteArray(64, 'a'));
    secret.close();
    QVERIFY(QFile::link(secret.fileName(), file));
    QVERIFY(!ControlToken::load(file, {}));
    // Nor is a file with too little in it used.
    QVERIFY(QFile::remove(file));
    QFile empty(file);
    QVERIFY(empty.open(QIODevice::WriteOnly));
    empty.close();
    QVERIFY(QFile::setPermissions(file, QFile::ReadOwner | QFile::WriteOwner));
    QCOMPARE(ControlToken::load(file, {}).error().code, ErrorCode::Configuration);
}

void tst_ControlToken::theEnvironmentWins()
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("control-token"));
    QProcessEnvironment environment;
    const QString token = QString(40, u'k');
    environment.insert(QStringLiteral("TERRARIUM_CONTROL_TOKEN"), token);
    QCOMPARE(*ControlToken::load(file, environment), token);
    QVERIFY(!QFile::exists(file)); // nothing written
    environment.insert(QStringLiteral("TERRARIUM_CONTROL_TOKEN"), QStringLiteral("short"));
    QCOMPARE(ControlToken::load(file, environment).error().code, ErrorCode::Configuration);
}

void tst_ControlToken::comparison()
{
    const QByteArray token = ControlToken::generate().toLatin1();
    QVERIFY(ControlToken::matches(token, token));
    QVERIFY(!ControlToken::matches(token, token.chopped(1)));
    QVERIFY(!ControlToken::matches(token, QByteArray(token + 'x')));
    QByteArray last = token;
    last.back() = last.back() == 'a' ? 'b' : 'a';
    QVERIFY(!ControlToken::matches(token, last));
    QVERIFY(!ControlToken::matches(token, {}));
    QVERIFY(!ControlToken::matches({}, {})); // no token, no way in
}

QTEST_GUILESS_MAIN(tst_ControlToken)
#include "tst_controltoken.moc"
