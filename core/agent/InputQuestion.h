#pragma once

#include "core/agent/RunEventPayloads.h"

#include <QList>
#include <QString>

namespace Terrarium::Core {

// The question the window asks when a step's command waits on stdin. bash's `read -p` prints
// its prompt only on a terminal, and the sandbox gives commands a pipe, so the command's
// output alone often asks nothing. In this order: what it printed last without a newline
// (surely the prompt); the prompt of the `read -p` that waits, read from the command line;
// its last line of output with words in it; the command line itself.
//
// The command line is parsed only to show something: never to decide what runs or is allowed.
class InputQuestion
{
public:
    // One `read` on the command line that reads stdin, in the order bash would run them.
    struct Read
    {
        QString prompt; // -p's text after quote removal; empty without -p
        bool secret = false; // -s: what is typed is not echoed
    };

    // answers: how often input was given during the step so far, which guesses the read that
    // waits now (the first wait is the first read). partialLine and lastWords as StepOutputLog
    // keeps them.
    static Events::InputRequired ask(int stepId, const QString &command, const QString &partialLine,
                                     const QString &lastWords, int answers);

    static QList<Read> reads(const QString &command);
    // What kind of answer a prompt asks for: "confirmation" ([Y/n], (yes/no)), "password", or
    // none.
    static QString hint(const QString &prompt);
};

} // namespace Terrarium::Core
