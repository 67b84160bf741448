#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace Terrarium::Core {

// Internal to core/safety. Where an interpreter invocation (sh, bash, python, perl, ruby,
// node, php, awk, eval, source, ...) takes its program from: inline code, a script file or
// stdin.
class InterpreterArgs
{
public:
    enum class Kind { None, Shell, Python, Perl, Ruby, Node, Php, Awk, Eval, Source, Other };

    // words.first() is the program (wrappers already removed).
    static InterpreterArgs parse(const QStringList &words);
    // Shell command lines that inline code of that kind hands to the system: os.system("..."),
    // subprocess.run([...]), system "..." (perl), spawn("rm", [...]), `...`, awk's
    // print | "cmd", and deletions written as commands: shutil.rmtree("x") and
    // fs.rmSync("x", {recursive: true}) as rm -rf x. What the code computes at run time
    // (os.system(cmd), [..., path], child_process used some other way) comes back as
    // computedWord(), so the command reads as one whose program is not known.
    static QStringList shellOuts(const QString &code, Kind kind = Kind::Other);
    // Stands for a value only the running code knows.
    static QString computedWord();
    // True when code opens a socket and hands it a shell (the usual reverse-shell one-liners).
    static bool opensReverseShell(const QString &code);

    bool isInterpreter() const { return kind != Kind::None; }

    Kind kind = Kind::None;
    // Inline program text (-c, -e, eval's arguments) and the word index each came from.
    QStringList code;
    QList<int> codeWords;
    // Index of the script file operand, or -1.
    int scriptWord = -1;
    // Runs what arrives on standard input (no code, no script, or the script is "-").
    bool readsStdin = false;
};

} // namespace Terrarium::Core
