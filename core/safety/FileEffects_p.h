#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace Terrarium::Core {

// Internal to core/safety. What one command line does with files, read from its text alone
// (ShellLexer, CommandUnwrapper, InterpreterArgs): the files it writes, with what it writes
// into them where the line shows that, and the files it runs as code. SafetyGate keeps the
// writes of a run's commands and rates a later command that runs one of them.
//
// Paths are absolute: relative ones are resolved against the directory the line starts in,
// following its cd's, and "$PWD", "${PWD}", "$(pwd)" are that directory too; "~" and $HOME
// are "/home/" + ShellLexer::homeMarker(). A path that cannot be resolved (after a cd to a
// place only known at run time) is left out of writes and counts as a run of an unnamed file.
//
// Pure and cheap: one lexing of the line, a few regular expressions on inline code.
class FileEffects
{
public:
    struct Write
    {
        QString path;
        // What the line writes into the file when it shows that (echo/printf > f, cat <<EOF
        // > f, tee f <<< ...); null when it does not.
        QString text;
        bool appends = false; // >> and tee -a: text is added to what was there
        // A folder the command fills with files the line does not name (tar -C, unzip -d,
        // git clone, cp -r, patch): everything below it counts as written.
        bool folder = false;
        // cp/mv/install/ln/rsync: the source; what was known of it is known of path now (also
        // of path/<source's name>, when path is a folder).
        QString from;
    };

    // A file the line runs as code: a script given to an interpreter (sh x, python3 x,
    // source x, awk -f x, bash < x, cat x | sh, sh -c "$(cat x)"), a program named by a path
    // (./x, /workspace/x), a Makefile make reads, the package.json npm reads.
    struct Run
    {
        QString path;
        bool pattern = false; // path holds a glob (sh *.sh)
        // The script's text is read as shell code (sh, bash, source, ./x); false for other
        // languages and for programs that may be binaries.
        bool shell = false;
    };

    QList<Write> writes;
    QList<Run> runs;
    // Program names run through PATH (x of "x --help"), with the directories the line itself
    // puts into PATH (PATH=.:$PATH x); "*" there stands for a directory only known at run time.
    QStringList pathLookups;
    QStringList pathEntries;
    // Folders where code is looked up by the program itself: Python imports from the script's
    // folder (or the working directory), node resolves node_modules upwards, git runs the
    // hooks and obeys the config of the repository it works in.
    QStringList pythonFolders;
    QStringList nodeFolders;
    QStringList gitFolders;
    // Runs a file whose name is only known when the line runs: sh "$f", xargs sh,
    // find -exec sh {} \;, bash /dev/fd/3, an interpreter after a cd to an unknown place.
    bool runsUnnamed = false;

    static FileEffects of(const QString &command, const QString &workingDirectory);
    // Whether a git config file's text sets a key that makes git run a program (core.fsmonitor,
    // core.hooksPath, aliases, filters, include, ...).
    static bool gitConfigRunsCode(const QString &configText);
};

} // namespace Terrarium::Core
