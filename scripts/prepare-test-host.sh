#!/usr/bin/env bash
# Prepares this machine for Terrarium's integration tests. Run as root (scripts/test does it):
#  - an unprivileged user with subordinate ids, because the Podman tests exercise rootless
#    Podman, which is what Terrarium uses and what root cannot test;
#  - /dev/net/tun usable by that user (the usual 0666; some minimal hosts ship 0600), which
#    rootless container networking needs for the tests that allow network access;
#  - libvirt's daemons running (the VM tests use qemu:///system as root).
set -euo pipefail
user=${TERRARIUM_TEST_USER:-terrarium-test}

[[ $(id -u) -eq 0 ]] || { echo "prepare-test-host.sh must run as root" >&2; exit 1; }

if ! id "$user" >/dev/null 2>&1; then
    useradd --create-home --shell /bin/bash "$user"
fi
grep -q "^$user:" /etc/subuid || usermod --add-subuids 300000-365535 "$user"
grep -q "^$user:" /etc/subgid || usermod --add-subgids 300000-365535 "$user"

# A second user without subordinate ids, to see the preflight explain that.
nosubids=terrarium-nosubids
if ! id "$nosubids" >/dev/null 2>&1; then
    useradd --create-home --shell /bin/bash "$nosubids"
fi
sed -i "/^$nosubids:/d" /etc/subuid /etc/subgid

if [[ -c /dev/net/tun ]]; then
    chmod 0666 /dev/net/tun
fi

# libvirt: started by systemd where there is one, by hand otherwise (minimal hosts, containers).
if command -v libvirtd >/dev/null; then
    if [[ -d /run/systemd/system ]]; then
        systemctl start virtlogd.socket libvirtd.socket libvirtd.service
    else
        pgrep -x virtlogd >/dev/null || virtlogd -d
        # Under a subreaper: QEMUs it orphans are reaped at once even where PID 1 is slow to
        # (libvirt waits for that on every VM it stops; seen here: 1.4 s each).
        if ! pgrep -x libvirtd >/dev/null; then
            setsid "$(dirname "$0")/subreaper" libvirtd < /dev/null >> /var/log/terrarium-libvirtd.log 2>&1 &
        fi
    fi
    for _ in $(seq 50); do
        [[ -S /run/libvirt/libvirt-sock ]] && break
        sleep 0.1
    done
fi
# A /dev/kvm only root may open (some minimal hosts) makes libvirt probe QEMU again on every
# call, seconds each, because its cached answer (probed as root: KVM there) never matches what
# its QEMU user may do. The usual mode is 0660 root:kvm with libvirt's user in kvm; world access
# is the simplest equivalent on a test host. Whether KVM then really works is probed anyway.
if [[ -c /dev/kvm ]]; then
    chmod 0666 /dev/kvm
fi

# The test users run binaries from this checkout's build tree: let them through every parent
# directory they could not otherwise enter (e.g. a checkout under /root), and no further.
repo=$(cd "$(dirname "$0")/.." && pwd)
for account in "$user" "$nosubids"; do
    dir=$repo
    while [[ "$dir" != "/" ]]; do
        if ! runuser -u "$account" -- test -x "$dir"; then
            setfacl -m "u:$account:x" "$dir"
        fi
        dir=$(dirname "$dir")
    done
    if ! runuser -u "$account" -- test -r "$repo/scripts/as-test-user"; then
        echo "the test user $account cannot read $repo; fix its permissions" >&2
        exit 1
    fi
done
