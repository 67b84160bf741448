#!/usr/bin/env bash
# scripts/host-apt-mirror.sh against apt configurations of our own (TERRARIUM_APT_ROOT): the
# Debian archive, the security archive and the proxy it finds in one-line and deb822 sources and
# apt.conf.d, the overrides, and the refusal, with what to do, when no Debian archive is named;
# then build-image.sh and build-vm-image.sh --print-mirror, which show what mmdebstrap would get.
# The mirrors here are names of our own under .test (RFC 2606), never a real host.
set -uo pipefail

scripts=$(cd "$(dirname "$0")/../../scripts" && pwd)
helper=$scripts/host-apt-mirror.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
unset TERRARIUM_APT_MIRROR TERRARIUM_APT_SECURITY_MIRROR TERRARIUM_APT_PROXY APT_CONFIG
failures=0

fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

# expect NAME EXPECTED-STDOUT COMMAND...: the command succeeds and prints exactly that.
expect() {
    local name=$1 expected=$2 out status
    shift 2
    out=$("$@" 2>"$work/stderr")
    status=$?
    if [[ $status -ne 0 ]]; then
        fail "$name: exit $status: $(cat "$work/stderr")"
    elif [[ "$out" != "$expected" ]]; then
        fail "$name: got [$out], expected [$expected]"
    else
        echo "PASS: $name"
    fi
}

# refuses NAME TEXT COMMAND...: the command fails, prints nothing and says TEXT on stderr.
refuses() {
    local name=$1 text=$2 out status
    shift 2
    out=$("$@" 2>"$work/stderr")
    status=$?
    if [[ $status -eq 0 ]]; then
        fail "$name: succeeded with [$out]"
    elif [[ -n "$out" ]]; then
        fail "$name: printed [$out] on stdout"
    elif ! grep -qF -- "$text" "$work/stderr"; then
        fail "$name: stderr lacks [$text]: $(cat "$work/stderr")"
    else
        echo "PASS: $name"
    fi
}

make_root() {
    local root=$work/$1
    mkdir -p "$root/etc/apt/sources.list.d" "$root/etc/apt/apt.conf.d"
    printf 'ID=debian\nVERSION_CODENAME=bookworm\n' >"$root/etc/os-release"
    echo "$root"
}

# One-line format: comments, deb-src, options in brackets (with and without spaces), an entry
# that is not Debian's before the archive, the security archive, -updates.
one=$(make_root one-line)
cat >"$one/etc/apt/sources.list" <<'EOF'
# deb http://commented.test/debian bookworm main
deb-src http://sources-only.test/debian bookworm main
deb [arch=amd64 signed-by=/usr/share/keyrings/vendor.gpg] https://vendor.test/apt vendor-bookworm main
deb [ arch=amd64 signed-by=/usr/share/keyrings/debian-archive-keyring.gpg ] http://updates.mirror.test/debian bookworm-updates main
deb http://security.mirror.test/debian-security bookworm-security main
deb http://archive.mirror.test/debian/ bookworm main contrib # a trailing comment
EOF
TERRARIUM_APT_ROOT=$one expect "one-line: the release's entry, not -updates" \
    http://archive.mirror.test/debian "$helper"
TERRARIUM_APT_ROOT=$one expect "one-line: security" \
    http://security.mirror.test/debian-security "$helper" --security
TERRARIUM_APT_ROOT=$one expect "one-line: no proxy" "" "$helper" --proxy

# deb822 (*.sources) only, the way Debian 12 installs it, beside files apt ignores: a stanza that
# is not Debian's first, one switched off, a key written into Signed-By, several suites.
deb822=$(make_root deb822)
cat >"$deb822/etc/apt/sources.list.d/aaa-vendor.sources" <<'EOF'
Types: deb
URIs: https://vendor.test/node
Suites: nodistro
Components: main
EOF
cat >"$deb822/etc/apt/sources.list.d/debian.sources" <<'EOF'
# The archive, off for now
Types: deb
URIs: http://switched-off.test/debian
Suites: bookworm
Components: main
Enabled: no

types: deb deb-src
# http://snapshot.test/archive/debian/20250520T000000Z
uris: http://deb822.mirror.test/debian/
suites: bookworm-updates bookworm
components: main
signed-by:
 -----BEGIN PGP PUBLIC KEY BLOCK-----
 .
 mQINBGPL0BUBEADmW5NlOMaKqs
 -----END PGP PUBLIC KEY BLOCK-----

Types: deb
URIs: http://deb822-security.mirror.test/debian-security
Suites: bookworm-security
Components: main
EOF
echo 'deb http://ignored.test/debian bookworm main' \
    >"$deb822/etc/apt/sources.list.d/old.list.disabled"
TERRARIUM_APT_ROOT=$deb822 expect "deb822: the enabled Debian stanza" \
    http://deb822.mirror.test/debian "$helper"
TERRARIUM_APT_ROOT=$deb822 expect "deb822: security" \
    http://deb822-security.mirror.test/debian-security "$helper" --security

# The host's own codename is a Debian release too (one this script does not know yet).
future=$(make_root future)
printf 'ID=debian\nVERSION_CODENAME=futurename\n' >"$future/etc/os-release"
echo 'deb http://future.mirror.test/debian futurename main' >"$future/etc/apt/sources.list"
TERRARIUM_APT_ROOT=$future expect "the host's codename" \
    http://future.mirror.test/debian "$helper"

# Only -updates: still the archive's address.
updates=$(make_root updates-only)
echo 'deb http://only-updates.mirror.test/debian trixie-updates main' \
    >"$updates/etc/apt/sources.list"
TERRARIUM_APT_ROOT=$updates expect "only -updates" \
    http://only-updates.mirror.test/debian "$helper"

# The proxy, from apt.conf.d through apt-config: http and https; DIRECT is none.
if command -v apt-config >/dev/null; then
    echo 'Acquire::http::Proxy "http://apt-proxy.test:3142/";' \
        >"$one/etc/apt/apt.conf.d/01proxy"
    echo 'Acquire { https { Proxy "http://apt-proxy.test:3143"; }; };' \
        >"$one/etc/apt/apt.conf.d/02proxy"
    TERRARIUM_APT_ROOT=$one expect "proxy: http and https" \
        "$(printf 'http http://apt-proxy.test:3142/\nhttps http://apt-proxy.test:3143')" \
        "$helper" --proxy
    echo 'Acquire::https::Proxy "DIRECT";' >"$one/etc/apt/apt.conf.d/03direct"
    TERRARIUM_APT_ROOT=$one expect "proxy: DIRECT is none" \
        "http http://apt-proxy.test:3142/" "$helper" --proxy
else
    echo "SKIP: proxy from apt.conf.d (no apt-config here)"
fi

# Overrides.
TERRARIUM_APT_ROOT=$one TERRARIUM_APT_MIRROR=file:///srv/debian/ expect "TERRARIUM_APT_MIRROR" \
    file:///srv/debian "$helper"
TERRARIUM_APT_ROOT=$one TERRARIUM_APT_SECURITY_MIRROR=http://own-security.test/x \
    expect "TERRARIUM_APT_SECURITY_MIRROR" http://own-security.test/x "$helper" --security
TERRARIUM_APT_ROOT=$one TERRARIUM_APT_PROXY=none expect "TERRARIUM_APT_PROXY=none" "" \
    "$helper" --proxy
TERRARIUM_APT_ROOT=$one TERRARIUM_APT_PROXY=http://own-proxy.test:8080 \
    expect "TERRARIUM_APT_PROXY" \
    "$(printf 'http http://own-proxy.test:8080\nhttps http://own-proxy.test:8080')" \
    "$helper" --proxy

# Nothing to go by: no sources at all, or only another distribution's.
empty=$(make_root empty)
TERRARIUM_APT_ROOT=$empty refuses "no sources: says to pass --mirror" "pass --mirror URL" \
    "$helper"
TERRARIUM_APT_ROOT=$empty refuses "no sources: names the setting" "TERRARIUM_APT_MIRROR" "$helper"
TERRARIUM_APT_ROOT=$empty refuses "no sources: no security archive" \
    "TERRARIUM_APT_SECURITY_MIRROR" "$helper" --security
other=$(make_root other-distribution)
printf 'ID=ubuntu\nVERSION_CODENAME=noble\n' >"$other/etc/os-release"
printf 'deb http://archive.other.test/ubuntu noble main\ndeb http://archive.other.test/ubuntu noble-security main\n' \
    >"$other/etc/apt/sources.list"
TERRARIUM_APT_ROOT=$other refuses "another distribution's archive is not Debian's" \
    "name no Debian archive" "$helper"

# shows NAME LINE... -- COMMAND...: the command succeeds and prints each of the lines.
shows() {
    local name=$1 out line
    shift
    local -a lines=()
    while [[ "$1" != -- ]]; do
        lines+=("$1")
        shift
    done
    shift
    if ! out=$("$@" 2>"$work/stderr"); then
        fail "$name: $(cat "$work/stderr")"
        return
    fi
    for line in "${lines[@]}"; do
        if ! grep -qxF -- "$line" <<<"$out"; then
            fail "$name: no [$line] in [$out]"
            return
        fi
    done
    echo "PASS: $name"
}

# What the builders hand mmdebstrap.
for builder in build-image.sh build-vm-image.sh; do
    TERRARIUM_APT_ROOT=$one shows "$builder: the host's mirror and proxy" \
        "mirror: http://archive.mirror.test/debian" \
        'apt option: Acquire::http::Proxy "http://apt-proxy.test:3142/"' \
        -- "$scripts/$builder" --print-mirror
    TERRARIUM_APT_ROOT=$one shows "$builder: --mirror wins" "mirror: file:///srv/debian" \
        -- "$scripts/$builder" --print-mirror --mirror file:///srv/debian
    TERRARIUM_APT_ROOT=$one TERRARIUM_APT_MIRROR=http://setting.mirror.test/debian \
        shows "$builder: TERRARIUM_APT_MIRROR" "mirror: http://setting.mirror.test/debian" \
        -- "$scripts/$builder" --print-mirror
    TERRARIUM_APT_ROOT=$empty refuses "$builder: no sources" "pass --mirror URL" \
        "$scripts/$builder" --print-mirror
done

if [[ $failures -ne 0 ]]; then
    echo "$failures failed"
    exit 1
fi
echo "all passed"
