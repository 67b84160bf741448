#!/usr/bin/env bash
# Says where this computer gets its Debian packages from, for the image builders
# (build-image.sh, build-vm-image.sh) and debian13-root.sh: the mirror, the security mirror and
# the apt proxy of the host's own apt configuration, so that a host behind a local mirror or an apt
# proxy builds with them. No mirror is written in here: when the host's apt names no Debian archive
# (an Ubuntu host, a host without apt), it says so and how to name one.
#
#   host-apt-mirror.sh             # the Debian archive's URL, e.g. http://HOST/debian
#   host-apt-mirror.sh --security  # the security archive's URL (suites SUITE-security)
#   host-apt-mirror.sh --proxy     # "http URL" and/or "https URL" lines; nothing without a proxy
#
# Read: /etc/apt/sources.list and /etc/apt/sources.list.d/*.list (one-line format) and *.sources
# (deb822), or wherever apt-config says they are; the proxy from apt-config's
# Acquire::http::Proxy and Acquire::https::Proxy (apt also honours http_proxy in the environment,
# which the builders pass on). The archive is the entry whose suite is a Debian release
# (bookworm, trixie-updates, stable, the host's own codename, ...), preferring the release itself
# over its -updates or -backports; the security archive is a SUITE-security entry.
#
# Overrides, in the environment:
#   TERRARIUM_APT_MIRROR           the archive to use instead of the host's
#   TERRARIUM_APT_SECURITY_MIRROR  the security archive to use instead of the host's
#   TERRARIUM_APT_PROXY            the proxy for http and https instead of the host's; "none": none
#   TERRARIUM_APT_ROOT             read the apt configuration under this directory instead of /
#                                  (for tests; apt-config is pointed at it too)
# Exit status: 0 with the answer on stdout, 1 (with why on stderr) when there is none.
set -euo pipefail

what=mirror
case "${1:-}" in
    "") ;;
    --security) what=security ;;
    --proxy) what=proxy ;;
    *) echo "usage: $0 [--security | --proxy]" >&2; exit 2 ;;
esac

root=${TERRARIUM_APT_ROOT:-}
root=${root%/}

# apt-config, pointed at the root when there is one (its Dir then holds every path it reports).
have_apt_config=0
command -v apt-config >/dev/null && have_apt_config=1
apt_config() {
    if [[ -n "$root" ]]; then
        local conf
        conf=$(mktemp)
        printf 'Dir "%s/";\n' "$root" >"$conf"
        APT_CONFIG=$conf apt-config "$@" || true
        rm -f "$conf"
    else
        apt-config "$@" || true
    fi
}

if [[ "$what" == proxy ]]; then
    if [[ -n "${TERRARIUM_APT_PROXY:-}" ]]; then
        [[ "$TERRARIUM_APT_PROXY" == none ]] && exit 0
        printf 'http %s\nhttps %s\n' "$TERRARIUM_APT_PROXY" "$TERRARIUM_APT_PROXY"
        exit 0
    fi
    [[ $have_apt_config -eq 1 ]] || exit 0
    dump=$(apt_config dump)
    for scheme in http https; do
        # Keys are case-insensitive in apt; "DIRECT" (or "false") means no proxy.
        url=$(printf '%s\n' "$dump" |
            sed -n "s/^[Aa][Cc][Qq][Uu][Ii][Rr][Ee]::$scheme::[Pp][Rr][Oo][Xx][Yy] \"\(.*\)\";\$/\1/Ip" |
            tail -n 1)
        case "$url" in
            "" | DIRECT | direct | false | False) ;;
            *) echo "$scheme $url" ;;
        esac
    done
    exit 0
fi

if [[ "$what" == mirror && -n "${TERRARIUM_APT_MIRROR:-}" ]]; then
    echo "${TERRARIUM_APT_MIRROR%/}"
    exit 0
fi
if [[ "$what" == security && -n "${TERRARIUM_APT_SECURITY_MIRROR:-}" ]]; then
    echo "${TERRARIUM_APT_SECURITY_MIRROR%/}"
    exit 0
fi

sourcelist=$root/etc/apt/sources.list
sourceparts=$root/etc/apt/sources.list.d
if [[ $have_apt_config -eq 1 ]]; then
    paths=$(apt_config shell SOURCELIST Dir::Etc::sourcelist/f SOURCEPARTS Dir::Etc::sourceparts/d)
    value=$(printf '%s\n' "$paths" | sed -n "s/^SOURCELIST='\(.*\)'\$/\1/p")
    [[ -n "$value" ]] && sourcelist=$value
    value=$(printf '%s\n' "$paths" | sed -n "s/^SOURCEPARTS='\(.*\)'\$/\1/p")
    [[ -n "$value" ]] && sourceparts=${value%/}
fi

# The host's own codename counts as a Debian release when the host is Debian.
host_codename=""
if [[ -r "$root/etc/os-release" ]]; then
    host_id=$(sed -n 's/^ID="\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' "$root/etc/os-release")
    if [[ "$host_id" == debian ]]; then
        host_codename=$(sed -n 's/^VERSION_CODENAME="\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' \
            "$root/etc/os-release")
    fi
fi

# Prints "URI SUITE" for every deb entry of the one-line files and the deb822 files given.
one_line_entries() {
    local file=$1 line
    local -a words
    while IFS= read -r line || [[ -n "$line" ]]; do
        line=${line%%#*}
        read -r -a words <<<"$line" || true
        [[ ${#words[@]} -ge 3 && "${words[0]}" == deb ]] || continue
        local i=1
        # [ option=value ... ], possibly with spaces inside the brackets.
        if [[ "${words[1]}" == "["* ]]; then
            while [[ $i -lt ${#words[@]} && "${words[$i]}" != *"]" ]]; do
                i=$((i + 1))
            done
            i=$((i + 1))
        fi
        [[ $((i + 1)) -lt ${#words[@]} ]] || continue
        echo "${words[$i]} ${words[$((i + 1))]}"
    done <"$file"
}

deb822_entries() {
    local file=$1
    # Stanzas are separated by blank lines; a line starting with white space continues the
    # field before it (Signed-By may hold a whole key); fields are case-insensitive.
    awk '
        function flush(   n, u, s, t, i, j, isdeb) {
            isdeb = 0
            n = split(types, t, /[ \t]+/)
            for (i = 1; i <= n; i++) if (t[i] == "deb") isdeb = 1
            if (isdeb && tolower(enabled) != "no") {
                split(uris, u, /[ \t]+/)
                n = split(suites, s, /[ \t]+/)
                for (i = 1; i <= n; i++) {
                    for (j = 1; (j in u); j++) if (u[j] != "" && s[i] != "") print u[j], s[i]
                }
            }
            types = ""; uris = ""; suites = ""; enabled = ""; field = ""
        }
        /^[ \t]*#/ { next }
        /^[ \t]*$/ { flush(); next }
        /^[ \t]/ {
            sub(/^[ \t]+/, "")
            if (field == "types") types = types " " $0
            else if (field == "uris") uris = uris " " $0
            else if (field == "suites") suites = suites " " $0
            next
        }
        {
            field = tolower($0); sub(/:.*/, "", field)
            value = $0; sub(/^[^:]*:[ \t]*/, "", value); sub(/[ \t]+$/, "", value)
            if (field == "types") types = value
            else if (field == "uris") uris = value
            else if (field == "suites") suites = value
            else if (field == "enabled") enabled = value
        }
        END { flush() }
    ' "$file"
}

entries() {
    [[ -f "$sourcelist" ]] && one_line_entries "$sourcelist"
    if [[ -d "$sourceparts" ]]; then
        local file
        for file in "$sourceparts"/*.list; do
            [[ -f "$file" ]] && one_line_entries "$file"
        done
        for file in "$sourceparts"/*.sources; do
            [[ -f "$file" ]] && deb822_entries "$file"
        done
    fi
    return 0
}

# The release a suite belongs to ("bookworm" for bookworm-updates), or nothing when it is not
# a Debian one.
debian_release() {
    local suite=${1%/updates} base
    base=${suite%-security}
    base=${base%-updates}
    base=${base%-proposed-updates}
    base=${base%-backports-sloppy}
    base=${base%-backports}
    case "$base" in
        oldoldstable | oldstable | stable | testing | unstable | sid | experimental | \
            jessie | stretch | buster | bullseye | bookworm | trixie | forky | duke)
            echo "$base" ;;
        *) [[ -n "$host_codename" && "$base" == "$host_codename" ]] && echo "$base" ;;
    esac
    return 0
}

release_uri="" other_uri="" security_uri=""
while read -r uri suite; do
    [[ "$uri" == cdrom:* ]] && continue
    release=$(debian_release "$suite")
    [[ -n "$release" ]] || continue
    uri=${uri%/}
    if [[ "$suite" == *-security || "$suite" == */updates ]]; then
        [[ -n "$security_uri" ]] || security_uri=$uri
    elif [[ "$suite" == "$release" ]]; then
        [[ -n "$release_uri" ]] || release_uri=$uri
    else
        [[ -n "$other_uri" ]] || other_uri=$uri
    fi
done < <(entries)

where="$sourcelist and $sourceparts/*.list, *.sources"
if [[ "$what" == security ]]; then
    if [[ -z "$security_uri" ]]; then
        echo "This computer's apt sources ($where) name no Debian security archive (a" \
            "SUITE-security entry); set TERRARIUM_APT_SECURITY_MIRROR to its URL." >&2
        exit 1
    fi
    echo "$security_uri"
    exit 0
fi
mirror=${release_uri:-$other_uri}
if [[ -z "$mirror" ]]; then
    echo "This computer's apt sources ($where) name no Debian archive to build the image" \
        "from; pass --mirror URL (a Debian mirror, e.g. http://HOST/debian or" \
        "file:///srv/debian) or set TERRARIUM_APT_MIRROR (in Terrarium: sandbox/apt_mirror" \
        "in terrarium.conf, or Preferences)." >&2
    exit 1
fi
echo "$mirror"
