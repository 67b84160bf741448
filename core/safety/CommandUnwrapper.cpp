#include "core/safety/CommandUnwrapper.h"

#include <QRegularExpression>

namespace Terrarium::Core {

namespace {

// Wrappers nest (sudo env nice xargs sudo rm); real command lines never go this deep.
constexpr int MaxWrapperDepth = 16;

bool isAssignmentWord(const QString &word)
{
    static const QRegularExpression pattern(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*="));
    return pattern.match(word).hasMatch();
}

// What a wrapper's options were: where its operands start, which short flags and long options
// appeared (values excluded).
struct Options
{
    qsizetype next = 0;
    QString flags;
    QStringList longs;
};

// Reads the options of a wrapper starting at words[p]. shortWithValue lists the short options
// that take a value (attached or as the next word); longWithValue the long ones that take the
// next word when written without "=".
Options readOptions(const QStringList &words, qsizetype p, qsizetype end,
                    QStringView shortWithValue, const QStringList &longWithValue)
{
    Options options;
    while (p < end) {
        const QString &w = words.at(p);
        if (w == u"--") {
            ++p;
            break;
        }
        if (w.startsWith(u"--")) {
            const QString name = w.mid(2).section(u'=', 0, 0);
            options.longs.append(name);
            p += (!w.contains(u'=') && longWithValue.contains(name)) ? 2 : 1;
            continue;
        }
        if (w.size() < 2 || !w.startsWith(u'-'))
            break;
        qsizetype next = p + 1;
        for (qsizetype j = 1; j < w.size(); ++j) {
            options.flags.append(w.at(j));
            if (shortWithValue.contains(w.at(j))) {
                if (j + 1 == w.size())
                    next = p + 2; // the value is the next word
                break; // else the value is the rest of this word
            }
        }
        p = next;
    }
    options.next = qMin(p, end); // an option missing its value ends the words
    return options;
}

qsizetype skipAssignments(const QStringList &words, qsizetype p, qsizetype end)
{
    while (p < end && isAssignmentWord(words.at(p)))
        ++p;
    return p;
}

// Wrappers that are only options, then N operands (a duration, a new root...), then the
// command.
struct WrapperSpec
{
    QStringView name;
    QStringView shortWithValue;
    QStringList longWithValue;
    int operands = 0;
    // Flags that mean the wrapper runs no command (ionice -p PID, taskset -p).
    QStringView noCommandFlags;
};

const QList<WrapperSpec> &wrapperSpecs()
{
    static const QList<WrapperSpec> specs = {
        {u"doas", u"uCa", {}, 0, {}},
        {u"nice", u"n", {QStringLiteral("adjustment")}, 0, {}},
        {u"ionice", u"cnt", {QStringLiteral("class"), QStringLiteral("classdata")}, 0, u"pPu"},
        {u"nohup", {}, {}, 0, {}},
        {u"builtin", {}, {}, 0, {}},
        {u"unbuffer", {}, {}, 0, {}},
        {u"setsid", {}, {}, 0, {}},
        {u"busybox", {}, {}, 0, {}},
        {u"timeout", u"sk", {QStringLiteral("signal"), QStringLiteral("kill-after")}, 1, {}},
        {u"time", u"fo", {QStringLiteral("format"), QStringLiteral("output")}, 0, {}},
        {u"command", {}, {}, 0, u"vV"}, // command -v only looks the name up
        {u"exec", u"a", {}, 0, {}},
        {u"stdbuf",
         u"ioe",
         {QStringLiteral("input"), QStringLiteral("output"), QStringLiteral("error")},
         0,
         {}},
        {u"chroot", {}, {QStringLiteral("userspec"), QStringLiteral("groups")}, 1, {}},
        {u"fakeroot",
         u"lsib",
         {QStringLiteral("lib"), QStringLiteral("faked"), QStringLiteral("fd-base")},
         0,
         {}},
        {u"strace", u"abeEIoOpPsSuUX", {QStringLiteral("output")}, 0, {}},
        {u"unshare", u"SGRw", {}, 0, {}},
        {u"nsenter", u"tSG", {QStringLiteral("target")}, 0, {}},
        {u"systemd-run",
         u"upEMH",
         {QStringLiteral("unit"), QStringLiteral("property"), QStringLiteral("setenv"),
          QStringLiteral("machine"), QStringLiteral("host"), QStringLiteral("uid"),
          QStringLiteral("gid"), QStringLiteral("nice"), QStringLiteral("working-directory"),
          QStringLiteral("slice"), QStringLiteral("description"), QStringLiteral("service-type")},
         0,
         {}},
        {u"flock", u"wE", {QStringLiteral("timeout"), QStringLiteral("conflict-exit-code")}, 1, {}},
        {u"taskset", {}, {}, 1, u"p"},
        {u"chrt", u"TPD", {}, 1, u"p"},
        {u"pkexec", {}, {QStringLiteral("user")}, 0, {}},
        {u"setpriv",
         {},
         {QStringLiteral("reuid"), QStringLiteral("euid"), QStringLiteral("ruid"),
          QStringLiteral("regid"), QStringLiteral("egid"), QStringLiteral("rgid"),
          QStringLiteral("groups"), QStringLiteral("inh-caps"), QStringLiteral("ambient-caps"),
          QStringLiteral("bounding-set"), QStringLiteral("securebits"), QStringLiteral("pdeathsig"),
          QStringLiteral("selinux-label"), QStringLiteral("apparmor-profile"),
          QStringLiteral("landlock-access"), QStringLiteral("landlock-rule")},
         0,
         u"d"}, // setpriv -d only prints
        {u"flatpak-spawn",
         {},
         {QStringLiteral("directory"), QStringLiteral("env"), QStringLiteral("unset-env"),
          QStringLiteral("forward-fd"), QStringLiteral("sandbox-expose"),
          QStringLiteral("sandbox-expose-ro"), QStringLiteral("sandbox-expose-path"),
          QStringLiteral("sandbox-expose-path-ro")},
         0,
         {}},
        {u"host-spawn", {}, {}, 0, {}},
        {u"distrobox-host-exec", {}, {}, 0, {}},
    };
    return specs;
}

void unwrapInto(const QStringList &words, qsizetype start, qsizetype end, CommandUnwrapper::Via via,
                QList<CommandUnwrapper::Invocation> &out, int depth, qsizetype offsetBase,
                QList<QStringList> peeled);

// Splits env -S's string the way env does: blanks separate words, quotes and backslashes
// protect them. (env -S expands only ${NAME}, which the command line has already done.)
QStringList splitEnvString(const QString &text)
{
    QStringList words;
    QString current;
    bool inWord = false;
    QChar quote;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (quote.isNull() && c.isSpace()) {
            if (inWord)
                words.append(current);
            current.clear();
            inWord = false;
            continue;
        }
        inWord = true;
        if (quote.isNull() && (c == u'\'' || c == u'"')) {
            quote = c;
        } else if (c == quote) {
            quote = QChar();
        } else if (c == u'\\' && quote != u'\'' && i + 1 < text.size()) {
            current.append(text.at(++i));
        } else {
            current.append(c);
        }
    }
    if (inWord)
        words.append(current);
    return words;
}

// env -S / --split-string: the string is split into words that replace it.
void unwrapSplitString(const QString &text, const QStringList &words, qsizetype rest, qsizetype end,
                       CommandUnwrapper::Via via, QList<CommandUnwrapper::Invocation> &out,
                       int depth, qsizetype at, const QList<QStringList> &peeled)
{
    QStringList replaced = splitEnvString(text);
    replaced.append(words.mid(rest, end - rest));
    unwrapInto(replaced, 0, replaced.size(), via, out, depth + 1, at, peeled);
}

void unwrapInto(const QStringList &words, qsizetype start, qsizetype end, CommandUnwrapper::Via via,
                QList<CommandUnwrapper::Invocation> &out, int depth, qsizetype offsetBase,
                QList<QStringList> peeled)
{
    if (depth > MaxWrapperDepth)
        return;
    qsizetype p = start;
    while (p < end) {
        const QString name = CommandUnwrapper::programName(words.at(p));
        const qsizetype from = p + 1;
        if (name == u"sudo") {
            static const QStringList longValue = {QStringLiteral("user"),
                                                  QStringLiteral("group"),
                                                  QStringLiteral("close-from"),
                                                  QStringLiteral("login-class"),
                                                  QStringLiteral("chdir"),
                                                  QStringLiteral("prompt"),
                                                  QStringLiteral("role"),
                                                  QStringLiteral("type"),
                                                  QStringLiteral("command-timeout"),
                                                  QStringLiteral("other-user"),
                                                  QStringLiteral("chroot"),
                                                  QStringLiteral("host")};
            const Options options = readOptions(words, from, end, u"ugCchDprtTUR", longValue);
            // sudo -e / --edit is sudoedit: the operands are files it writes.
            if (options.flags.contains(u'e') || options.longs.contains(u"edit")) {
                out.append({QStringList{QStringLiteral("sudoedit")}
                                + words.mid(options.next, end - options.next),
                            int(offsetBase + p), via, peeled});
                return;
            }
            const qsizetype next = skipAssignments(words, options.next, end);
            peeled.append(words.mid(p, next - p));
            p = next;
            continue;
        }
        if (name == u"env") {
            static const QStringList longValue = {QStringLiteral("unset"), QStringLiteral("chdir")};
            const QList<QStringList> outer = peeled;
            // env -S passes its split string on with all of env's words as the wrapper.
            peeled.append(words.mid(p, end - p));
            qsizetype q = from;
            while (q < end) {
                const QString &w = words.at(q);
                if (w == u"--") {
                    ++q;
                    break;
                }
                if (w == u"-") { // the same as -i
                    ++q;
                    continue;
                }
                if (!w.startsWith(u'-'))
                    break;
                if (w.startsWith(u"--")) {
                    const QString option = w.mid(2).section(u'=', 0, 0);
                    if (option == u"split-string") {
                        if (w.contains(u'='))
                            unwrapSplitString(w.section(u'=', 1), words, q + 1, end, via, out,
                                              depth, offsetBase + q, peeled);
                        else if (q + 1 < end)
                            unwrapSplitString(words.at(q + 1), words, q + 2, end, via, out, depth,
                                              offsetBase + q + 1, peeled);
                        return;
                    }
                    q += (!w.contains(u'=') && longValue.contains(option)) ? 2 : 1;
                    continue;
                }
                qsizetype next = q + 1;
                for (qsizetype j = 1; j < w.size(); ++j) {
                    if (w.at(j) == u'S') { // -S 'string' / -S'string'
                        if (j + 1 < w.size())
                            unwrapSplitString(w.mid(j + 1), words, q + 1, end, via, out, depth,
                                              offsetBase + q, peeled);
                        else if (q + 1 < end)
                            unwrapSplitString(words.at(q + 1), words, q + 2, end, via, out, depth,
                                              offsetBase + q + 1, peeled);
                        return;
                    }
                    if (w.at(j) == u'u' || w.at(j) == u'C') {
                        if (j + 1 == w.size())
                            next = q + 2;
                        break;
                    }
                }
                q = next;
            }
            const qsizetype next = skipAssignments(words, qMin(q, end), end);
            peeled = outer;
            peeled.append(words.mid(p, next - p));
            p = next;
            continue;
        }
        if (name == u"xargs") {
            static const QStringList longValue = {
                QStringLiteral("arg-file"),  QStringLiteral("delimiter"),
                QStringLiteral("max-args"),  QStringLiteral("max-procs"),
                QStringLiteral("max-chars"), QStringLiteral("process-slot-var")};
            const qsizetype next = readOptions(words, from, end, u"adEILnPs", longValue).next;
            peeled.append(words.mid(p, next - p));
            p = next;
            via = CommandUnwrapper::Via::Xargs;
            continue;
        }
        if (name == u"runuser") {
            // runuser -u USER [--] COMMAND runs COMMAND itself; the su-like forms hand -c's
            // string to a shell, which ShellLexer reads.
            static const QStringList longValue = {QStringLiteral("user"),
                                                  QStringLiteral("group"),
                                                  QStringLiteral("supp-group"),
                                                  QStringLiteral("shell"),
                                                  QStringLiteral("command"),
                                                  QStringLiteral("session-command"),
                                                  QStringLiteral("whitelist-environment")};
            const Options options = readOptions(words, from, end, u"ugGscw", longValue);
            if (!options.flags.contains(u'u') && !options.longs.contains(u"user")) {
                out.append({words.mid(p, end - p), int(offsetBase + p), via, peeled});
                return;
            }
            peeled.append(words.mid(p, options.next - p));
            p = options.next;
            continue;
        }
        if (name == u"find") {
            out.append({words.mid(p, end - p), int(offsetBase + p), via, peeled});
            for (qsizetype i = p + 1; i < end; ++i) {
                const QString &w = words.at(i);
                if (w != u"-exec" && w != u"-execdir" && w != u"-ok" && w != u"-okdir")
                    continue;
                qsizetype stop = i + 1;
                while (stop < end && words.at(stop) != u";"
                       && !(words.at(stop) == u"+" && words.at(stop - 1) == u"{}"))
                    ++stop;
                unwrapInto(words, i + 1, stop, CommandUnwrapper::Via::FindExec, out, depth + 1,
                           offsetBase, peeled + QList<QStringList>{words.mid(p, i + 1 - p)});
                i = stop;
            }
            return;
        }
        const WrapperSpec *spec = nullptr;
        for (const WrapperSpec &candidate : wrapperSpecs()) {
            if (candidate.name == name)
                spec = &candidate;
        }
        if (!spec) {
            out.append({words.mid(p, end - p), int(offsetBase + p), via, peeled});
            return;
        }
        const Options options =
            readOptions(words, from, end, spec->shortWithValue, spec->longWithValue);
        for (const QChar flag : options.flags) {
            if (spec->noCommandFlags.contains(flag))
                return;
        }
        const qsizetype wrapper = p;
        p = options.next + spec->operands;
        // flock FILE -c 'command' hands a string to a shell: reported as flock itself, whose
        // script ShellLexer reads.
        if (name == u"flock" && p < end && (words.at(p) == u"-c" || words.at(p) == u"--command")) {
            out.append({words.mid(wrapper, end - wrapper), int(offsetBase + wrapper), via, peeled});
            return;
        }
        peeled.append(words.mid(wrapper, qMin(p, end) - wrapper));
    }
}

} // namespace

QList<CommandUnwrapper::Invocation> CommandUnwrapper::invocations(const QStringList &words)
{
    QList<Invocation> result;
    unwrapInto(words, 0, words.size(), Via::Direct, result, 0, 0, {});
    return result;
}

QString CommandUnwrapper::programName(const QString &word)
{
    const qsizetype slash = word.lastIndexOf(u'/');
    if (slash < 0 || slash + 1 == word.size())
        return word;
    return word.mid(slash + 1);
}

} // namespace Terrarium::Core
