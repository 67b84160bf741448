#!/usr/bin/env bash
# Makes a Debian 13 (trixie) root file system that builds Terrarium and runs the tests that need
# neither Podman nor libvirt, or reuses the one made before, and prints its directory.
#   scripts/debian13-root.sh            # made when missing, then its path on stdout
#   scripts/debian13-root.sh --rebuild  # made anew (e.g. to pick up trixie's updates)
# scripts/in-debian13.sh runs a command in it with this checkout at /src.
# Kept under ${TERRARIUM_CACHE_DIR:-~/.cache/terrarium}/debian13-root-<hash>. The hash covers this
# script and scripts/install-deps.sh, which holds the package list: changing either makes a new
# root (and removes the older ones), an unchanged pair reuses the root at once. Needs root and
# mmdebstrap (Debian 12 host: apt-get install mmdebstrap). The packages come from the Debian
# mirror and security mirror of this computer's apt sources, through its apt proxy if it has one
# (TERRARIUM_APT_MIRROR, TERRARIUM_APT_SECURITY_MIRROR and TERRARIUM_APT_PROXY override them; see
# scripts/host-apt-mirror.sh).
set -euo pipefail

rebuild=0
case "${1:-}" in
    "") ;;
    --rebuild) rebuild=1 ;;
    *) echo "usage: $0 [--rebuild]" >&2; exit 2 ;;
esac

[[ $(id -u) -eq 0 ]] || { echo "$0: run as root (mmdebstrap and chroot need it)" >&2; exit 1; }
command -v mmdebstrap >/dev/null || { echo "$0: mmdebstrap is missing (apt-get install mmdebstrap)" >&2; exit 1; }

repo=$(cd "$(dirname "$0")/.." && pwd)
cache=${TERRARIUM_CACHE_DIR:-$HOME/.cache/terrarium}
key=$(cat "$repo/scripts/debian13-root.sh" "$repo/scripts/install-deps.sh" | sha256sum | cut -c1-16)
root=$cache/debian13-root-$key
# Written last, so that a root cut short (Ctrl+C, a failed download) is never taken as done.
done_marker=.terrarium-root-complete

if [[ $rebuild -eq 0 && -f "$root/$done_marker" ]]; then
    echo "$root"
    exit 0
fi

mkdir -p "$cache"
# One maker at a time; a second caller waits and then finds the root made.
exec 9>"$cache/debian13-root.lock"
flock 9
if [[ $rebuild -eq 0 && -f "$root/$done_marker" ]]; then
    echo "$root"
    exit 0
fi

# Made beside the final place and renamed at the end. --one-file-system: should a failed
# mmdebstrap leave /proc or /dev mounted inside, rm does not descend into the host's.
work=$(mktemp -d "$cache/debian13-root-$key.new.XXXXXX")
trap 'rm -rf --one-file-system "$work"' EXIT

# No mirror of our own: the host's (the helper says what to set when the host names none).
mirror=$("$repo/scripts/host-apt-mirror.sh") || exit 1
security=$("$repo/scripts/host-apt-mirror.sh" --security) || exit 1
proxies=$("$repo/scripts/host-apt-mirror.sh" --proxy) || exit 1
apt_options=()
while read -r scheme url; do
    [[ -n "$scheme" ]] || continue
    if [[ "$url" == *[\"\\]* ]]; then
        echo "$0: cannot pass the apt proxy $url on (it holds a quote or a backslash)" >&2
        exit 1
    fi
    # Kept in the root: install-deps.sh, run inside it, downloads through it too.
    apt_options+=(--aptopt="Acquire::$scheme::Proxy \"$url\"")
done <<<"$proxies"

echo "Making the Debian 13 root $root (a few minutes, from $mirror)..." >&2
start=$SECONDS
# --variant=apt: only Essential packages and apt, so the root holds what install-deps.sh adds
# and little else. install-deps.sh runs inside, where /etc/os-release says trixie: the root is
# made with the same list (and the same per-release names) a Debian 13 machine would install.
# ccache: scripts/in-debian13.sh keeps a compiler cache across roots. The sources lines are given
# explicitly because this mmdebstrap may predate trixie's release and not add updates and
# security by itself.
mmdebstrap --mode=root --variant=apt --format=directory \
    --include=ccache "${apt_options[@]}" \
    --customize-hook="upload $repo/scripts/install-deps.sh /tmp/install-deps.sh" \
    --customize-hook='chroot "$1" bash /tmp/install-deps.sh test-no-sandbox' \
    --customize-hook='rm -f "$1/tmp/install-deps.sh"' \
    trixie "$work/root" \
    "deb $mirror trixie main" \
    "deb $mirror trixie-updates main" \
    "deb $security trixie-security main" >&2
date -u +%FT%TZ >"$work/root/$done_marker"

# Older roots (other hashes) are of no use any more: removed (a run still inside one would fail).
for old in "$cache"/debian13-root-*; do
    [[ -d "$old" && "$old" != "$root" && "$old" != "$work" && "$old" != *.new.* ]] || continue
    echo "Removing the older root $old" >&2
    rm -rf --one-file-system "$old"
done
rm -rf --one-file-system "$root"
mv "$work/root" "$root"
echo "Made $root in $((SECONDS - start)) s ($(du -sh "$root" | cut -f1))" >&2
echo "$root"
