#!/usr/bin/env bash
# Installs the Debian 12 packages Terrarium needs, only those that are missing.
#   scripts/install-deps.sh run    # build and run Terrarium
#   scripts/install-deps.sh test   # everything "run" needs, plus the test tools
#   scripts/install-deps.sh bench  # "test" plus the terminals bench_terminal compares against
set -euo pipefail

profile=${1:-run}

build_packages=(
    build-essential cmake ninja-build pkg-config
    qt6-base-dev qt6-base-dev-tools qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
    qt6-websockets-dev libqt6sql6-sqlite
    libvterm-dev libyaml-cpp-dev qtkeychain-qt6-dev libvirt-dev
    desktop-file-utils appstream libxcb1-dev xvfb xauth xdotool
    podman runc uidmap slirp4netns fuse-overlayfs mmdebstrap ca-certificates
    qemu-system-x86 qemu-utils e2fsprogs libvirt-daemon-system libvirt-clients
    lz4 zstd xz-utils binutils
)
# The fuzz targets (tests/fuzz) need clang with libFuzzer, and for the control-protocol one a
# clang that compiles <expected>: 16 or later. Debian 12's default clang is 14.
codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}" || true)
case "$codename" in
    bookworm) fuzz_packages=(clang-16 libclang-rt-16-dev) ;;
    *) fuzz_packages=(clang libclang-rt-19-dev) ;; # trixie (Debian 13): its clang is 19
esac
test_packages=(
    "${fuzz_packages[@]}" acl
    dbus gnome-keyring libsecret-tools
    vttest python3-websockets
)
bench_packages=(
    konsole xterm
)

packages=("${build_packages[@]}")
case "$profile" in
    run) ;;
    test) packages+=("${test_packages[@]}") ;;
    bench) packages+=("${test_packages[@]}" "${bench_packages[@]}") ;;
    *) echo "usage: $0 run|test|bench" >&2; exit 2 ;;
esac

missing=()
for package in "${packages[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
    [[ "$status" == "install ok installed" ]] || missing+=("$package")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

echo "Installing missing Debian packages: ${missing[*]}" >&2
sudo=()
if [[ $(id -u) -ne 0 ]]; then
    command -v sudo >/dev/null || { echo "Need root or sudo to install: ${missing[*]}" >&2; exit 1; }
    sudo=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -q
"${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
