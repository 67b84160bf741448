#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace Terrarium::Core {

// Finds the program a simple command really runs once wrappers are peeled off: sudo and doas
// (with their options), env (options, assignments, -S), nice, ionice, nohup, timeout, time,
// command, exec, builtin, stdbuf, setsid, unbuffer, chroot, busybox, fakeroot, strace,
// unshare, nsenter, systemd-run, flock, taskset, chrt, pkexec, runuser -u, setpriv,
// flatpak-spawn, host-spawn, distrobox-host-exec, and xargs and find
// -exec/-execdir/-ok/-okdir, which run the command they are given once per input.
class CommandUnwrapper
{
public:
    enum class Via {
        Direct,
        Xargs, // run by xargs with arguments read from stdin
        FindExec, // run by find -exec/-execdir/-ok for each match
    };

    struct Invocation
    {
        // Program and arguments with the wrappers removed; words.first() is the program.
        QStringList words;
        // Index of words.first() in the words that were unwrapped.
        int offset = 0;
        Via via = Via::Direct;
        // The wrappers peeled off to reach words, outermost first, each with its own options
        // and operands ({"pkexec", "--user", "bob"}): some of them matter to the rules.
        QList<QStringList> wrappers;
    };

    // Usually one invocation; find adds one per -exec; none when nothing is run
    // ("command -v rm", "sudo -v", a bare "xargs").
    static QList<Invocation> invocations(const QStringList &words);

    // The program's name without its directory ("/usr/bin/rm" -> "rm").
    static QString programName(const QString &word);
};

} // namespace Terrarium::Core
