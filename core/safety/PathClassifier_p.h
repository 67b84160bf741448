#pragma once

#include <QString>

namespace Terrarium::Core {

// Internal to core/safety. Says what a path operand names, lexically: no file system access,
// so the answer does not depend on the host the rules run on.
class PathClassifier
{
public:
    enum class Kind {
        Ordinary,
        Root, // "/" or everything in it ("/*")
        Home, // the home directory or everything in it (~, $HOME/*, /home/alice)
        SystemDir, // a top-level system directory or its whole contents (/etc, /usr/*, /home)
        SystemFile, // something below a system directory (/etc/passwd, /var/lib/x)
        BlockDevice, // a disk, partition or memory device (/dev/sda1, /dev/nvme0n1, /dev/mem)
        PseudoDevice, // another /dev entry (/dev/null, /dev/tty)
    };

    // Makes path absolute against cwd (absolute, or empty when unknown) and normalises it
    // lexically ("//", ".", ".."); the home marker becomes "/home/<marker>". A relative path
    // with an unknown cwd is returned as is.
    static QString resolve(const QString &path, const QString &cwd);
    // Classifies a path returned by resolve(). A trailing glob that matches everything ("/*",
    // "~/.*") stands for the directory itself; globs in a top-level name match system dirs.
    static Kind classify(const QString &resolved);
    // Writing here changes the installed system: /etc, /boot, /usr (not /usr/local), /bin,
    // /sbin, /lib*, /sys, /proc.
    static bool isProtectedForWrites(const QString &resolved);
    // Writing here makes code run later on its own: shell start-up files (~/.bashrc,
    // ~/.profile, ~/.zshrc, ...), desktop autostart entries, systemd user units.
    static bool isAutostart(const QString &resolved);
    // Credentials: private SSH keys, ~/.aws, ~/.gnupg, .netrc, /etc/shadow and the like.
    static bool isSecret(const QString &resolved);
};

} // namespace Terrarium::Core
