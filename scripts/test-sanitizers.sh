#!/usr/bin/env bash
# The sanitizer run: core, vm (terrarium-agent included) and ui built with AddressSanitizer and
# UndefinedBehaviorSanitizer (Debug, -O1), then every test of those layers that needs neither
# Podman nor libvirt. Leaks are reported too; tests/sanitizers/lsan.supp names each third-party
# leak that is let through, and why. Only what those tests need is built (not the app, the
# benchmarks or the fuzzers, which have their own ASan build).
#   scripts/test-sanitizers.sh [BUILD_DIR]   (default build-sanitize; extra ctest arguments after
#                                             it, e.g. scripts/test-sanitizers.sh build-sanitize -R tst_core_)
# Expects the build dependencies (scripts/install-deps.sh test-no-sandbox or test).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-sanitize}
shift || true
source_dir=$PWD

launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DTERRARIUM_SANITIZE=ON \
    -DTERRARIUM_BUILD_BENCHMARKS=OFF "${launcher[@]}" >/dev/null

selection=(--tests-regex '^tst_(core|vm|ui)_' --label-exclude 'podman|libvirt')
# Test names are their programs' target names.
mapfile -t tests < <(ctest --test-dir "$build" -N "${selection[@]}" \
    | sed -n 's/^ *Test *#[0-9]*: \(tst_[a-z0-9_]*\)$/\1/p')
[[ ${#tests[@]} -gt 0 ]] || { echo "$0: no tests selected" >&2; exit 1; }
echo "Sanitizer build of ${#tests[@]} test programs and terrarium-agent..." >&2
cmake --build "$build" --parallel "$(nproc)" --target terrarium-agent "${tests[@]}"

export ASAN_OPTIONS="detect_leaks=1:check_initialization_order=1:detect_stack_use_after_return=1"
export LSAN_OPTIONS="suppressions=$source_dir/tests/sanitizers/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:suppressions=$source_dir/tests/sanitizers/ubsan.supp"
"$source_dir/scripts/run-ctest.sh" --test-dir "$build" --output-on-failure --parallel "$(nproc)" \
    "${selection[@]}" "$@"
