#!/usr/bin/env bash
# Builds the root filesystem of Terrarium's sandbox image as a tar archive, from Debian packages
# only: no container registry, and with --mirror pointing at a local mirror (file:///srv/debian
# or an apt cache) no Internet either. Works as a normal user (mmdebstrap's unshare mode, the
# same subordinate ids rootless Podman needs) and as root.
#
#   build-image.sh --output rootfs.tar [--suite bookworm] [--mirror URL] [--include pkg,pkg]
#
# Progress goes to stdout as "progress: PERCENT MESSAGE" lines; everything else to stderr.
set -euo pipefail

output=""
suite="bookworm"
mirror="http://deb.debian.org/debian"
packages="bash,coreutils,procps,python3,git,curl,ca-certificates,less,vim,apt"
extra=""

usage() {
    echo "usage: $0 --output FILE.tar [--suite SUITE] [--mirror URL] [--include PKG,PKG]" >&2
    exit 2
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --output) output=${2:-}; shift 2 ;;
        --suite) suite=${2:-}; shift 2 ;;
        --mirror) mirror=${2:-}; shift 2 ;;
        --include) extra=${2:-}; shift 2 ;;
        -h|--help) usage ;;
        *) echo "unknown argument: $1" >&2; usage ;;
    esac
done
[[ -n "$output" ]] || usage
[[ -n "$extra" ]] && packages="$packages,$extra"

if ! command -v mmdebstrap >/dev/null; then
    echo "mmdebstrap is missing; install it (Debian/Ubuntu: sudo apt install mmdebstrap)" >&2
    exit 2
fi

progress() { echo "progress: $1 $2"; }

progress 2 "Preparing a Debian $suite root filesystem"
mkdir -p "$(dirname "$output")"
tmp="$output.partial"
rm -f "$tmp"

# mmdebstrap reports its phases as "I: ..." lines; map them to rough percentages.
set +e
mmdebstrap --variant=minbase --include="$packages" --format=tar \
    --aptopt='Acquire::Retries "3"' \
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
