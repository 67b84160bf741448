// libvirt's errors as Terrarium reports them: what was being done, libvirt's words, and what to
// do for the failures people hit first. The mapping is checked with errors as libvirt 9.0 raises
// them (code, domain, errno, message), then with real failures: a missing and a refusing daemon
// socket, an unknown domain on the built-in test driver, and that libvirt no longer prints its
// errors on stderr.
#include "vm/libvirt/LibvirtConnection.h"
#include "vm/libvirt/LibvirtError.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTemporaryFile>
#include <QTest>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

using namespace Terrarium;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(Terrarium::Core::ErrorCode)

namespace {

// Runs body with this process's stderr going to a file, and returns what was written there.
template<typename Body>
QByteArray stderrOf(Body body)
{
    QTemporaryFile capture;
    if (!capture.open())
        return "cannot capture stderr";
    std::fflush(stderr);
    const int saved = ::dup(STDERR_FILENO);
    ::dup2(capture.handle(), STDERR_FILENO);
    body();
    std::fflush(stderr);
    ::dup2(saved, STDERR_FILENO);
    ::close(saved);
    capture.seek(0);
    return capture.readAll();
}

} // namespace

class tst_LibvirtError : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void mapping_data();
    void mapping();
    void fullMessage();
    void noError();
    void daemonSocketMissing();
    void daemonSocketRefuses();
    void unknownDomain();
    void nothingOnStderr();
};

void tst_LibvirtError::mapping_data()
{
    QTest::addColumn<int>("code");
    QTest::addColumn<int>("domain");
    QTest::addColumn<int>("int1");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("uri");
    QTest::addColumn<Core::ErrorCode>("expectedCode");
    QTest::addColumn<QString>("advice");

    QTest::newRow("daemon not running")
        << int(VIR_ERR_SYSTEM_ERROR) << int(VIR_FROM_RPC) << ENOENT
        << u"Failed to connect socket to '/var/run/libvirt/libvirt-sock': No such file or "
           "directory"_s
        << u"qemu:///system"_s << Core::ErrorCode::Configuration
        << u"libvirtd is not running; start it (e.g. sudo systemctl start libvirtd, or "
           "libvirtd -d)."_s;
    QTest::newRow("connection refused")
        << int(VIR_ERR_SYSTEM_ERROR) << int(VIR_FROM_RPC) << ECONNREFUSED
        << u"Failed to connect socket to '/run/user/1000/libvirt/libvirt-sock': Connection "
           "refused"_s
        << u"qemu:///session"_s << Core::ErrorCode::Configuration << u"libvirtd is not running;"_s;
    QTest::newRow("remote daemon not running")
        << int(VIR_ERR_SYSTEM_ERROR) << int(VIR_FROM_RPC) << ECONNRESET
        << u"Cannot recv data: nc: unix connect failed: No such file or directory: Connection "
           "reset by peer"_s
        << u"qemu+ssh://alice@build.example/system"_s << Core::ErrorCode::Configuration
        << u"libvirtd is not running on build.example; start it there"_s;
    QTest::newRow("no driver") << int(VIR_ERR_NO_CONNECT) << int(VIR_FROM_NONE) << 0
                               << u"no connection driver available for qemu:///system"_s
                               << u"qemu:///system"_s << Core::ErrorCode::Configuration
                               << u"No libvirt driver accepted this address"_s;
    QTest::newRow("system socket not ours")
        << int(VIR_ERR_SYSTEM_ERROR) << int(VIR_FROM_RPC) << EACCES
        << u"Failed to connect socket to '/var/run/libvirt/libvirt-sock': Permission denied"_s
        << u"qemu:///system"_s << Core::ErrorCode::PermissionDenied
        << u"qemu:///system needs root or membership of the libvirt group (sudo usermod -aG "
           "libvirt $USER, then log in again); qemu:///session needs neither."_s;
    QTest::newRow("polkit refuses")
        << int(VIR_ERR_AUTH_FAILED) << int(VIR_FROM_AUTH) << 0
        << u"authentication failed: access denied by policy"_s << u"qemu:///system"_s
        << Core::ErrorCode::PermissionDenied << u"membership of the libvirt group"_s;
    QTest::newRow("session auth unavailable")
        << int(VIR_ERR_AUTH_UNAVAILABLE) << int(VIR_FROM_AUTH) << 0
        << u"authentication unavailable: no polkit agent available to authenticate action"_s
        << u"qemu:///session"_s << Core::ErrorCode::PermissionDenied
        << u"qemu:///session runs as you"_s;
    QTest::newRow("remote access denied")
        << int(VIR_ERR_OPERATION_DENIED) << int(VIR_FROM_ACCESS) << 0
        << u"access denied: 'write' on the connection"_s
        << u"qemu+ssh://alice@build.example/system"_s << Core::ErrorCode::PermissionDenied
        << u"The account used on build.example needs access to libvirt there"_s;
    QTest::newRow("no domain") << int(VIR_ERR_NO_DOMAIN) << int(VIR_FROM_QEMU) << 0
                               << u"Domain not found: no domain with matching name 'x'"_s
                               << u"qemu:///session"_s << Core::ErrorCode::NotFound
                               << u"no domain with matching name 'x'"_s;
    QTest::newRow("KVM not available")
        << int(VIR_ERR_CONFIG_UNSUPPORTED) << int(VIR_FROM_QEMU) << 0
        << u"unsupported configuration: Domain requires KVM, but it is not available. Check that "
           "virtualization is enabled in the host BIOS, and host configuration is setup to load "
           "the kvm modules."_s
        << u"qemu:///system"_s << Core::ErrorCode::SandboxError
        << u"the kvm modules. Hardware virtualisation (KVM) is not usable here"_s;
    QTest::newRow("KVM dies in the guest")
        << int(VIR_ERR_OPERATION_FAILED) << int(VIR_FROM_QEMU) << 0
        << u"operation failed: domain is not running: KVM internal error. Suberror: 1"_s
        << u"qemu:///system"_s << Core::ErrorCode::SandboxError << u"use software emulation"_s;
    QTest::newRow("ssh fails")
        << int(VIR_ERR_SYSTEM_ERROR) << int(VIR_FROM_RPC) << ECONNRESET
        << u"Cannot recv data: ssh: Could not resolve hostname nohost.invalid: Name or service "
           "not known: Connection reset by peer"_s
        << u"qemu+ssh://nohost.invalid/system"_s << Core::ErrorCode::SandboxError
        << u"Check that ssh nohost.invalid works from this account without a password prompt"_s;
}

void tst_LibvirtError::mapping()
{
    QFETCH(int, code);
    QFETCH(int, domain);
    QFETCH(int, int1);
    QFETCH(QString, message);
    QFETCH(QString, uri);
    QFETCH(Core::ErrorCode, expectedCode);
    QFETCH(QString, advice);

    QByteArray text = message.toUtf8();
    virError error;
    std::memset(&error, 0, sizeof error);
    error.code = code;
    error.domain = domain;
    error.int1 = int1;
    error.level = VIR_ERR_ERROR;
    error.message = text.data();

    const Core::Error mapped =
        Vm::LibvirtError::fromVirError(&error, u"Cannot start the VM terrarium-x"_s, uri);
    QCOMPARE(mapped.code, expectedCode);
    QVERIFY2(mapped.message.startsWith(u"Cannot start the VM terrarium-x: "_s),
             qPrintable(mapped.message));
    QVERIFY2(mapped.message.contains(message.chopped(message.endsWith(u'.') ? 1 : 0)),
             qPrintable(mapped.message));
    QVERIFY2(mapped.message.contains(advice), qPrintable(mapped.message));
}

void tst_LibvirtError::fullMessage()
{
    QByteArray text = "Requested operation is not valid: domain is not running";
    virError error;
    std::memset(&error, 0, sizeof error);
    error.code = VIR_ERR_OPERATION_INVALID;
    error.domain = VIR_FROM_QEMU;
    error.message = text.data();
    const Core::Error mapped = Vm::LibvirtError::fromVirError(
        &error, u"Cannot pause the VM terrarium-x"_s, u"qemu:///system"_s);
    QCOMPARE(mapped.code, Core::ErrorCode::SandboxError);
    QCOMPARE(mapped.message,
             u"Cannot pause the VM terrarium-x: Requested operation is not "
             "valid: domain is not running"_s);
}

void tst_LibvirtError::noError()
{
    const Core::Error mapped = Vm::LibvirtError::fromVirError(nullptr, u"Cannot do it"_s);
    QCOMPARE(mapped.code, Core::ErrorCode::SandboxError);
    QCOMPARE(mapped.message, u"Cannot do it: libvirt gave no reason"_s);
}

// What a user without a running libvirtd gets.
void tst_LibvirtError::daemonSocketMissing()
{
    const QString uri = u"qemu+unix:///system?socket=/nonexistent/terrarium-test.sock"_s;
    const auto connection = Vm::LibvirtConnection::open(uri);
    QVERIFY(!connection);
    const Core::Error &error = connection.error();
    QCOMPARE(error.code, Core::ErrorCode::Configuration);
    QVERIFY2(error.message.startsWith(u"Cannot connect to libvirt at %1: "_s.arg(uri)),
             qPrintable(error.message));
    QVERIFY2(error.message.contains(u"/nonexistent/terrarium-test.sock"_s),
             qPrintable(error.message));
    QVERIFY2(error.message.endsWith(u"libvirtd is not running; start it (e.g. sudo systemctl "
                                    "start libvirtd, or libvirtd -d)."_s),
             qPrintable(error.message));
}

// A socket file nobody listens on: libvirtd died without removing it.
void tst_LibvirtError::daemonSocketRefuses()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QByteArray path = QFile::encodeName(dir.filePath(u"libvirt-sock"_s));
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    QVERIFY(size_t(path.size()) < sizeof address.sun_path);
    std::memcpy(address.sun_path, path.constData(), path.size());
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    QVERIFY(fd >= 0);
    QCOMPARE(::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof address), 0);

    const auto connection = Vm::LibvirtConnection::open(
        u"qemu+unix:///session?socket=%1"_s.arg(QString::fromLocal8Bit(path)));
    ::close(fd);
    QVERIFY(!connection);
    QCOMPARE(connection.error().code, Core::ErrorCode::Configuration);
    QVERIFY2(connection.error().message.contains(u"Connection refused"_s),
             qPrintable(connection.error().message));
    QVERIFY2(connection.error().message.contains(u"libvirtd is not running"_s),
             qPrintable(connection.error().message));
}

void tst_LibvirtError::unknownDomain()
{
    auto connection = Vm::LibvirtConnection::open(u"test:///default"_s);
    QVERIFY2(connection, qPrintable(connection ? QString() : connection.error().message));
    const auto domain = connection->lookupDomain(u"terrarium-does-not-exist"_s);
    QVERIFY(!domain);
    QCOMPARE(domain.error().code, Core::ErrorCode::NotFound);
    QVERIFY2(domain.error().message.startsWith(
                 u"Cannot find the VM terrarium-does-not-exist at test:///default: "_s),
             qPrintable(domain.error().message));
}

// libvirt's default error function prints every error on stderr ("libvirt: XML-RPC error : ...");
// Terrarium's handler sends them to its log instead.
void tst_LibvirtError::nothingOnStderr()
{
    const auto failToConnect = [] {
        virConnectPtr connection =
            virConnectOpen("qemu+unix:///system?socket=/nonexistent/terrarium-test.sock");
        if (connection)
            virConnectClose(connection);
    };
    Vm::LibvirtError::installHandler();
    virSetErrorFunc(nullptr, nullptr); // libvirt's default
    const QByteArray printedByDefault = stderrOf(failToConnect);
    QVERIFY2(printedByDefault.contains("terrarium-test.sock"), printedByDefault.constData());

    Vm::LibvirtError::installHandler();
    const QByteArray printed = stderrOf([&] {
        failToConnect();
        auto connection = Vm::LibvirtConnection::open(u"test:///default"_s);
        if (connection)
            (void)connection->lookupDomain(u"terrarium-does-not-exist"_s);
    });
    QVERIFY2(printed.isEmpty(), printed.constData());
}

QTEST_GUILESS_MAIN(tst_LibvirtError)
#include "tst_libvirterror.moc"
