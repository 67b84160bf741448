#!/usr/bin/env bash
# Builds the base of Terrarium's VM sandboxes from Debian packages only (no image registry, and
# with --mirror pointing at a local mirror no Internet either), as a normal user (mmdebstrap's
# unshare mode, the same subordinate ids rootless Podman needs) or as root:
#
#   build-vm-image.sh --output DIR [--suite bookworm] [--mirror URL] [--agent PATH]
#                     [--include PKG,PKG] [--disk-size 8G]
#   build-vm-image.sh --print-mirror   # the mirror and apt options it would use, then exits
#
# The mirror and the apt proxy are found as build-image.sh finds them (--mirror, else
# TERRARIUM_APT_MIRROR, else this computer's apt sources; see host-apt-mirror.sh); the proxy is
# the build's and is not kept in the image.
# DIR then holds
#   base.qcow2     the root file system (ext4, no partition table; compressed qcow2): the same
#                  Debian packages as the container image (scripts/build-image.sh), the modules of
#                  Debian's cloud kernel, and the agent at /sbin/terrarium-agent
#   vmlinux        that kernel, for direct kernel boot: unpacked when it has a PVH entry point
#                  (QEMU starts it without firmware boot and decompression), else vmlinuz
#   initrd.img     our own initramfs (the agent plus the virtio modules the root disk needs), only
#                  when the kernel does not have them built in
#   manifest.json  kernel release, the kernel command line to boot with, sizes, agent version
#
# Each VM then runs on a qcow2 overlay of base.qcow2 (qemu-img create -f qcow2 -F qcow2 -b ...).
# Progress goes to stdout as "progress: PERCENT MESSAGE" lines; everything else to stderr.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# The second half of this script runs inside mmdebstrap, as its customize hook: a copy of it,
# uploaded into the chroot's /tmp with the agent. In unshare mode the hook runs in a user
# namespace whose root is the first subordinate id, not the calling user, so it can neither read
# nor write the user's files: everything comes in through "upload" and the results leave through
# "download" hooks, which mmdebstrap runs as the user. It gets the chroot as $1 and everything else
# through the environment.
customize() {
    local root=$1 work=$1/tmp/terrarium-build
    mkdir -p "$work"
    echo "progress: 62 Adding the kernel"
    # The kernel package itself is not installed: it depends on an initramfs generator, whose
    # initrd we do not want. Its files are unpacked by hand; dpkg does not know about them.
    local meta=linux-image-cloud-amd64 package
    package=$(chroot "$root" apt-cache depends "$meta" |
        sed -n 's/^ *Depends: \(linux-image-[0-9].*\)$/\1/p' | head -n 1)
    [[ -n "$package" ]] || { echo "cannot resolve $meta" >&2; return 1; }
    chroot "$root" sh -c "cd /tmp && apt-get download -q '$package'" >&2
    # The build host's apt proxy (if any) was for the build; the VM's network is not the host's.
    if [[ -f "$root/etc/apt/apt.conf.d/99mmdebstrap" ]]; then
        sed -i '/^Acquire::https\{0,1\}::Proxy /d' "$root/etc/apt/apt.conf.d/99mmdebstrap"
    fi
    local deb
    deb=$(cd "$root/tmp" && ls "${package}"_*.deb)
    chroot "$root" dpkg-deb -x "/tmp/$deb" /tmp/kernel
    local release
    release=$(basename "$(ls -d "$root"/tmp/kernel/lib/modules/*)")
    cp "$root/tmp/kernel/boot/vmlinuz-$release" "$work/vmlinuz"
    local kernel_file=vmlinuz
    if unpack_pvh_kernel "$work/vmlinuz" "$work/vmlinux"; then
        mv "$work/vmlinux" "$work/kernel"
        rm -f "$work/vmlinuz"
        kernel_file=vmlinux
    else
        mv "$work/vmlinuz" "$work/kernel"
    fi
    mkdir -p "$root/lib/modules"
    mv "$root/tmp/kernel/lib/modules/$release" "$root/lib/modules/"
    rm -rf "$root/tmp/kernel" "$root/tmp/$deb"
    # Drivers for hardware a QEMU guest never has (InfiniBand, physical NICs, data acquisition
    # cards, SCSI targets, HID devices).
    local kernel=$root/lib/modules/$release/kernel
    rm -rf "$kernel/drivers/infiniband" "$kernel/drivers/net/ethernet" "$kernel/drivers/comedi" \
        "$kernel/drivers/target" "$kernel/drivers/hid"
    chroot "$root" depmod -a "$release"
    # PACKAGE_VERSION_ARCH.deb
    printf 'kernel_package=%s\nkernel_version=%s\nkernel_release=%s\nkernel_file=%s\n' \
        "$package" "$(echo "$deb" | cut -d_ -f2)" "$release" "$kernel_file" > "$work/facts"

    echo "progress: 68 Installing the agent"
    install -m 0755 "$root/tmp/terrarium-agent" "$root/sbin/terrarium-agent"
    if command -v strip > /dev/null; then
        strip --strip-all "$root/sbin/terrarium-agent"
    fi
    echo "agent_installed_sha256=$(sha256sum "$root/sbin/terrarium-agent" | cut -d' ' -f1)" \
        >> "$work/facts"
    echo terrarium > "$root/etc/hostname"
    # Where commands start; there already, so that a sandbox is ready without making it.
    mkdir -p -m 0755 "$root/workspace"
    printf '127.0.0.1\tlocalhost\n127.0.1.1\tterrarium\n::1\t\tlocalhost ip6-localhost ip6-loopback\n' \
        > "$root/etc/hosts"
    # The agent writes it when the VM has a network; the build host's must not leak in.
    rm -f "$root/etc/resolv.conf"
    : > "$root/etc/resolv.conf"
    # There is no sysvinit or systemd: the agent, PID 1, powers the VM off on SIGTERM.
    mkdir -p "$root/usr/local/sbin"
    printf '#!/bin/sh\n# Powers the VM off: its init (terrarium-agent) does that on SIGTERM.\nexec kill -TERM 1\n' \
        > "$root/usr/local/sbin/poweroff"
    chmod 0755 "$root/usr/local/sbin/poweroff"
    rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin \
        "$root"/var/cache/apt/archives/*.deb "$root"/var/log/apt/*
    : > "$root/var/log/dpkg.log"

    echo "progress: 72 Making the initramfs"
    make_initramfs "$root" "$release" "$work"

    echo "progress: 76 Making the ext4 file system"
    # A non-recursive bind mount shows the tree without the /proc, /sys and /dev that mmdebstrap
    # mounted into it; /dev and /tmp (our work files) get empty tmpfs mounts on top (the VM
    # mounts devtmpfs and tmpfs there).
    local view=$work/view status=0
    mkdir -p "$view"
    mount --bind "$root" "$view"
    mount -t tmpfs -o mode=0755 tmpfs "$view/dev"
    mount -t tmpfs -o mode=1777 tmpfs "$view/tmp"
    du -s --block-size=1 --one-file-system "$view" | cut -f1 > "$work/rootfs-bytes"
    mkfs.ext4 -q -F -L terrarium-root -m 0 -E root_owner=0:0 -d "$view" \
        "$work/disk.raw" "$TERRARIUM_VM_DISK_SIZE" >&2 || status=$?
    umount "$view/tmp"
    umount "$view/dev"
    umount "$view"
    rmdir "$view"
    [[ $status -eq 0 ]] || return $status

    echo "progress: 85 Compressing the disk image"
    # zstd decompresses several times faster than zlib, which the guest feels on every first
    # read of a cluster; QEMU builds without zstd get zlib. Done here, so that only the
    # compressed image leaves the namespace.
    if ! qemu-img convert -c -O qcow2 -o compression_type=zstd "$work/disk.raw" \
        "$work/base.qcow2" 2> /dev/null; then
        qemu-img convert -c -O qcow2 "$work/disk.raw" "$work/base.qcow2"
    fi
    rm -f "$work/disk.raw"
    # What the download hooks fetch must exist; an empty initrd.img means none.
    touch "$work/initrd.img"
}

# Unpacks the ELF kernel inside a bzImage when it has a PVH entry point: QEMU then starts it
# directly, without the firmware's real-mode boot and the kernel's self-decompression (about
# 0.7 s of every boot under TCG). Fails, leaving the bzImage to be used, when the payload's
# compression has no tool here or the kernel has no PVH entry.
unpack_pvh_kernel() {
    local image=$1 out=$2 setup_sects payload_offset payload_length
    setup_sects=$(od -An -tu1 -j $((0x1f1)) -N1 "$image" | tr -d ' ')
    payload_offset=$(od -An -tu4 -j $((0x248)) -N4 "$image" | tr -d ' ')
    payload_length=$(od -An -tu4 -j $((0x24c)) -N4 "$image" | tr -d ' ')
    [[ -n "$payload_length" && "$payload_length" -gt 0 ]] || return 1
    ((setup_sects == 0)) && setup_sects=4
    local start=$(((setup_sects + 1) * 512 + payload_offset)) magic decompress
    magic=$(od -An -tx1 -j "$start" -N6 "$image" | tr -d ' \n')
    case "$magic" in
        1f8b*) decompress="gzip -dc" ;;
        fd377a585a00) decompress="xz -dc" ;;
        28b52ffd*) decompress="zstd -dcq" ;;
        02214c18*) decompress="lz4 -dc" ;;
        425a68*) decompress="bzip2 -dc" ;;
        *) echo "note: unknown kernel compression ($magic); booting the bzImage" >&2; return 1 ;;
    esac
    if ! command -v "${decompress%% *}" > /dev/null; then
        echo "note: no ${decompress%% *} to unpack the kernel; booting the bzImage" >&2
        return 1
    fi
    # The payload may carry padding after the compressed stream; the tools stop at its end.
    tail -c +$((start + 1)) "$image" | head -c "$payload_length" | $decompress > "$out" 2> /dev/null
    # XEN_ELFNOTE_PHYS32_ENTRY (18): the PVH entry QEMU needs to start an ELF kernel.
    if [[ "$(head -c 4 "$out" | od -An -tx1 | tr -d ' \n')" != 7f454c46 ]] ||
        ! readelf -n "$out" 2> /dev/null | grep -qE '\(0x00000012\)|PHYS32_ENTRY'; then
        echo "note: the kernel has no PVH entry point; booting the bzImage" >&2
        rm -f "$out"
        return 1
    fi
}

# Writes one entry of a cpio archive in the "newc" format the kernel unpacks.
#   cpio_entry NAME MODE [FILE] [RDEV_MAJOR RDEV_MINOR]
cpio_ino=0
cpio_entry() {
    local name=$1 mode=$2 file=${3:-} major=${4:-0} minor=${5:-0} size=0 nlink=1
    [[ -n "$file" ]] && size=$(stat -c %s "$file")
    [[ $mode == 04* ]] && nlink=2
    local namesize=$((${#name} + 1))
    cpio_ino=$((cpio_ino + 1))
    printf '070701%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X' \
        "$cpio_ino" $((8#$mode)) 0 0 "$nlink" 0 "$size" 0 0 "$major" "$minor" "$namesize" 0
    printf '%s\0' "$name"
    cpio_pad $(((110 + namesize) % 4))
    if [[ -n "$file" ]]; then
        cat "$file"
        cpio_pad $((size % 4))
    fi
}
cpio_pad() { if (($1)); then head -c $((4 - $1)) /dev/zero; fi; }

# The cloud kernel has ext4 built in but the virtio transport and block driver as modules, so
# the root disk needs an initramfs: ours holds the agent as /init (its first stage loads the
# modules, mounts the root disk and hands over to /sbin/terrarium-agent there) and only those
# modules. Debian's initramfs-tools would add 30 MB and a second of busybox scripts.
make_initramfs() {
    local root=$1 release=$2 work=$3
    local moddir=$root/lib/modules/$release
    if ! grep -q '/ext4\.ko' "$moddir/modules.builtin"; then
        echo "the kernel has no built-in ext4; not supported" >&2
        return 1
    fi
    # virtio_console: the port a VM held before its root (--hold-before-root) waits on.
    local wanted=(virtio virtio_ring virtio_pci virtio_blk virtio_console) module line words paths=()
    for module in "${wanted[@]}"; do
        if grep -qE "/${module}\.ko$" "$moddir/modules.builtin"; then
            continue
        fi
        line=$(grep -E "^[^:]*/${module}\.ko(\.[a-z]+)?:" "$moddir/modules.dep") ||
            { echo "module $module is neither built in nor in modules.dep" >&2; return 1; }
        # A line lists the module and everything it needs.
        read -r -a words <<< "${line//:/}"
        paths+=("${words[@]}")
    done
    rm -f "$work/initrd.img"
    if [[ ${#paths[@]} -eq 0 ]]; then
        echo "note: the kernel has the root disk's drivers built in; no initramfs" >&2
        return 0
    fi
    mapfile -t paths < <(printf '%s\n' "${paths[@]}" | sort -u)
    local dirs=() path dir
    for path in "${paths[@]}"; do
        dir=$(dirname "$path")
        while [[ "$dir" != "." ]]; do
            dirs+=("$dir")
            dir=$(dirname "$dir")
        done
    done
    mapfile -t dirs < <(printf '%s\n' "${dirs[@]}" | sort -u)
    local prefix=lib/modules/$release
    # modules.dep lines of exactly the modules we ship, so the first stage resolves the same way
    # the second one does.
    : > "$work/modules.dep"
    for path in "${paths[@]}"; do
        grep -E "^${path}:" "$moddir/modules.dep" >> "$work/modules.dep"
    done
    {
        for dir in . dev proc sys newroot lib lib/modules "$prefix"; do
            cpio_entry "$dir" 040755
        done
        cpio_entry dev/console 020600 "" 5 1
        for dir in "${dirs[@]}"; do
            cpio_entry "$prefix/$dir" 040755
        done
        cpio_entry init 0100755 "$root/sbin/terrarium-agent"
        cpio_entry "$prefix/modules.dep" 0100644 "$work/modules.dep"
        cpio_entry "$prefix/modules.builtin" 0100644 "$moddir/modules.builtin"
        for path in "${paths[@]}"; do
            cpio_entry "$prefix/$path" 0100644 "$moddir/$path"
        done
        cpio_entry TRAILER!!! 0
    } > "$work/initrd.img"
    # Not compressed: unpacking gzip costs the guest more than reading 2 MB more.
}

if [[ "${MMDEBSTRAP_HOOK:-}" == customize ]]; then
    customize "$1"
    exit
fi

output=""
suite="bookworm"
mirror=""
print_mirror=0
agent="$here/../build/vm/guest/terrarium-agent"
extra=""
disk_size="8G"

usage() {
    echo "usage: $0 --output DIR [--suite SUITE] [--mirror URL] [--agent PATH] [--include PKG,PKG]" \
        "[--disk-size SIZE] [--print-mirror]" >&2
    exit 2
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --output) output=${2:-}; shift 2 ;;
        --suite) suite=${2:-}; shift 2 ;;
        --mirror) mirror=${2:-}; shift 2 ;;
        --agent) agent=${2:-}; shift 2 ;;
        --include) extra=${2:-}; shift 2 ;;
        --disk-size) disk_size=${2:-}; shift 2 ;;
        --print-mirror) print_mirror=1; shift ;;
        -h|--help) usage ;;
        *) echo "unknown argument: $1" >&2; usage ;;
    esac
done
[[ -n "$output" || $print_mirror -eq 1 ]] || usage

# No mirror of our own: the host's, unless one is named (the helper says what to do when the host
# has none). The customize hook takes the proxy out of the image again.
[[ -n "$mirror" ]] || mirror=$("$here/host-apt-mirror.sh") || exit 2
proxies=$("$here/host-apt-mirror.sh" --proxy) || exit 2
apt_options=(--aptopt='Acquire::Retries "3"' --aptopt='APT::Install-Recommends "false"')
while read -r scheme url; do
    [[ -n "$scheme" ]] || continue
    if [[ "$url" == *[\"\\]* ]]; then
        echo "cannot pass the apt proxy $url on (it holds a quote or a backslash)" >&2
        exit 2
    fi
    apt_options+=(--aptopt="Acquire::$scheme::Proxy \"$url\"")
done <<<"$proxies"
if [[ $print_mirror -eq 1 ]]; then
    echo "mirror: $mirror"
    for option in "${apt_options[@]}"; do
        echo "apt option: ${option#--aptopt=}"
    done
    exit 0
fi

# The container image's package set, so that commands find the same tools in both kinds of
# sandbox; kmod for depmod (and modprobe/lsmod in the VM); qemu-guest-agent, which nothing starts
# (no systemd, no udev), for benchmarks that compare terrarium-agent with it.
packages=$(sed -n 's/^packages="\(.*\)"$/\1/p' "$here/build-image.sh")
[[ -n "$packages" ]] || { echo "cannot read the package list from build-image.sh" >&2; exit 1; }
packages="$packages,kmod,qemu-guest-agent"
[[ -n "$extra" ]] && packages="$packages,$extra"

missing=()
for tool in mmdebstrap mkfs.ext4 qemu-img gzip; do
    command -v "$tool" > /dev/null || missing+=("$tool")
done
if [[ ${#missing[@]} -gt 0 ]]; then
    echo "missing: ${missing[*]}; install them (Debian/Ubuntu: sudo apt install mmdebstrap" \
        "e2fsprogs qemu-utils gzip)" >&2
    exit 2
fi
if [[ ! -x "$agent" ]]; then
    echo "no agent at $agent; build it (cmake --build build --target terrarium-agent) or pass" \
        "--agent PATH" >&2
    exit 2
fi
agent=$(cd "$(dirname "$agent")" && pwd)/$(basename "$agent")
# mmdebstrap's upload and download hooks take paths separated by spaces.
for path in "$agent" "$here" "$output"; do
    if [[ "$path" == *" "* ]]; then
        echo "paths with spaces are not supported: $path" >&2
        exit 2
    fi
done
agent_version=$("$agent" --version | awk '{print $2}')

progress() { echo "progress: $1 $2"; }

started=$(date +%s.%N)
progress 2 "Preparing a Debian $suite root file system"
echo "Debian mirror: $mirror" >&2
mkdir -p "$output"
output=$(cd "$output" && pwd)
work="$output/.build"
rm -rf "$work"
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT

export TERRARIUM_VM_DISK_SIZE="$disk_size"
self="$here/$(basename "${BASH_SOURCE[0]}")"

# mmdebstrap reports its phases as "I: ..." lines; map them to rough percentages. The hook
# reports its own.
set +e
# shellcheck disable=SC2016 # '$1' in a hook is for the hook's shell: the chroot
mmdebstrap --variant=minbase --include="$packages" --format=null \
    "${apt_options[@]}" \
    --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/info/*' \
    --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-include=/usr/share/doc/*/copyright' \
    --dpkgopt='path-exclude=/usr/share/locale/*' --dpkgopt='path-exclude=/usr/share/lintian/*' \
    --customize-hook="upload $self /tmp/terrarium-build-vm-image.sh" \
    --customize-hook="upload $agent /tmp/terrarium-agent" \
    --customize-hook='bash "$1/tmp/terrarium-build-vm-image.sh" "$1"' \
    --customize-hook="download /tmp/terrarium-build/base.qcow2 $work/base.qcow2" \
    --customize-hook="download /tmp/terrarium-build/kernel $work/kernel" \
    --customize-hook="download /tmp/terrarium-build/initrd.img $work/initrd.img" \
    --customize-hook="download /tmp/terrarium-build/facts $work/facts" \
    --customize-hook="download /tmp/terrarium-build/rootfs-bytes $work/rootfs-bytes" \
    "$suite" /dev/null "$mirror" 2>&1 |
while IFS= read -r line; do
    case "$line" in
        progress:*) echo "$line"; continue ;;
    esac
    echo "$line" >&2
    case "$line" in
        *"automatically chosen"*|*"chroot architecture"*) progress 5 "Starting mmdebstrap" ;;
        *"running apt-get update"*) progress 8 "Reading the package lists" ;;
        *"downloading packages"*) progress 15 "Downloading packages" ;;
        *"extracting archives"*) progress 35 "Unpacking packages" ;;
        *"installing essential packages"*) progress 42 "Installing essential packages" ;;
        *"installing remaining packages"*) progress 52 "Installing $packages" ;;
    esac
done
status=${PIPESTATUS[0]}
set -e
if [[ $status -ne 0 || ! -s "$work/base.qcow2" ]]; then
    echo "mmdebstrap failed (exit $status); see the messages above" >&2
    exit 1
fi

progress 97 "Writing the manifest"
# Read, not sourced: the file was written inside the build's namespace.
fact() { sed -n "s/^$1=\([A-Za-z0-9._+~-]*\)$/\1/p" "$work/facts"; }
kernel_package=$(fact kernel_package)
kernel_version=$(fact kernel_version)
kernel_release=$(fact kernel_release)
kernel_file=$(fact kernel_file)
agent_installed_sha256=$(fact agent_installed_sha256)
initrd_json=null
initrd_bytes=0
rm -f "$output/initrd.img"
if [[ -s "$work/initrd.img" ]]; then
    mv "$work/initrd.img" "$output/initrd.img"
    initrd_json='"initrd.img"'
    initrd_bytes=$(stat -c %s "$output/initrd.img")
fi
rm -f "$output/vmlinuz" "$output/vmlinux"
mv "$work/kernel" "$output/$kernel_file"
mv "$work/base.qcow2" "$output/base.qcow2"
# cryptomgr.notests: the kernel's crypto self-tests take 0.3 s of a TCG boot and guard against
# broken hardware drivers, which a VM does not have.
cmdline="console=ttyS0 root=/dev/vda rw quiet cryptomgr.notests init=/sbin/terrarium-agent -- --vm-init"
disk_virtual=$(qemu-img info --output=json "$output/base.qcow2" |
    sed -n 's/^ *"virtual-size": \([0-9]*\),*$/\1/p' | head -n 1)
seconds=$(awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
agent_sha=$(sha256sum "$agent" | cut -d' ' -f1)
builder_sha=$(sha256sum "$self" | cut -d' ' -f1)
cat > "$output/manifest.json.partial" <<JSON
{
  "format": 1,
  "suite": "$suite",
  "architecture": "amd64",
  "kernel": {"package": "$kernel_package", "version": "$kernel_version", "release": "$kernel_release"},
  "files": {"disk": "base.qcow2", "kernel": "$kernel_file", "initrd": $initrd_json},
  "cmdline": "$cmdline",
  "agent": {"path": "/sbin/terrarium-agent", "version": "$agent_version", "port": "org.terrarium.agent.0",
            "source_sha256": "$agent_sha", "installed_sha256": "$agent_installed_sha256"},
  "builder": {"sha256": "$builder_sha"},
  "sizes": {"disk_file": $(stat -c %s "$output/base.qcow2"), "disk_virtual": $disk_virtual,
            "rootfs": $(cat "$work/rootfs-bytes"), "kernel": $(stat -c %s "$output/$kernel_file"),
            "initrd": $initrd_bytes},
  "built": "$(date -u +%Y-%m-%dT%H:%M:%SZ)",
  "build_seconds": $seconds
}
JSON
mv "$output/manifest.json.partial" "$output/manifest.json"
echo "built in ${seconds}s: $output (disk $(du -h "$output/base.qcow2" | cut -f1))" >&2
progress 100 "VM image ready"
