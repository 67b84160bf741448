#!/usr/bin/env bash
# Installs the Debian packages Terrarium needs, only those that are missing, on Debian 12
# (bookworm) or 13 (trixie).
#   scripts/install-deps.sh build            # build Terrarium and its tests
#   scripts/install-deps.sh run              # "build" plus the sandboxes (Podman, libvirt/QEMU)
#   scripts/install-deps.sh test             # everything "run" needs, plus the test tools
#   scripts/install-deps.sh test-no-sandbox  # "build" plus the test tools: the tests labelled
#                                            # neither podman nor libvirt (scripts/debian13-root.sh)
#   scripts/install-deps.sh bench            # "test" plus the terminals bench_terminal compares against
# The release comes from /etc/os-release; TERRARIUM_DEBIAN_RELEASE=bookworm|trixie overrides it
# (e.g. on a derivative whose package names match one of them).
set -euo pipefail

profile=${1:-run}

release=${TERRARIUM_DEBIAN_RELEASE:-}
if [[ -z "$release" && -r /etc/os-release ]]; then
    release=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
fi
# Package names that differ between releases. The fuzz targets (tests/fuzz) need clang with
# libFuzzer, and for the control-protocol one a clang that compiles <expected>: 16 or later
# (Debian 12's default clang is 14). Optional libraries Terrarium uses where the release has
# them: KF6 SyntaxHighlighting for command blocks and QTermWidget as a second terminal engine
# (both Debian 13; libutf8proc-dev because QTermWidget's CMake package links libutf8proc.so
# without its -dev package depending on it).
case "$release" in
    bookworm)
        fuzz_packages=(clang-16 libclang-rt-16-dev)
        optional_packages=()
        ;;
    trixie)
        fuzz_packages=(clang libclang-rt-19-dev)
        optional_packages=(libkf6syntaxhighlighting-dev libqtermwidget-dev libutf8proc-dev)
        ;;
    *)
        if [[ -n "${TERRARIUM_DEBIAN_RELEASE:-}" ]]; then
            what="TERRARIUM_DEBIAN_RELEASE=$release"
        else
            what=$( (. /etc/os-release && echo "${PRETTY_NAME:-}") 2>/dev/null || true)
            what="${what:-this system} (release '${release:-unknown}')"
        fi
        echo "install-deps.sh knows the packages of Debian 12 (bookworm) and 13 (trixie), not of" \
            "$what: add its package names to scripts/install-deps.sh, or set" \
            "TERRARIUM_DEBIAN_RELEASE=bookworm|trixie to try one of those lists" >&2
        exit 1
        ;;
esac

build_packages=(
    build-essential cmake ninja-build pkg-config
    qt6-base-dev qt6-base-dev-tools qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
    qt6-websockets-dev libqt6sql6-sqlite
    libvterm-dev libyaml-cpp-dev qtkeychain-qt6-dev libvirt-dev
    desktop-file-utils appstream libxcb1-dev xvfb xauth xdotool ca-certificates binutils
    file # CPack asks it what each installed file is, for dpkg-shlibdeps
    "${optional_packages[@]}"
)
# The sandboxes: rootless Podman, and libvirt/QEMU with what builds the VM image.
sandbox_packages=(
    podman runc uidmap slirp4netns fuse-overlayfs mmdebstrap
    qemu-system-x86 qemu-utils e2fsprogs libvirt-daemon-system libvirt-clients
    lz4 zstd xz-utils
)
test_packages=(
    "${fuzz_packages[@]}" acl ccache
    dbus gnome-keyring libsecret-tools
    vttest python3-websockets
)
# virt-xml-validate, for the domain XML test when the sandboxes' packages are not there.
test_no_sandbox_packages=(
    libvirt-clients
)
bench_packages=(
    konsole xterm
)

packages=("${build_packages[@]}")
case "$profile" in
    build) ;;
    run) packages+=("${sandbox_packages[@]}") ;;
    test) packages+=("${sandbox_packages[@]}" "${test_packages[@]}") ;;
    test-no-sandbox) packages+=("${test_packages[@]}" "${test_no_sandbox_packages[@]}") ;;
    bench) packages+=("${sandbox_packages[@]}" "${test_packages[@]}" "${bench_packages[@]}") ;;
    *) echo "usage: $0 build|run|test|test-no-sandbox|bench" >&2; exit 2 ;;
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
