#include "LibvirtError.h"

#include "core/CoreTr.h"
#include "vm/VmLogging.h"

#include <QUrl>

#include <libvirt/libvirt.h>

#include <cerrno>
#include <mutex>

namespace Terrarium::Vm {

namespace {

// libvirt calls this for every error it raises, in the thread that raised it.
void logLibvirtError(void *, virErrorPtr error)
{
    if (!error)
        return;
    qCDebug(lcVm).noquote() << "libvirt error" << error->code << "from" << error->domain << ":"
                            << QString::fromUtf8(error->message ? error->message : "");
}

enum class Failure {
    Other,
    DaemonNotRunning, // the daemon's socket is missing or refuses connections
    NoDriver, // nothing accepted the URI
    AccessDenied,
    NoDomain,
    KvmUnusable,
    RemoteShell, // ssh to a remote host failed
};

Failure classify(const virError &error, const QUrl &uri)
{
    const QString message = QString::fromUtf8(error.message ? error.message : "");
    const bool fromTransport = error.domain == VIR_FROM_RPC || error.domain == VIR_FROM_REMOTE;
    // For VIR_ERR_SYSTEM_ERROR, int1 holds the errno.
    const int systemErrno = error.code == VIR_ERR_SYSTEM_ERROR ? error.int1 : 0;

    switch (error.code) {
    case VIR_ERR_NO_DOMAIN:
        return Failure::NoDomain;
    case VIR_ERR_NO_CONNECT:
        return Failure::NoDriver;
    case VIR_ERR_AUTH_FAILED:
    case VIR_ERR_AUTH_UNAVAILABLE:
    case VIR_ERR_AUTH_CANCELLED:
    case VIR_ERR_OPERATION_DENIED:
        return Failure::AccessDenied;
    default:
        break;
    }
    if (fromTransport && (systemErrno == ENOENT || systemErrno == ECONNREFUSED))
        return Failure::DaemonNotRunning;
    if (fromTransport && (systemErrno == EACCES || systemErrno == EPERM))
        return Failure::AccessDenied;
    // Seen through ssh: the remote end's netcat cannot reach the daemon's socket.
    if (message.contains(QLatin1String("unix connect failed"))) {
        return message.contains(QLatin1String("Permission denied")) ? Failure::AccessDenied
                                                                    : Failure::DaemonNotRunning;
    }
    // "Domain requires KVM, but it is not available", "KVM is not supported by ...",
    // "domaintype=kvm", "failed to initialize kvm", "KVM internal error".
    if (message.contains(QLatin1String("kvm"), Qt::CaseInsensitive))
        return Failure::KvmUnusable;
    if (fromTransport && uri.scheme().endsWith(QLatin1String("+ssh")))
        return Failure::RemoteShell;
    return Failure::Other;
}

QString advice(Failure failure, const QUrl &uri)
{
    const bool remote = !uri.host().isEmpty();
    switch (failure) {
    case Failure::Other:
    case Failure::NoDomain:
        break;
    case Failure::DaemonNotRunning:
        if (remote)
            return Core::Tr::tr("libvirtd is not running on %1; start it there (e.g. sudo "
                                "systemctl start libvirtd, or libvirtd -d).")
                .arg(uri.host());
        return Core::Tr::tr("libvirtd is not running; start it (e.g. sudo systemctl start "
                            "libvirtd, or libvirtd -d).");
    case Failure::NoDriver:
        return Core::Tr::tr(
            "No libvirt driver accepted this address: libvirtd is not running, or lacks its QEMU "
            "driver; start it (e.g. sudo systemctl start libvirtd, or libvirtd -d) and install "
            "what is missing (Debian: libvirt-daemon-system qemu-system-x86).");
    case Failure::AccessDenied:
        if (remote)
            return Core::Tr::tr("The account used on %1 needs access to libvirt there (e.g. "
                                "membership of the libvirt group).")
                .arg(uri.host());
        if (uri.path() == QLatin1String("/system"))
            return Core::Tr::tr(
                "qemu:///system needs root or membership of the libvirt group (sudo usermod -aG "
                "libvirt $USER, then log in again); qemu:///session needs neither.");
        if (uri.path() == QLatin1String("/session"))
            return Core::Tr::tr(
                "qemu:///session runs as you: check that $XDG_RUNTIME_DIR/libvirt and "
                "~/.config/libvirt belong to you, or use qemu:///system as a member of the "
                "libvirt group.");
        return Core::Tr::tr("Check your access rights to %1.").arg(uri.toString());
    case Failure::KvmUnusable:
        return Core::Tr::tr(
            "Hardware virtualisation (KVM) is not usable here: use software emulation (domain "
            "type qemu, slower), or make /dev/kvm usable (enable virtualisation in the firmware, "
            "load kvm_intel or kvm_amd, join the kvm group).");
    case Failure::RemoteShell:
        return Core::Tr::tr("Check that ssh %1 works from this account without a password "
                            "prompt (a key, with ssh-agent).")
            .arg(uri.userName().isEmpty()
                     ? uri.host()
                     : QStringLiteral("%1@%2").arg(uri.userName(), uri.host()));
    }
    return {};
}

Core::ErrorCode errorCode(Failure failure)
{
    switch (failure) {
    case Failure::DaemonNotRunning:
    case Failure::NoDriver:
        return Core::ErrorCode::Configuration;
    case Failure::AccessDenied:
        return Core::ErrorCode::PermissionDenied;
    case Failure::NoDomain:
        return Core::ErrorCode::NotFound;
    case Failure::Other:
    case Failure::KvmUnusable:
    case Failure::RemoteShell:
        break;
    }
    return Core::ErrorCode::SandboxError;
}

} // namespace

void LibvirtError::installHandler()
{
    static std::once_flag once;
    std::call_once(once, [] {
        // Needed once before libvirt is used from more than one thread.
        if (virInitialize() < 0)
            qCWarning(lcVm) << "virInitialize failed";
    });
    virSetErrorFunc(nullptr, logLibvirtError);
}

void LibvirtError::installHandler(virConnectPtr connection)
{
    installHandler();
    if (connection)
        virConnSetErrorFunc(connection, nullptr, logLibvirtError);
}

Core::Error LibvirtError::last(const QString &doing, const QString &uri)
{
    return fromVirError(virGetLastError(), doing, uri);
}

std::unexpected<Core::Error> LibvirtError::lastUnexpected(const QString &doing, const QString &uri)
{
    return std::unexpected<Core::Error>(last(doing, uri));
}

Core::Error LibvirtError::fromVirError(const virError *error, const QString &doing,
                                       const QString &uri)
{
    if (!error || error->code == VIR_ERR_OK)
        return {Core::ErrorCode::SandboxError,
                Core::Tr::tr("%1: libvirt gave no reason").arg(doing)};

    QString detail = QString::fromUtf8(error->message ? error->message : "").trimmed();
    if (detail.isEmpty())
        detail = Core::Tr::tr("libvirt error %1").arg(error->code);
    while (detail.endsWith(u'.'))
        detail.chop(1);

    const QUrl url(uri);
    const Failure failure = classify(*error, url);
    const QString hint = advice(failure, url);
    const QString message = hint.isEmpty() ? Core::Tr::tr("%1: %2").arg(doing, detail)
                                           : Core::Tr::tr("%1: %2. %3").arg(doing, detail, hint);
    return {errorCode(failure), message};
}

} // namespace Terrarium::Vm
