#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace Terrarium::Core {

// Internal to core/safety. Shell command lines that a program takes as an argument and hands to
// a shell, its own or a remote one: su/runuser/flock/script -c, watch, ssh's remote command and
// ProxyCommand, tar's --checkpoint-action=exec, --to-command and -I, git's -c alias.x='!...'
// and other command-valued settings, --upload-pack.
class EmbeddedCommands
{
public:
    struct Command
    {
        QString text;
        // Index of the word holding it (the first word, when several are joined).
        int word = -1;
        // An option turns an ordinary tool into a command runner (git alias '!', tar
        // --checkpoint-action=exec), as opposed to a program whose job is running commands.
        bool viaOption = false;
    };

    // words.first() is the program (wrappers already removed).
    static QList<Command> find(const QStringList &words);
};

} // namespace Terrarium::Core
