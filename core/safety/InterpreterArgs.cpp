#include "core/safety/InterpreterArgs_p.h"

#include "core/safety/CommandUnwrapper.h"

#include <QRegularExpression>

#include <optional>

namespace Terrarium::Core {

namespace {

// Matches `re` against a view without copying it: matchView() from Qt 6.5 on, where match() on
// a QStringView is deprecated (Qt 6.8) because the match keeps pointing into the view.
QRegularExpressionMatch matchView(const QRegularExpression &re, QStringView text)
{
#if QT_VERSION >= QT_VERSION_CHECK(6, 5, 0)
    return re.matchView(text);
#else
    return re.match(text);
#endif
}

InterpreterArgs::Kind kindOf(const QString &name)
{
    static const QStringList shells = {
        QStringLiteral("sh"),   QStringLiteral("bash"), QStringLiteral("dash"),
        QStringLiteral("zsh"),  QStringLiteral("ksh"),  QStringLiteral("mksh"),
        QStringLiteral("ash"),  QStringLiteral("yash"), QStringLiteral("rbash"),
        QStringLiteral("fish"), QStringLiteral("csh"),  QStringLiteral("tcsh")};
    static const QRegularExpression python(QStringLiteral("^(python|pypy)[0-9.]*$"));
    static const QRegularExpression perl(QStringLiteral("^perl[0-9.]*$"));
    static const QRegularExpression ruby(QStringLiteral("^ruby[0-9.]*$"));
    static const QRegularExpression php(QStringLiteral("^php[0-9.]*$"));
    static const QStringList awks = {QStringLiteral("awk"), QStringLiteral("gawk"),
                                     QStringLiteral("mawk"), QStringLiteral("nawk")};
    if (shells.contains(name))
        return InterpreterArgs::Kind::Shell;
    if (python.match(name).hasMatch())
        return InterpreterArgs::Kind::Python;
    if (perl.match(name).hasMatch())
        return InterpreterArgs::Kind::Perl;
    if (ruby.match(name).hasMatch())
        return InterpreterArgs::Kind::Ruby;
    if (name == u"node" || name == u"nodejs" || name == u"deno" || name == u"bun")
        return InterpreterArgs::Kind::Node;
    if (php.match(name).hasMatch())
        return InterpreterArgs::Kind::Php;
    if (awks.contains(name))
        return InterpreterArgs::Kind::Awk;
    if (name == u"eval")
        return InterpreterArgs::Kind::Eval;
    if (name == u"source" || name == u".")
        return InterpreterArgs::Kind::Source;
    if (name == u"lua" || name == u"luajit" || name == u"pwsh" || name == u"powershell"
        || name == u"tclsh" || name == u"Rscript" || name == u"osascript")
        return InterpreterArgs::Kind::Other;
    return InterpreterArgs::Kind::None;
}

bool isStdinName(const QString &word)
{
    return word == u"-" || word == u"/dev/stdin" || word == u"/dev/fd/0"
        || word == u"/proc/self/fd/0";
}

// Short options of one cluster ("-xc"): codeFlags introduce inline code, valueFlags take a
// value (attached or the next word), restFlags take only an attached value ("-i.bak"),
// stopFlags end the options (-m module). Returns the index of the next word to look at.
struct ClusterResult
{
    qsizetype next;
    bool stop = false; // -m module and the like: no script operand follows
};

struct Flags
{
    QStringView code;
    QStringView value;
    QStringView rest;
    QStringView stop;
};

ClusterResult readCluster(const QStringList &words, qsizetype i, const Flags &flags,
                          InterpreterArgs &args)
{
    const QString &w = words.at(i);
    for (qsizetype j = 1; j < w.size(); ++j) {
        const QChar ch = w.at(j);
        if (flags.code.contains(ch)) {
            if (j + 1 < w.size()) {
                args.code.append(w.mid(j + 1));
                args.codeWords.append(int(i));
                return {i + 1};
            }
            if (i + 1 < words.size()) {
                args.code.append(words.at(i + 1));
                args.codeWords.append(int(i + 1));
            }
            return {i + 2};
        }
        if (flags.stop.contains(ch))
            return {i + 1, true};
        if (flags.value.contains(ch))
            return {j + 1 < w.size() ? i + 1 : i + 2};
        if (flags.rest.contains(ch))
            return {i + 1};
    }
    return {i + 1};
}

void parseShell(const QStringList &words, InterpreterArgs &args)
{
    bool inlineCode = false;
    bool fromStdin = false;
    qsizetype i = 1;
    while (i < words.size()) {
        const QString &w = words.at(i);
        if (w == u"--" || w == u"-") {
            ++i;
            break;
        }
        if (w.startsWith(u"--")) {
            i += (w == u"--rcfile" || w == u"--init-file") ? 2 : 1;
            continue;
        }
        if ((w.startsWith(u'-') || w.startsWith(u'+')) && w.size() > 1) {
            inlineCode = inlineCode || w.contains(u'c');
            fromStdin = fromStdin || w.contains(u's');
            i += (w.contains(u'o') || w.contains(u'O')) ? 2 : 1;
            continue;
        }
        break;
    }
    if (inlineCode) {
        // sh -c 'code' [name [args...]]: the first operand is the program.
        if (i < words.size()) {
            args.code.append(words.at(i));
            args.codeWords.append(int(i));
        }
        return;
    }
    if (i < words.size() && !fromStdin && !isStdinName(words.at(i)))
        args.scriptWord = int(i);
    args.readsStdin = args.scriptWord < 0;
}

// Languages whose options come before one script operand.
void parseScripted(const QStringList &words, const Flags &flags, const QStringList &longCode,
                   const QStringList &longValue, InterpreterArgs &args)
{
    qsizetype i = 1;
    bool stopped = false;
    while (i < words.size()) {
        const QString &w = words.at(i);
        if (w == u"--") {
            ++i;
            break;
        }
        if (w == u"-")
            break;
        if (w.startsWith(u"--")) {
            const QString name = w.mid(2).section(u'=', 0, 0);
            if (longCode.contains(name)) {
                if (w.contains(u'=')) {
                    args.code.append(w.section(u'=', 1));
                    args.codeWords.append(int(i));
                    i += 1;
                } else {
                    if (i + 1 < words.size()) {
                        args.code.append(words.at(i + 1));
                        args.codeWords.append(int(i + 1));
                    }
                    i += 2;
                }
                continue;
            }
            i += (!w.contains(u'=') && longValue.contains(name)) ? 2 : 1;
            continue;
        }
        if (w.startsWith(u'-') && w.size() > 1) {
            const ClusterResult r = readCluster(words, i, flags, args);
            i = r.next;
            if (r.stop) {
                stopped = true;
                break;
            }
            continue;
        }
        break;
    }
    if (stopped || !args.code.isEmpty())
        return;
    if (i < words.size() && !isStdinName(words.at(i)))
        args.scriptWord = int(i);
    args.readsStdin = args.scriptWord < 0;
}

// awk [options] 'program' [file...]: the program is the first operand unless -f names a file
// (gawk's -e/--source add code). awk never reads its program from stdin.
void parseAwk(const QStringList &words, InterpreterArgs &args)
{
    static const QStringList longWithValue = {QStringLiteral("assign"),
                                              QStringLiteral("field-separator"),
                                              QStringLiteral("include"), QStringLiteral("load")};
    bool programGiven = false;
    qsizetype i = 1;
    while (i < words.size()) {
        const QString &w = words.at(i);
        if (w == u"--") {
            ++i;
            break;
        }
        if (w.size() < 2 || !w.startsWith(u'-'))
            break;
        const bool isLong = w.startsWith(u"--");
        const QString name = isLong ? w.mid(2).section(u'=', 0, 0) : w.mid(1, 1);
        const qsizetype valueFrom =
            isLong ? (w.contains(u'=') ? w.indexOf(u'=') + 1 : w.size()) : 2;
        const bool attached = valueFrom < w.size();
        if (name == u"e" || name == u"source") {
            args.code.append(attached ? w.mid(valueFrom) : words.value(i + 1));
            args.codeWords.append(int(attached ? i : i + 1));
            programGiven = true;
        } else if (name == u"f" || name == u"E" || name == u"file" || name == u"exec") {
            if (!attached && i + 1 < words.size())
                args.scriptWord = int(i + 1);
            programGiven = true;
        } else if (isLong ? !longWithValue.contains(name) : !QStringView(u"vFilW").contains(name)) {
            ++i; // a flag without a value
            continue;
        }
        i += attached ? 1 : 2;
    }
    if (!programGiven && i < words.size()) {
        args.code.append(words.at(i));
        args.codeWords.append(int(i));
    }
}

void skipBlanks(const QString &code, qsizetype &pos)
{
    while (pos < code.size() && code.at(pos).isSpace())
        ++pos;
}

// The string literal at pos ("...", '...', `...`, with a Python prefix such as r or f): its
// text, with pos moved past it. Null when there is none, or when it interpolates (f"{x}",
// `${x}`) so its text is only known at run time.
std::optional<QString> readLiteral(const QString &code, qsizetype &pos)
{
    qsizetype p = pos;
    bool formatted = false;
    for (int k = 0; k < 2 && p < code.size() && QStringView(u"rbufRBUF").contains(code.at(p));
         ++k, ++p)
        formatted = formatted || code.at(p).toLower() == u'f';
    if (p >= code.size())
        return std::nullopt;
    const QChar quote = code.at(p);
    if (quote != u'"' && quote != u'\'' && quote != u'`')
        return std::nullopt;
    QString text;
    for (++p; p < code.size() && code.at(p) != quote; ++p) {
        if (code.at(p) == u'\\' && p + 1 < code.size())
            ++p;
        text.append(code.at(p));
    }
    if (p >= code.size())
        return std::nullopt;
    if ((formatted && text.contains(u'{')) || (quote == u'`' && text.contains(u"${")))
        return std::nullopt;
    pos = p + 1;
    return text;
}

// Moves pos to the end of the expression it starts: the next ",", ")" or "]" outside brackets
// and strings.
void skipExpression(const QString &code, qsizetype &pos)
{
    int depth = 0;
    while (pos < code.size()) {
        const QChar c = code.at(pos);
        if (c == u'"' || c == u'\'' || c == u'`') {
            if (!readLiteral(code, pos))
                ++pos;
            continue;
        }
        if (c == u'(' || c == u'[' || c == u'{') {
            ++depth;
        } else if (c == u')' || c == u']' || c == u'}') {
            if (depth == 0)
                return;
            --depth;
        } else if (c == u',' && depth == 0) {
            return;
        }
        ++pos;
    }
}

// awk code with its strings and /regex/ literals emptied, so that a "|" inside them is not
// taken for a pipe.
QString withoutLiterals(const QString &code)
{
    QString out;
    QChar previous = u'{';
    for (qsizetype i = 0; i < code.size(); ++i) {
        const QChar c = code.at(i);
        const bool regexStart = c == u'/' && QStringView(u"{}(,~!;&|?:").contains(previous);
        if (c == u'"' || regexStart) {
            qsizetype end = i + 1;
            while (end < code.size() && code.at(end) != c && code.at(end) != u'\n')
                end += code.at(end) == u'\\' ? 2 : 1;
            out += QString(2, c);
            i = end;
            previous = c;
            continue;
        }
        out.append(c);
        if (!c.isSpace())
            previous = c;
    }
    return out;
}

QString quoteWord(const QString &word)
{
    // The placeholder stays unquoted so that it still reads as an expansion.
    if (word == InterpreterArgs::computedWord())
        return word;
    return u'\'' + QString(word).replace(u'\'', QStringLiteral("'\\''")) + u'\'';
}

// The command line a call starting at pos hands over: one string ("rm -rf /"), or an argv
// from several strings (system("rm", "-rf", "/")), a list (["rm", "-rf"]) or both
// (spawn("rm", ["-rf", "/"])). Values computed at run time become computedWord(); a call
// whose first argument is not a literal gives computedWord() alone.
QString readCommandArguments(const QString &code, qsizetype pos)
{
    QStringList argv;
    bool single = false;
    skipBlanks(code, pos);
    for (bool first = true; pos < code.size(); first = false) {
        if (code.at(pos) == u'[') {
            ++pos;
            while (pos < code.size() && code.at(pos) != u']') {
                skipBlanks(code, pos);
                if (const auto item = readLiteral(code, pos)) {
                    argv.append(*item);
                } else {
                    argv.append(InterpreterArgs::computedWord());
                    skipExpression(code, pos);
                }
                skipBlanks(code, pos);
                if (pos < code.size() && code.at(pos) == u',')
                    ++pos;
                skipBlanks(code, pos);
            }
            ++pos;
        } else if (const auto item = readLiteral(code, pos)) {
            argv.append(*item);
            single = first;
            skipBlanks(code, pos);
            // "rm -rf " + path: the string is finished at run time.
            if (pos < code.size() && QStringView(u"+.%").contains(code.at(pos))) {
                argv.last() += InterpreterArgs::computedWord();
                break;
            }
        } else {
            if (first)
                return InterpreterArgs::computedWord();
            argv.append(InterpreterArgs::computedWord());
            skipExpression(code, pos);
        }
        skipBlanks(code, pos);
        if (pos >= code.size() || code.at(pos) != u',')
            break;
        ++pos;
        skipBlanks(code, pos);
        // Keyword arguments and option objects (shell=True, {stdio: ...}) end the command.
        static const QRegularExpression option(QStringLiteral(R"(^(?:[A-Za-z_]\w*\s*=[^=]|\{))"));
        if (matchView(option, QStringView(code).mid(pos)).hasMatch())
            break;
    }
    if (argv.isEmpty())
        return {};
    if (single && argv.size() == 1)
        return argv.first();
    QStringList quoted;
    for (const QString &arg : std::as_const(argv))
        quoted.append(quoteWord(arg));
    return quoted.join(u' ');
}

// Command lines handed over by calls with literal arguments, in any of the languages:
// os.system("..."), subprocess.run([...]), system "..." (Perl and Ruby, without parentheses),
// spawn("rm", [...]), `...`, qx(...), %x(...).
QStringList commandCalls(const QString &code)
{
    static const QRegularExpression call(QStringLiteral(
        R"(\b(?:os\.system|os\.popen|os\.exec[lv]p?e?|os\.spawn[lv]p?e?|)"
        R"(subprocess\.(?:run|call|check_call|check_output|Popen|getoutput|getstatusoutput)|)"
        R"(commands\.getoutput|os\.execute|io\.popen|IO\.popen|Open3\.\w+|shell_exec|passthru|)"
        R"(proc_open|pcntl_exec|popen|execSync|execFileSync|execFile|spawnSync|spawn|system|)"
        R"(exec)(?:\s*\(|\s+(?=["'])))"));
    static const QRegularExpression backticks(QStringLiteral("`([^`]*)`"));
    static const QRegularExpression quoteLike(QStringLiteral(R"((?:\bqx|%x)\s*([({\[<|/!]))"));
    QStringList out;
    for (auto it = call.globalMatch(code); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        qsizetype pos = m.capturedEnd();
        skipBlanks(code, pos);
        if (pos < code.size() && (code.at(pos) == u'[' || readLiteral(code, pos)))
            out.append(readCommandArguments(code, m.capturedEnd()));
    }
    for (auto it = backticks.globalMatch(code); it.hasNext();)
        out.append(it.next().captured(1));
    for (auto it = quoteLike.globalMatch(code); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        static const QString opens = QStringLiteral("({[<");
        static const QString closes = QStringLiteral(")}]>");
        const QChar open = m.captured(1).at(0);
        const qsizetype which = opens.indexOf(open);
        const QChar close = which >= 0 ? closes.at(which) : open;
        const qsizetype end = code.indexOf(close, m.capturedEnd());
        out.append(code.mid(m.capturedEnd(), end < 0 ? -1 : end - m.capturedEnd()));
    }
    return out;
}

// Deletions written as the rm they amount to: shutil.rmtree("x") and Perl's rmtree as
// rm -rf x, os.remove("x") as rm x, Node's fs.rmSync("x", {recursive: true}) and Deno.remove
// as rm -rf x. A computed path becomes computedWord().
QStringList deletions(const QString &code, InterpreterArgs::Kind kind)
{
    static const QRegularExpression rmtree(
        QStringLiteral(R"(\b(?:shutil\.rmtree|rmtree|remove_tree)(?:\s*\(\s*|\s+(?=[$@"'])))"));
    static const QRegularExpression removeFile(
        QStringLiteral(R"(\bos\.(?:remove|unlink)\s*\(\s*)"));
    static const QRegularExpression nodeRemove(
        QStringLiteral(R"(\b(rmSync|rmdirSync|unlinkSync)\s*\(\s*|\.(rm|rmdir)\s*\(\s*|)"
                       R"(\bDeno\.(remove)(?:Sync)?\s*\(\s*)"));
    static const QRegularExpression recursiveOption(
        QStringLiteral(R"(^[^)]*\brecursive\s*:\s*true)"));
    const auto path = [&code](qsizetype pos) {
        return quoteWord(readLiteral(code, pos).value_or(InterpreterArgs::computedWord()));
    };
    QStringList out;
    for (auto it = rmtree.globalMatch(code); it.hasNext();) {
        qsizetype pos = it.next().capturedEnd();
        skipBlanks(code, pos);
        out.append(QStringLiteral("rm -rf -- ") + path(pos));
    }
    for (auto it = removeFile.globalMatch(code); it.hasNext();)
        out.append(QStringLiteral("rm -- ") + path(it.next().capturedEnd()));
    if (kind != InterpreterArgs::Kind::Node)
        return out;
    for (auto it = nodeRemove.globalMatch(code); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        const QString name = m.captured(1) + m.captured(2) + m.captured(3);
        qsizetype after = m.capturedEnd();
        readLiteral(code, after);
        const bool recursive = matchView(recursiveOption, QStringView(code).mid(after)).hasMatch();
        const QString command = name.startsWith(u"unlink") ? QStringLiteral("rm -- ")
            : recursive                                    ? QStringLiteral("rm -rf -- ")
            : name.startsWith(u"rmdir")                    ? QStringLiteral("rmdir -- ")
                                                           : QStringLiteral("rm -- ");
        out.append(command + path(m.capturedEnd()));
    }
    return out;
}

// awk: print | "cmd" and "cmd" | getline hand cmd to sh.
QStringList awkPipes(const QString &code)
{
    static const QRegularExpression pipeTo(QStringLiteral(R"((?<!\|)\|&?\s*("(?:[^"\\]|\\.)*"))"));
    static const QRegularExpression getline(
        QStringLiteral(R"(("(?:[^"\\]|\\.)*")\s*\|&?\s*getline\b)"));
    QStringList out;
    for (const QRegularExpression *pattern : {&pipeTo, &getline}) {
        for (auto it = pattern->globalMatch(code); it.hasNext();) {
            qsizetype pos = it.next().capturedStart(1);
            out.append(readLiteral(code, pos).value_or(InterpreterArgs::computedWord()));
        }
    }
    return out;
}

// The code runs a command only it knows: a command-running call of its language whose
// command is not a literal (os.system(cmd)), or a way of running commands that cannot be
// followed (from subprocess import run, child_process used without a readable call, awk's
// print | cmd and print | "sh").
bool runsComputedCommand(const QString &code, InterpreterArgs::Kind kind)
{
    using Kind = InterpreterArgs::Kind;
    static const QRegularExpression pythonCall(QStringLiteral(
        R"((?:\bos|__import__\(\s*['"]os['"]\s*\))\.(?:system|popen|exec\w*|spawn\w*|)"
        R"(posix_spawn\w*)\s*\(|\bsubprocess\.(?:run|call|check_call|check_output|Popen|)"
        R"(getoutput|getstatusoutput)\s*\(|\bcommands\.\w+\s*\(|\bpty\.spawn\s*\(|)"
        R"(\bcreate_subprocess_\w+\s*\()"));
    static const QRegularExpression pythonAlias(QStringLiteral(
        R"(\bfrom\s+(?:subprocess|pty|commands)\s+import\b|\bimport\s+subprocess\s+as\b|)"
        R"(\bfrom\s+os\s+import\s+[^\n;]*\b(?:system|popen|exec\w*|spawn\w*)\b|)"
        R"(__import__\(\s*['"](?:subprocess|pty)['"])"));
    // RegExp.exec() is no command: Node calls count only where child_process is used.
    static const QRegularExpression nodeCall(
        QStringLiteral(R"(\b(?:exec|execSync|execFile|execFileSync|spawn|spawnSync|fork)\s*\()"));
    static const QRegularExpression nodeModule(QStringLiteral(
        R"(child_process|\bprocess\.binding\b|\bDeno\.(?:run|Command)\b|\bBun\.spawn)"));
    static const QRegularExpression nodeOpaque(
        QStringLiteral(R"(\bprocess\.binding\b|\bDeno\.(?:run|Command)\b|\bBun\.spawn)"));
    static const QRegularExpression perlRubyCall(
        QStringLiteral(R"(\b(?:system|exec|spawn)(?:\s*\(|\s+(?=[$@"'])|(?=[$@]))|)"
                       R"(\bIO\.popen\s*\(|\bOpen3\.\w+\s*\()"));
    static const QRegularExpression phpCall(
        QStringLiteral(R"(\b(?:shell_exec|system|passthru|exec|popen|proc_open|pcntl_exec)\s*\()"));
    static const QRegularExpression awkCall(QStringLiteral(R"(\bsystem\s*\()"));
    static const QRegularExpression awkPipeToVariable(
        QStringLiteral(R"((?<!\|)\|&?(?!\|)\s*(?!getline\b)[A-Za-z_(])"));
    static const QRegularExpression awkPipeToShell(
        QStringLiteral(R"(\|&?\s*"\s*(?:/\S*/)?(?:ba|da|z|k)?sh\b)"));
    static const QRegularExpression otherCall(
        QStringLiteral(R"(\b(?:os\.execute|io\.popen|system2?|exec)\s*\()"));

    const QRegularExpression *calls = nullptr;
    switch (kind) {
    case Kind::Python:
        if (pythonAlias.match(code).hasMatch())
            return true;
        calls = &pythonCall;
        break;
    case Kind::Node:
        if (!nodeModule.match(code).hasMatch())
            return false;
        if (nodeOpaque.match(code).hasMatch() || !nodeCall.match(code).hasMatch())
            return true;
        calls = &nodeCall;
        break;
    case Kind::Perl:
    case Kind::Ruby:
        calls = &perlRubyCall;
        break;
    case Kind::Php:
        calls = &phpCall;
        break;
    case Kind::Awk:
        if (awkPipeToVariable.match(withoutLiterals(code)).hasMatch()
            || awkPipeToShell.match(code).hasMatch())
            return true;
        calls = &awkCall;
        break;
    case Kind::Other:
        calls = &otherCall;
        break;
    case Kind::None:
    case Kind::Shell:
    case Kind::Eval:
    case Kind::Source:
        return false;
    }
    for (auto it = calls->globalMatch(code); it.hasNext();) {
        qsizetype pos = it.next().capturedEnd();
        skipBlanks(code, pos);
        if (pos >= code.size() || (code.at(pos) != u'[' && !readLiteral(code, pos)))
            return true;
    }
    return false;
}

} // namespace

InterpreterArgs InterpreterArgs::parse(const QStringList &words)
{
    InterpreterArgs args;
    if (words.isEmpty())
        return args;
    args.kind = kindOf(CommandUnwrapper::programName(words.first()));
    switch (args.kind) {
    case Kind::None:
        break;
    case Kind::Shell:
        parseShell(words, args);
        break;
    case Kind::Python:
        parseScripted(words, {u"c", u"WXQ", {}, u"m"}, {}, {}, args);
        break;
    case Kind::Perl:
        parseScripted(words, {u"eE", {}, u"IMmFilx0CdD", {}}, {}, {}, args);
        break;
    case Kind::Ruby:
        parseScripted(words, {u"e", u"rICE", u"iFx0K", {}}, {}, {}, args);
        break;
    case Kind::Node:
        parseScripted(words, {u"ep", u"r", {}, {}},
                      {QStringLiteral("eval"), QStringLiteral("print")},
                      {QStringLiteral("require"), QStringLiteral("import")}, args);
        break;
    case Kind::Php:
        parseScripted(words, {u"rBRFE", u"cdz", {}, {}}, {}, {}, args);
        break;
    case Kind::Awk:
        parseAwk(words, args);
        break;
    case Kind::Eval:
        if (words.size() > 1) {
            args.code.append(words.mid(1).join(u' '));
            for (int i = 1; i < words.size(); ++i)
                args.codeWords.append(i);
        }
        break;
    case Kind::Source:
        if (words.size() > 1) {
            if (isStdinName(words.at(1)))
                args.readsStdin = true;
            else
                args.scriptWord = 1;
        }
        break;
    case Kind::Other:
        parseScripted(words, {u"ec", {}, {}, {}}, {QStringLiteral("Command")}, {}, args);
        for (int i = 1; i < words.size() - 1; ++i) {
            if (words.at(i).compare(u"-Command", Qt::CaseInsensitive) == 0 && args.code.isEmpty()) {
                args.code.append(words.at(i + 1));
                args.codeWords.append(i + 1);
                args.readsStdin = false;
                args.scriptWord = -1;
            }
        }
        break;
    }
    return args;
}

QString InterpreterArgs::computedWord()
{
    return QStringLiteral("${__computed__}");
}

QStringList InterpreterArgs::shellOuts(const QString &code, Kind kind)
{
    QStringList out = commandCalls(code);
    out += deletions(code, kind);
    if (kind == Kind::Awk)
        out += awkPipes(code);
    if (runsComputedCommand(code, kind))
        out.append(computedWord());
    return out;
}

bool InterpreterArgs::opensReverseShell(const QString &code)
{
    static const QRegularExpression socket(
        QStringLiteral(R"(\bsocket\b|IO::Socket|\bfsockopen\b|\bTCPSocket\b|)"
                       R"(\bnet\.(?:Socket|connect|createConnection)\b|/dev/(?:tcp|udp)/)"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression shell(
        QStringLiteral(R"(/bin/(?:ba|da|z|k)?sh\b|\bcmd\.exe\b|\bpty\.spawn\b|\bdup2\b|)"
                       R"(\bsh\s+-i\b|["'](?:ba|z)?sh["'])"));
    return socket.match(code).hasMatch() && shell.match(code).hasMatch();
}

} // namespace Terrarium::Core
