#!/usr/bin/env bash
# The Debian 13 (trixie) leg of the test suite, as root on a Debian host: in a cached Debian 13
# root (scripts/debian13-root.sh) with this checkout at /src, a full build with the same
# -Werror flags (GCC 14, Qt 6.8, libvterm 0.3, KF6 SyntaxHighlighting), every test that needs
# neither Podman nor libvirt under QT_QPA_PLATFORM=offscreen, and the Debian 13 .deb, which
# tst_package then installs into a clean Debian 13 root and starts.
# Then the sanitizer run there (scripts/test-sanitizers.sh; TERRARIUM_SKIP_SANITIZERS=1 skips it).
# Build trees: build-debian13/ and build-debian13-sanitize/ (beside build/). Extra arguments go
# to ctest.
set -euo pipefail
cd "$(dirname "$0")/.."

[[ $(id -u) -eq 0 ]] || { echo "$0: run as root (mmdebstrap, mounts, chroot)" >&2; exit 1; }
jobs=$(nproc)

# Not in this leg, each with its reason:
#   podman, libvirt: the sandboxes run on the Debian 12 host (the root has neither);
#   bench: benchmarks are never part of the suite;
#   package: run below, from the host, on the .deb built here.
scripts/in-debian13.sh env TERRARIUM_SKIP_SANITIZERS="${TERRARIUM_SKIP_SANITIZERS:-}" \
    bash -euo pipefail -c '
    jobs=$1; shift
    cmake -S /src -B /src/build-debian13 -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DTERRARIUM_BUILD_BENCHMARKS=OFF
    cmake --build /src/build-debian13 --parallel "$jobs"
    /src/scripts/run-ctest.sh --test-dir /src/build-debian13 --output-on-failure --parallel "$jobs" \
        --label-exclude "podman|libvirt|bench|package" "$@"
    # libvterm 0.3 and Qt 6.8 under AddressSanitizer and UBSan (scripts/test-sanitizers.sh).
    if [[ "$TERRARIUM_SKIP_SANITIZERS" != 1 ]]; then
        /src/scripts/test-sanitizers.sh /src/build-debian13-sanitize "$@"
    fi
    rm -rf /src/build-debian13/packages
    cpack -G DEB --config /src/build-debian13/CPackConfig.cmake -B /src/build-debian13/packages
' test-debian13 "$jobs" "$@"

deb=$(ls build-debian13/packages/terrarium_*~trixie_*.deb)
TERRARIUM_PACKAGE_DEB=$PWD/$deb TERRARIUM_PACKAGE_RELEASE=trixie \
    ctest --test-dir build --output-on-failure --no-tests=error -R '^tst_package$'
