#pragma once

#include <QString>

namespace Terrarium::Core {

// The Debian mirror the sandbox images are built from (sandbox/apt_mirror,
// TERRARIUM_APT_MIRROR): empty means the one this computer's apt sources name, which the build
// scripts find themselves (scripts/host-apt-mirror.sh); no mirror is written in Terrarium.
class AptMirror
{
public:
    // Whether text can be given to the build scripts as --mirror: an http:// or https:// URL
    // with a host, or a file:// URL with a path (a local mirror).
    static bool isUrl(const QString &text);
};

} // namespace Terrarium::Core
