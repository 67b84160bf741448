#!/usr/bin/env bash
# Runs a command as root inside the Debian 13 (trixie) root of scripts/debian13-root.sh (made
# when missing), with this checkout at /src (the working directory; read-write, so build into
# e.g. /src/build-trixie) and a compiler cache of its own at /ccache. No command: a shell.
#   scripts/in-debian13.sh cmake -S /src -B /src/build-trixie -G Ninja \
#       -DCMAKE_CXX_COMPILER_LAUNCHER=ccache
#   scripts/in-debian13.sh nice -n 15 cmake --build /src/build-trixie -j2
#   scripts/in-debian13.sh ctest --test-dir /src/build-trixie -LE 'podman|libvirt|bench|fuzz'
# The command gets a clean environment (PATH, HOME=/root, LANG=C.UTF-8, TERM,
# CCACHE_DIR=/ccache, CCACHE_MAXSIZE (the host's, default 2G), QT_QPA_PLATFORM=offscreen); pass more with `env NAME=VALUE command`.
# The cached root is never changed: the command sees it through an overlay whose writes (/tmp,
# /root, packages installed by hand) are thrown away at the end. All mounts live in a mount
# namespace of their own, so they go away with the command however it ends.
# TERRARIUM_DEBIAN13_CCACHE_DIR overrides the cache (default: beside the root, ccache-debian13).
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
root=$("$repo/scripts/debian13-root.sh")
cache=${TERRARIUM_CACHE_DIR:-$HOME/.cache/terrarium}
ccache_dir=${TERRARIUM_DEBIAN13_CCACHE_DIR:-$cache/ccache-debian13}
mkdir -p "$ccache_dir"

# The overlay's upper and work directories must be on a real file system (not an overlay), and
# the cache directory is; removed at the end, unmounted or not (the namespace is gone by then).
scratch=$(mktemp -d "$cache/debian13-run.XXXXXX")
trap 'rm -rf --one-file-system "$scratch"' EXIT
mkdir "$scratch/upper" "$scratch/work" "$scratch/merged"

[[ $# -gt 0 ]] || set -- bash -l

status=0
# --propagation private (unshare's default, said for the reader): nothing mounted here reaches
# the host, and the host's later mounts do not reach in.
unshare --mount --propagation private -- bash -euo pipefail -c '
    root=$1 scratch=$2 repo=$3 ccache_dir=$4 term=$5 ccache_maxsize=$6
    shift 6
    merged=$scratch/merged
    mount -t overlay overlay \
        -o "lowerdir=$root,upperdir=$scratch/upper,workdir=$scratch/work" "$merged"
    mkdir -p "$merged/src" "$merged/ccache"
    mount --bind "$repo" "$merged/src"
    mount --bind "$ccache_dir" "$merged/ccache"
    mount -t proc proc "$merged/proc"
    # --rbind: with /dev/pts (the terminal tests open ptys) and /dev/shm.
    mount --rbind /dev "$merged/dev"
    mount --rbind /sys "$merged/sys"
    # For apt-get inside, should someone try a package by hand.
    cp -L /etc/resolv.conf "$merged/etc/resolv.conf" 2>/dev/null || true
    # pivot_root rather than chroot: the kernel refuses a chrooted process new user namespaces,
    # which tests use (tst_vm_agent); the host tree is then detached from this namespace.
    cd "$merged"
    mkdir -p .host-root
    pivot_root . .host-root
    umount --lazy /.host-root
    rmdir /.host-root
    exec /usr/bin/env -i -C /src \
        PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        HOME=/root USER=root LOGNAME=root LANG=C.UTF-8 TERM="$term" \
        CCACHE_DIR=/ccache CCACHE_MAXSIZE="$ccache_maxsize" QT_QPA_PLATFORM=offscreen "$@"
' in-debian13 "$root" "$scratch" "$repo" "$ccache_dir" "${TERM:-dumb}" "${CCACHE_MAXSIZE:-2G}" "$@" \
    || status=$?
exit "$status"
