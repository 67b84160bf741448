#!/usr/bin/env bash
# Builds the root filesystem of Terrarium's sandbox image as a tar archive, from Debian packages
# only: no container registry, and with --mirror pointing at a local mirror (file:///srv/debian
# or an apt cache) no Internet either. Works as a normal user (mmdebstrap's unshare mode, the
# same subordinate ids rootless Podman needs) and as root.
#
#   build-image.sh --output rootfs.tar [--suite bookworm] [--mirror URL] [--include pkg,pkg]
#   build-image.sh --print-mirror      # the mirror and apt options it would use, then exits
#
# The mirror: --mirror, else TERRARIUM_APT_MIRROR, else the Debian archive this computer's apt
# sources name; the apt proxy: this computer's (Acquire::http::Proxy, ...) or
# TERRARIUM_APT_PROXY (see host-apt-mirror.sh), used for the build and not kept in the image.
# Progress goes to stdout as "progress: PERCENT MESSAGE" lines; everything else to stderr.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
output=""
suite="bookworm"
mirror=""
print_mirror=0
packages="bash,coreutils,procps,python3,git,curl,ca-certificates,less,vim,apt"
extra=""

usage() {
    echo "usage: $0 --output FILE.tar [--suite SUITE] [--mirror URL] [--include PKG,PKG]" \
        "[--print-mirror]" >&2
    exit 2
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --output) output=${2:-}; shift 2 ;;
        --suite) suite=${2:-}; shift 2 ;;
        --mirror) mirror=${2:-}; shift 2 ;;
        --include) extra=${2:-}; shift 2 ;;
        --print-mirror) print_mirror=1; shift ;;
        -h|--help) usage ;;
        *) echo "unknown argument: $1" >&2; usage ;;
    esac
done
[[ -n "$output" || $print_mirror -eq 1 ]] || usage

# No mirror of our own: the host's, unless one is named (the helper says what to do when the host
# has none).
[[ -n "$mirror" ]] || mirror=$("$here/host-apt-mirror.sh") || exit 2
proxies=$("$here/host-apt-mirror.sh" --proxy) || exit 2
apt_options=(--aptopt='Acquire::Retries "3"')
# The proxy is the build's, not the sandbox's (whose network, if any, is not the host's): the
# hook takes it out of the image's apt configuration again.
proxy_hooks=()
while read -r scheme url; do
    [[ -n "$scheme" ]] || continue
    if [[ "$url" == *[\"\\]* ]]; then
        echo "cannot pass the apt proxy $url on (it holds a quote or a backslash)" >&2
        exit 2
    fi
    apt_options+=(--aptopt="Acquire::$scheme::Proxy \"$url\"")
    # shellcheck disable=SC2016 # '$1' in a hook is for the hook's shell: the chroot
    proxy_hooks=(--customize-hook='sed -i "/^Acquire::https\{0,1\}::Proxy /d" "$1/etc/apt/apt.conf.d/99mmdebstrap"')
done <<<"$proxies"
if [[ $print_mirror -eq 1 ]]; then
    echo "mirror: $mirror"
    for option in "${apt_options[@]}"; do
        echo "apt option: ${option#--aptopt=}"
    done
    exit 0
fi
[[ -n "$extra" ]] && packages="$packages,$extra"

if ! command -v mmdebstrap >/dev/null; then
    echo "mmdebstrap is missing; install it (Debian/Ubuntu: sudo apt install mmdebstrap)" >&2
    exit 2
fi

progress() { echo "progress: $1 $2"; }

progress 2 "Preparing a Debian $suite root filesystem"
echo "Debian mirror: $mirror" >&2
mkdir -p "$(dirname "$output")"
tmp="$output.partial"
rm -f "$tmp"

# mmdebstrap reports its phases as "I: ..." lines; map them to rough percentages.
set +e
mmdebstrap --variant=minbase --include="$packages" --format=tar \
    "${apt_options[@]}" "${proxy_hooks[@]}" \
    "$suite" "$tmp" "$mirror" 2>&1 |
while IFS= read -r line; do
    echo "$line" >&2
    case "$line" in
        *"automatically chosen"*|*"chroot architecture"*) progress 5 "Starting mmdebstrap" ;;
        *"running apt-get update"*) progress 10 "Reading the package lists" ;;
        *"downloading packages"*) progress 20 "Downloading packages" ;;
        *"extracting archives"*) progress 45 "Unpacking packages" ;;
        *"installing essential packages"*) progress 55 "Installing essential packages" ;;
        *"installing remaining packages"*) progress 70 "Installing $packages" ;;
        *"cleaning package lists"*) progress 85 "Cleaning up" ;;
        *"creating tarball"*) progress 90 "Writing the image archive" ;;
    esac
done
status=${PIPESTATUS[0]}
set -e
if [[ $status -ne 0 ]]; then
    rm -f "$tmp"
    echo "mmdebstrap failed (exit $status); see the messages above" >&2
    exit 1
fi
mv "$tmp" "$output"
progress 100 "Root filesystem ready"
