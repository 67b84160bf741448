#pragma once

#include "core/Error.h"
#include "vm/libvirt/VmDomainConfig.h"
#include "vm/libvirt/VmDomainDescription.h"

#include <QLatin1StringView>
#include <QString>

// The libvirt XML of Terrarium's VMs, built and read back by pure functions: no libvirt calls,
// no files touched, so the output can be compared byte for byte with golden files.
//
// The domain is a small q35 machine booted straight into a kernel, with one qcow2 disk (vda),
// a serial console, a virtio-rng, the agent's virtio-serial port (org.terrarium.agent.0) on a
// UNIX socket QEMU listens on, no graphics, USB, sound or balloon, and no network interface
// unless the spec's policy is Outbound (then user-mode networking: outbound only, nothing can
// connect in; its link starts down, for VmNetworkGuard to bring up). Terrarium's metadata (in its
// own XML namespace) records the spec, with the environment's variable names only: values can be
// secrets.
namespace Terrarium::Vm::DomainXml {

// Terrarium's metadata namespace and element: <terrarium:sandbox xmlns:terrarium="...">.
inline constexpr QLatin1StringView MetadataNamespace{"https://terrarium.invalid/xmlns/sandbox/1"};
inline constexpr QLatin1StringView MetadataPrefix{"terrarium"};
inline constexpr QLatin1StringView MetadataElement{"sandbox"};
// The virtio-serial port name the guest's init looks for in /sys/class/virtio-ports/*/name.
inline constexpr QLatin1StringView AgentChannelName{"org.terrarium.agent.0"};
// The guest's only disk; snapshots name it.
inline constexpr QLatin1StringView SystemDiskTarget{"vda"};

// The domain XML for config. Fails (InvalidInput), naming every problem, when the kernel or
// disk path is missing, a path is relative, a value cannot be written in XML (control
// characters), or the agent socket path is too long for a UNIX socket. Values are escaped, never
// interpreted: names and paths may hold spaces, &, < or quotes. Does not check the spec's limits
// against a host: see validateVmSpec().
Core::Result<QString> build(const VmDomainConfig &config);

// Reads a domain's XML (ours, or as libvirt returns it: reformatted, with added devices and
// addresses) back into a description. Fails with NotFound when the domain has no Terrarium
// metadata, MalformedResponse when the XML or the metadata cannot be read.
Core::Result<VmDomainDescription> parse(const QString &xml);

// The domain name in a domain XML, or an empty string; for messages about XML that failed.
QString domainName(const QString &xml);

// A disk-only external snapshot: vda continues in a new qcow2 overlay at overlayPath, on top of
// the current one, which becomes read-only (create it with
// VIR_DOMAIN_SNAPSHOT_CREATE_DISK_ONLY, plus _ATOMIC). Fails like build() does.
Core::Result<QString> buildDiskSnapshot(const QString &snapshotName, const QString &overlayPath);

} // namespace Terrarium::Vm::DomainXml
