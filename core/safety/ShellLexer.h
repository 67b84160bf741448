#pragma once

#include "core/safety/ShellCommand.h"

#include <QList>
#include <QString>

namespace Terrarium::Core {

// A bash-aware lexer for the safety rules: splits a command line into the simple commands bash
// would run, without running or expanding anything except the home directory.
//
// Understands ; && || | |& & and newlines, ( ) subshells, { } groups, if/while/for/case,
// function definitions, comments, single/double/$'...' quoting, backslashes, concatenated
// pieces (r''m), brace expansion ({a,b}), here-documents and here-strings, and variables set
// earlier on the same line (X=/; rm -rf $X), split by the IFS the line sets. Variables whose
// value only the running shell knows (arrays, read, printf -v, for) stay as written. It
// descends into $( ), backticks, <( ) and >( ), and into scripts run by bash -c / sh -c /
// eval / su -c / watch, fed to a shell's stdin (echo ... | sh, sh <<< ...), or embedded in
// other programs' arguments (ssh host CMD, script -c, tar --checkpoint-action=exec, git -c
// alias.x='!CMD'), aliases defined on the line, and script files the line writes and then
// runs (echo ... > x.sh; sh x.sh), listing those commands too, linked to their parent.
//
// Pure and cheap (linear in the input, nesting bounded); never fails: malformed input (an
// unterminated quote, say) is read the way bash would start reading it.
class ShellLexer
{
public:
    // Commands in the order bash would finish reading them: substitutions before the command
    // containing them, nested scripts after it. *complete (when given) is set to false when
    // part of the line nests or expands beyond the lexer's bounds and was not read.
    static QList<ShellCommand> lex(const QString &commandLine, bool *complete = nullptr);

    // The text that stands for the user's home directory in words and targets.
    static QString homeMarker();

    // What commands[index] reads on standard input when the line itself says so: a here-string,
    // a here-document, or echo/printf/cat/base64 -d piped into it. Null when unknown.
    static QString standardInput(const QList<ShellCommand> &commands, int index);
    // What commands[index] writes to standard output when the line says so (echo, printf,
    // cat passing a here-document on, ...), also when that output goes to a file (echo x > f).
    // Null when unknown.
    static QString output(const QList<ShellCommand> &commands, int index);
};

} // namespace Terrarium::Core
