#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace Terrarium::Core {

// Internal to core/safety. Where an interpreter invocation (sh, bash, python, perl, ruby,
// node, php, eval, source, ...) takes its program from: inline code, a script file or stdin.
class InterpreterArgs
{
public:
    enum class Kind { None, Shell, Python, Perl, Ruby, Node, Php, Eval, Source, Other };

    // words.first() is the program (wrappers already removed).
    static InterpreterArgs parse(const QStringList &words);
    // Shell command lines that inline code hands to the system: os.system("..."),
    // subprocess.run([...]), `...`, shutil.rmtree("x") (as rm -rf x), and the like.
    static QStringList shellOuts(const QString &code);

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
