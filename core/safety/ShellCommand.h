#pragma once

#include "core/safety/ShellRedirection.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace Terrarium::Core {

// One simple command found by ShellLexer: what would be exec'd, with its environment
// assignments and redirections, and how it is connected to the commands around it.
struct ShellCommand
{
    enum class Origin {
        Direct, // written at the top level, in a group, subshell or function body
        CommandSubstitution, // inside $( ... ) or backticks
        ProcessSubstitution, // inside <( ... ) or >( ... )
        // A script run by bash -c, eval, su -c, flock -c, watch, ssh, an alias, or fed to a
        // shell's stdin; a script file the line wrote; a command line that inline code or an
        // option hands to the system (python -c "os.system('...')", git -c alias.x='!...').
        NestedShell,
    };

    // "NAME=value" words written before the command name (FOO=1 rm ...).
    QStringList assignments;
    // Command name and arguments after quote removal; ~, $HOME and ${HOME} are replaced by
    // ShellLexer::homeMarker(). Substitutions keep their source text ("$(curl x)").
    QStringList words;
    QList<ShellRedirection> redirections;

    Origin origin = Origin::Direct;
    // Index of the command whose text contains this one (substitution or nested script), or -1.
    int parent = -1;
    // Which of the parent's words held it; -1 when it was in an assignment, a redirection or
    // the parent's standard input.
    int parentWord = -1;
    // Index of the command whose standard output is piped into this one, or -1.
    int pipedFrom = -1;
    // Index of the command this one's standard output is piped into, or -1.
    int pipedTo = -1;
    // Ended by "&": runs in the background.
    bool background = false;
    // Name of the shell function whose body holds this command; empty outside functions.
    QString function;
};

} // namespace Terrarium::Core
