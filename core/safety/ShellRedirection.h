#pragma once

#include <QString>

namespace Terrarium::Core {

// One redirection of a simple command, as the shell would apply it.
struct ShellRedirection
{
    // The descriptor written before the operator ("2>" gives 2); -1 when none was given.
    int fd = -1;
    // ">", ">>", ">|", "&>", "&>>", "<", "<>", "<<", "<<-", "<<<", ">&" or "<&".
    QString op;
    // The word after the operator with quotes removed and ~/$HOME turned into
    // ShellLexer::homeMarker(); for a here-document, its delimiter.
    QString target;
    // What a here-document or here-string feeds to standard input; empty otherwise.
    QString content;

    // True when the redirection creates, truncates or appends to the target file.
    bool writesFile() const
    {
        if (op == u">" || op == u">>" || op == u">|" || op == u"&>" || op == u"&>>" || op == u"<>")
            return true;
        // ">&word" without a descriptor number is the old spelling of "&>word".
        if (op == u">&") {
            bool isNumber = false;
            target.toInt(&isNumber);
            return !isNumber && target != u"-";
        }
        return false;
    }
};

} // namespace Terrarium::Core
