#include "core/safety/InterpreterArgs_p.h"

#include "core/safety/CommandUnwrapper.h"

#include <QRegularExpression>

namespace Terrarium::Core {

namespace {

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

QString unquoteLiteral(const QString &literal)
{
    QString inner = literal.mid(1, literal.size() - 2);
    QString out;
    out.reserve(inner.size());
    for (qsizetype i = 0; i < inner.size(); ++i) {
        if (inner.at(i) == u'\\' && i + 1 < inner.size())
            ++i;
        out.append(inner.at(i));
    }
    return out;
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

QStringList InterpreterArgs::shellOuts(const QString &code)
{
    static const QString literal =
        QStringLiteral(R"((?:[rbuf]{0,2})("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'))");
    static const QRegularExpression call(
        QStringLiteral(R"(\b(?:os\.system|os\.popen|subprocess\.(?:run|call|check_call|)"
                       R"(check_output|Popen|getoutput|getstatusoutput)|commands\.getoutput|)"
                       R"(system|exec|execSync|spawnSync|shell_exec|passthru|popen|qx)\s*\(\s*)")
        + literal);
    static const QRegularExpression listCall(
        QStringLiteral(R"(\bsubprocess\.\w+\s*\(\s*\[([^\]]*)\])"));
    static const QRegularExpression listItem(literal);
    static const QRegularExpression backticks(QStringLiteral("`([^`]*)`"));
    static const QRegularExpression rmtree(QStringLiteral(R"(\bshutil\.rmtree\s*\(\s*)") + literal);
    static const QRegularExpression removeFile(QStringLiteral(R"(\bos\.(?:remove|unlink)\s*\(\s*)")
                                               + literal);

    QStringList out;
    for (auto it = call.globalMatch(code); it.hasNext();)
        out.append(unquoteLiteral(it.next().captured(1)));
    for (auto it = listCall.globalMatch(code); it.hasNext();) {
        QStringList argv;
        const QString items = it.next().captured(1);
        for (auto item = listItem.globalMatch(items); item.hasNext();)
            argv.append(unquoteLiteral(item.next().captured(1)));
        // Quote each argument so the nested lexer sees the same argv.
        for (QString &arg : argv)
            arg = u'\'' + QString(arg).replace(u'\'', QStringLiteral("'\\''")) + u'\'';
        out.append(argv.join(u' '));
    }
    for (auto it = backticks.globalMatch(code); it.hasNext();)
        out.append(it.next().captured(1));
    for (auto it = rmtree.globalMatch(code); it.hasNext();)
        out.append(QStringLiteral("rm -rf -- '%1'").arg(unquoteLiteral(it.next().captured(1))));
    for (auto it = removeFile.globalMatch(code); it.hasNext();)
        out.append(QStringLiteral("rm -- '%1'").arg(unquoteLiteral(it.next().captured(1))));
    return out;
}

} // namespace Terrarium::Core
