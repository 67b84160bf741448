#include "core/safety/FileEffects_p.h"

#include "core/safety/CommandOptions_p.h"
#include "core/safety/CommandUnwrapper.h"
#include "core/safety/InterpreterArgs_p.h"
#include "core/safety/PathClassifier_p.h"
#include "core/safety/ShellLexer.h"

#include <QRegularExpression>

namespace Terrarium::Core {

namespace {

using Invocation = CommandUnwrapper::Invocation;
using Via = CommandUnwrapper::Via;

bool hasGlob(const QString &word)
{
    return word.contains(u'*') || word.contains(u'?') || word.contains(u'[');
}

// Only known when the line runs: a variable, a substitution.
bool isDynamic(const QString &word)
{
    return word.contains(u'$') || word.contains(u'`') || word.startsWith(u"<(")
        || word.startsWith(u">(");
}

// A word that is a substitution as a whole ($(cat x), <(cat x), `cat x`): its commands are
// lexed on their own, so what they read is known.
bool isSubstitution(const QString &word)
{
    return ((word.startsWith(u"$(") || word.startsWith(u"<(")) && word.endsWith(u')'))
        || (word.size() > 1 && word.startsWith(u'`') && word.endsWith(u'`'));
}

QString baseName(const QString &path)
{
    return path.section(u'/', -1);
}

QString folderOf(const QString &path)
{
    const qsizetype slash = path.lastIndexOf(u'/');
    return slash <= 0 ? QStringLiteral("/") : path.left(slash);
}

// The values the words give to -X and --X in the order written, then to --NAME as written (an
// option without one gives none): getopt_long reads a one-letter long name as the long option it
// begins (make --f=FILE is make --file=FILE).
QStringList givenValues(const CommandOptions &options, QChar flag, QStringView name = {})
{
    QStringList values;
    QStringList named;
    for (const CommandOptions::Option &option : options.written) {
        if (!option.hasValue)
            continue;
        if (!flag.isNull() && option.name.size() == 1 && option.name.at(0) == flag)
            values.append(option.value);
        else if (!name.isEmpty() && option.isLong && option.name == name)
            named.append(option.value);
    }
    return values + named;
}

QStringList givenValues(const CommandOptions &options, QStringView name)
{
    return givenValues(options, QChar(), name);
}

// The directories a PATH value lists (PATH=.:$PATH): "$PATH" itself adds nothing new.
QStringList pathValueEntries(const QString &value)
{
    QStringList entries;
    for (const QString &entry : value.split(u':')) {
        if (entry == u"$PATH" || entry == u"${PATH}")
            continue;
        entries.append(entry);
    }
    return entries;
}

// Code that writes a file named by a literal: Python's open(..., 'w'), Path(...).write_text,
// shutil.copy; node's fs.writeFileSync and friends; Perl's open(F, '>', ...); Ruby's
// File.write. What inline code computes is not known.
QStringList inlineWrites(const QString &code, InterpreterArgs::Kind kind)
{
    using Kind = InterpreterArgs::Kind;
    static const QList<QRegularExpression> python = {
        QRegularExpression(QStringLiteral(
            R"(\bopen\(\s*[rbuRBU]?(['"])(?<path>[^'"]+)\1\s*,\s*[rbuRBU]?(['"])[^'"]*[wax+][^'"]*\3)")),
        QRegularExpression(QStringLiteral(
            R"(\bPath\(\s*(['"])(?<path>[^'"]+)\1\s*\)\s*\.\s*(write_text|write_bytes|open|touch))")),
        QRegularExpression(QStringLiteral(
            R"(\bshutil\.(copy|copy2|copyfile|move|copytree)\([^,]+,\s*(['"])(?<path>[^'"]+)\2)")),
    };
    static const QList<QRegularExpression> node = {
        QRegularExpression(QStringLiteral(
            R"(\b(writeFile|writeFileSync|appendFile|appendFileSync|createWriteStream|openSync)\(\s*(['"`])(?<path>[^'"`]+)\2)")),
        QRegularExpression(QStringLiteral(
            R"(\b(copyFile|copyFileSync|rename|renameSync|symlink|symlinkSync|cp|cpSync)\([^,]+,\s*(['"`])(?<path>[^'"`]+)\2)")),
    };
    static const QList<QRegularExpression> perl = {
        QRegularExpression(QStringLiteral(
            R"(\bopen\s*\(?\s*[^,]+,\s*(['"])(\+?[>]{1,2}|\+<)\1\s*,\s*(['"])(?<path>[^'"]+)\3)")),
        QRegularExpression(
            QStringLiteral(R"(\bopen\s*\(?\s*[^,]+,\s*(['"])\+?>{1,2}\s*(?<path>[^'"]+)\1)")),
    };
    static const QList<QRegularExpression> ruby = {
        QRegularExpression(QStringLiteral(
            R"(\bFile\.(write|open|binwrite|symlink|rename)\(\s*(?:[^,()]+,\s*)?(['"])(?<path>[^'"]+)\2)")),
        QRegularExpression(QStringLiteral(
            R"(\bFileUtils\.(cp|mv|copy|move|ln_s|install)\([^,]+,\s*(['"])(?<path>[^'"]+)\2)")),
    };
    const QList<QRegularExpression> *patterns = nullptr;
    switch (kind) {
    case Kind::Python:
        patterns = &python;
        break;
    case Kind::Node:
        patterns = &node;
        break;
    case Kind::Perl:
        patterns = &perl;
        break;
    case Kind::Ruby:
        patterns = &ruby;
        break;
    default:
        return {};
    }
    QStringList paths;
    for (const QRegularExpression &re : *patterns) {
        for (auto it = re.globalMatch(code); it.hasNext();) {
            const QRegularExpressionMatch m = it.next();
            paths.append(m.captured(u"path"));
        }
    }
    return paths;
}

// git config KEY VALUE with a key that makes git run a program.
bool isCodeConfigKey(const QString &key)
{
    static const QRegularExpression code(
        QStringLiteral(R"(^(core\.(fsmonitor|pager|editor|hookspath|sshcommand|gitproxy|askpass|)"
                       R"(attributesfile|excludesfile)|alias\..*|filter\..*|diff\..*|merge\..*|)"
                       R"(credential\..*|sequence\.editor|gpg\..*program|include\..*|)"
                       R"(includeif\..*|uploadpack\..*|receive\..*|pager\..*|web\.browser|)"
                       R"(browser\..*|man\..*|instaweb\..*|submodule\..*|protocol\..*|)"
                       R"(remote\..*\.(uploadpack|receivepack|vcs|proxy)|url\..*)$)"),
        QRegularExpression::CaseInsensitiveOption);
    return code.match(key).hasMatch();
}

class Reader
{
public:
    Reader(const QString &command, const QString &workingDirectory)
    {
        m_commands = ShellLexer::lex(command);
        m_children.resize(m_commands.size());
        for (int i = 0; i < m_commands.size(); ++i) {
            if (m_commands.at(i).parent >= 0)
                m_children[m_commands.at(i).parent].append(i);
        }
        if (workingDirectory.startsWith(u'/'))
            m_cwd = PathClassifier::resolve(workingDirectory, {});
    }

    FileEffects read()
    {
        for (int i = 0; i < m_commands.size(); ++i)
            readCommand(i);
        return m_effects;
    }

private:
    void readCommand(int index);
    void readWrites(int index, const Invocation &invocation);
    void readRuns(int index, const Invocation &invocation);
    void readCopy(const QString &name, const QStringList &words);
    void readExtraction(const QString &name, const QStringList &words);
    void readDecompression(const QString &name, const QStringList &words);
    void readGit(const QStringList &words);
    void readMake(const QStringList &words);
    void readPackageManager(const QStringList &words);
    void trackDirectory(const QList<Invocation> &invocations);
    // What an interpreter that reads its program from standard input gets there.
    void stdinCandidates(int index, bool shell);
    // Every file the commands of index's subtree name: one of them may be the code.
    void subtreeCandidates(int index, bool shell);
    void commandCandidates(int index, bool shell);

    // word as an absolute, clean path; empty when only the running line knows it.
    QString resolve(const QString &word) const
    {
        if (word.isEmpty())
            return {};
        QString path = word;
        if (!m_cwd.isEmpty()) {
            for (const QStringView prefix : {QStringView(u"${PWD}"), QStringView(u"$PWD"),
                                             QStringView(u"$(pwd)"), QStringView(u"`pwd`")}) {
                if (path == prefix || path.startsWith(prefix.toString() + u'/')) {
                    path = m_cwd + path.mid(prefix.size());
                    break;
                }
            }
        }
        if (isDynamic(path))
            return {};
        const QString resolved = PathClassifier::resolve(path, m_cwd);
        return resolved.startsWith(u'/') ? resolved : QString();
    }

    void addWrite(const QString &word, const QString &text = {}, bool appends = false,
                  bool folder = false, const QString &from = {})
    {
        const QString path = resolve(word);
        if (path.isEmpty())
            return;
        const QString source = from.isEmpty() ? QString() : resolve(from);
        m_effects.writes.append({path, text, appends, folder, source});
    }

    // The file word names is run as code; the line cannot say which when it is computed.
    void addRun(const QString &word, bool shell)
    {
        if (word.isEmpty())
            return;
        if (isSubstitution(word))
            return; // its commands say what it reads
        if (word == u"{}" || word.startsWith(u"/dev/fd/") || word.startsWith(u"/proc/")) {
            m_effects.runsUnnamed = true;
            return;
        }
        const QString path = resolve(word);
        if (path.isEmpty()) {
            m_effects.runsUnnamed = true;
            return;
        }
        m_effects.runs.append({path, hasGlob(path), shell});
    }

    // A word that may name the code (cat x | sh): run when it is a path, ignored otherwise.
    void addCandidate(const QString &word, bool shell)
    {
        if (word.isEmpty() || word.startsWith(u'-'))
            return;
        const QString path = resolve(word);
        if (!path.isEmpty())
            m_effects.runs.append({path, hasGlob(path), shell});
    }

    void addPathEntries(const QString &value)
    {
        for (const QString &entry : pathValueEntries(value)) {
            if (entry.isEmpty() || entry == u".") {
                if (m_cwd.isEmpty())
                    m_effects.pathEntries.append(QStringLiteral("*"));
                else
                    m_effects.pathEntries.append(m_cwd);
                continue;
            }
            const QString path = resolve(entry);
            m_effects.pathEntries.append(path.isEmpty() ? QStringLiteral("*") : path);
        }
    }

    void addFolder(QStringList &folders, const QString &word)
    {
        const QString path = word.isEmpty() ? m_cwd : resolve(word);
        if (path.isEmpty())
            m_effects.runsUnnamed = true;
        else
            folders.append(path);
    }

    QList<ShellCommand> m_commands;
    QList<QList<int>> m_children;
    QString m_cwd; // where the line is now; empty when unknown
    FileEffects m_effects;
};

void Reader::readCommand(int index)
{
    const ShellCommand &command = m_commands.at(index);
    for (const QString &assignment : command.assignments) {
        if (assignment.startsWith(u"PATH=") || assignment.startsWith(u"PATH+="))
            addPathEntries(assignment.section(u'=', 1));
    }
    for (const ShellRedirection &redirection : command.redirections) {
        if (!redirection.writesFile())
            continue;
        const bool stdoutToFile =
            redirection.op != u"<>" && (redirection.fd < 0 || redirection.fd == 1);
        addWrite(redirection.target,
                 stdoutToFile ? ShellLexer::output(m_commands, index) : QString(),
                 redirection.op.endsWith(u">>"));
    }
    const QList<Invocation> invocations = CommandUnwrapper::invocations(command.words);
    for (const Invocation &invocation : invocations) {
        if (invocation.words.isEmpty())
            continue;
        readWrites(index, invocation);
        readRuns(index, invocation);
    }
    trackDirectory(invocations);
}

void Reader::readWrites(int index, const Invocation &invocation)
{
    const QStringList &words = invocation.words;
    const QString name = CommandUnwrapper::programName(words.first());
    if (name == u"export" || name == u"declare" || name == u"typeset" || name == u"local"
        || name == u"readonly") {
        for (const QString &word : words.mid(1)) {
            if (word.startsWith(u"PATH=") || word.startsWith(u"PATH+="))
                addPathEntries(word.section(u'=', 1));
        }
    } else if (name == u"tee") {
        const CommandOptions options = CommandOptions::parse(words);
        const bool appends = options.has(u'a') || options.hasExactLong(u"append");
        const QString input = ShellLexer::standardInput(m_commands, index);
        for (const QString &operand : options.operands)
            addWrite(operand, input, appends);
    } else if (name == u"cp" || name == u"mv" || name == u"install" || name == u"ln"
               || name == u"rsync") {
        readCopy(name, words);
    } else if (name == u"sed") {
        const CommandOptions options = CommandOptions::parse(
            words,
            {u"efl",
             {QStringLiteral("expression"), QStringLiteral("file"), QStringLiteral("line-length")},
             u"i"});
        // sed's e command runs what it is given: a sed script file is code too.
        for (const QString &script : givenValues(options, u'f', u"file"))
            addRun(script, false);
        if (!options.has(u'i') && !options.hasExactLong(u"in-place"))
            return;
        const bool scriptInOption = !givenValues(options, u'e', u"expression").isEmpty()
            || !givenValues(options, u'f', u"file").isEmpty();
        for (const QString &file : scriptInOption ? options.operands : options.operands.mid(1))
            addWrite(file);
    } else if (name == u"dd") {
        for (const QString &word : words.mid(1)) {
            if (word.startsWith(u"of="))
                addWrite(word.mid(3));
        }
    } else if (name == u"truncate" || name == u"touch") {
        const CommandOptions options = CommandOptions::parse(
            words,
            {name == u"touch" ? u"drt" : u"sr",
             {QStringLiteral("size"), QStringLiteral("reference"), QStringLiteral("date")}});
        for (const QString &operand : options.operands)
            addWrite(operand);
    } else if (name == u"chmod") {
        // chmod +x x.sh: made runnable, as good as written for what runs it next.
        static const QRegularExpression optionCluster(QStringLiteral("^-[Rcfv]+$"));
        static const QRegularExpression octal(QStringLiteral("^[0-7]{1,5}$"));
        static const QRegularExpression addsExec(
            QStringLiteral("(^|,)[ugoa]*[-+=]*[+=][rwst]*[xX]"));
        bool recursive = false;
        QString mode;
        QStringList targets;
        for (const QString &word : words.mid(1)) {
            if (word == u"--recursive" || optionCluster.match(word).hasMatch()) {
                recursive = recursive || word.contains(u'R') || word == u"--recursive";
            } else if (word.startsWith(u"--")) {
                continue;
            } else if (mode.isEmpty()) {
                mode = word;
            } else {
                targets.append(word);
            }
        }
        const bool executable = octal.match(mode).hasMatch() ? (mode.toUInt(nullptr, 8) & 0111) != 0
                                                             : addsExec.match(mode).hasMatch();
        if (executable) {
            for (const QString &target : std::as_const(targets))
                addWrite(target, {}, false, recursive);
        }
    } else if (name == u"curl") {
        const CommandOptions options = CommandOptions::parse(
            words,
            {u"AbcCdDeEFHKmoPQrtTuUwxXYyz",
             {QStringLiteral("output"), QStringLiteral("data"), QStringLiteral("header"),
              QStringLiteral("request"), QStringLiteral("user"), QStringLiteral("user-agent"),
              QStringLiteral("url"), QStringLiteral("output-dir"), QStringLiteral("config"),
              QStringLiteral("form"), QStringLiteral("cookie"), QStringLiteral("cookie-jar"),
              QStringLiteral("proxy"), QStringLiteral("max-time"), QStringLiteral("retry")}});
        for (const QString &output : givenValues(options, u'o', u"output")) {
            if (output != u"-")
                addWrite(output);
        }
        const QStringList dirs = givenValues(options, u"output-dir");
        const QString dir = dirs.isEmpty() ? QString() : dirs.last() + u'/';
        if (options.has(u'O') || options.hasExactLong(u"remote-name")
            || options.hasExactLong(u"remote-name-all")) {
            for (const QString &url : options.operands + givenValues(options, u"url")) {
                const QString file = baseName(url.section(u'?', 0, 0).section(u'#', 0, 0));
                addWrite(dir + (file.isEmpty() ? QStringLiteral("index.html") : file));
            }
        }
    } else if (name == u"wget") {
        const CommandOptions options = CommandOptions::parse(
            words,
            {u"OoaPetTwiUYQlABD",
             {QStringLiteral("output-document"), QStringLiteral("directory-prefix"),
              QStringLiteral("output-file"), QStringLiteral("append-output"),
              QStringLiteral("input-file"), QStringLiteral("user-agent"),
              QStringLiteral("header")}});
        const QStringList documents = givenValues(options, u'O', u"output-document");
        for (const QString &document : documents) {
            if (document != u"-")
                addWrite(document);
        }
        const QStringList prefixes = givenValues(options, u'P', u"directory-prefix");
        if (!prefixes.isEmpty()) {
            addWrite(prefixes.last(), {}, false, true);
        } else if (documents.isEmpty()) {
            for (const QString &url : options.operands) {
                const QString file = baseName(url.section(u'?', 0, 0).section(u'#', 0, 0));
                addWrite(file.isEmpty() ? QStringLiteral("index.html") : file);
            }
        }
    } else if (name == u"openssl") {
        for (qsizetype i = 1; i + 1 < words.size(); ++i) {
            if (words.at(i) == u"-out")
                addWrite(words.at(i + 1));
        }
    } else if (name == u"xxd") {
        // xxd -r [-p] in out
        const CommandOptions options = CommandOptions::parse(words, {u"cglosn"});
        if (options.has(u'r') && options.operands.size() >= 2)
            addWrite(options.operands.at(1));
    } else if (name == u"uudecode") {
        const CommandOptions options = CommandOptions::parse(words, {u"o"});
        const QStringList outputs = givenValues(options, u'o');
        if (outputs.isEmpty())
            addWrite(QStringLiteral("."), {}, false, true); // the name is inside the input
        else
            addWrite(outputs.last());
    } else {
        readDecompression(name, words);
        readExtraction(name, words);
    }
}

// gunzip x.sh.gz writes x.sh.
void Reader::readDecompression(const QString &name, const QStringList &words)
{
    struct Tool
    {
        QStringView compressor;
        QStringView decompressor;
        QStringList suffixes;
    };
    static const QList<Tool> tools = {
        {u"gzip", u"gunzip", {QStringLiteral(".gz"), QStringLiteral(".z"), QStringLiteral(".tgz")}},
        {u"pigz", u"unpigz", {QStringLiteral(".gz"), QStringLiteral(".z"), QStringLiteral(".tgz")}},
        {u"bzip2", u"bunzip2", {QStringLiteral(".bz2"), QStringLiteral(".tbz2")}},
        {u"xz", u"unxz", {QStringLiteral(".xz"), QStringLiteral(".txz")}},
        {u"lzma", u"unlzma", {QStringLiteral(".lzma")}},
        {u"zstd", u"unzstd", {QStringLiteral(".zst"), QStringLiteral(".tzst")}},
        {u"lz4", u"unlz4", {QStringLiteral(".lz4")}},
    };
    for (const Tool &tool : tools) {
        if (name != tool.compressor && name != tool.decompressor)
            continue;
        const CommandOptions options =
            CommandOptions::parse(words, {u"oSb", {QStringLiteral("suffix")}});
        const bool decompresses = name == tool.decompressor || options.has(u'd')
            || options.hasExactLong(u"decompress") || options.hasExactLong(u"uncompress");
        if (!decompresses || options.has(u'c') || options.hasExactLong(u"stdout"))
            return;
        for (const QString &output : givenValues(options, u'o'))
            addWrite(output);
        for (const QString &operand : options.operands) {
            for (const QString &suffix : tool.suffixes) {
                if (operand.endsWith(suffix) && operand.size() > suffix.size()) {
                    const QString base = operand.chopped(suffix.size());
                    addWrite(suffix.startsWith(u".t") && suffix.size() > 3
                                 ? base + QStringLiteral(".tar")
                                 : base);
                }
            }
        }
        return;
    }
}

void Reader::readCopy(const QString &name, const QStringList &words)
{
    CommandOptions::Spec spec{
        u"tS", {QStringLiteral("target-directory"), QStringLiteral("suffix")}, {}};
    if (name == u"install") {
        spec.shortWithValue = u"tSmog";
        spec.longWithValue << QStringLiteral("mode") << QStringLiteral("owner")
                           << QStringLiteral("group");
    } else if (name == u"rsync") {
        spec.shortWithValue = u"efBTM";
        spec.longWithValue << QStringLiteral("exclude") << QStringLiteral("include")
                           << QStringLiteral("exclude-from") << QStringLiteral("include-from")
                           << QStringLiteral("files-from") << QStringLiteral("filter")
                           << QStringLiteral("rsh") << QStringLiteral("rsync-path")
                           << QStringLiteral("temp-dir") << QStringLiteral("backup-dir")
                           << QStringLiteral("chmod") << QStringLiteral("chown")
                           << QStringLiteral("log-file") << QStringLiteral("partial-dir");
    }
    const CommandOptions options = CommandOptions::parse(words, spec);
    QStringList destinations = givenValues(options, u't', u"target-directory");
    QStringList sources = options.operands;
    if (name == u"install" && options.has(u'd'))
        return; // install -d only makes directories
    if (destinations.isEmpty() && sources.size() >= 2)
        destinations.append(sources.takeLast());
    if (name == u"ln" && destinations.isEmpty() && sources.size() == 1) {
        // ln -s /path/x: the link is ./x.
        destinations.append(baseName(sources.first()));
    }
    const bool recursive = name == u"rsync"
        ? (options.has(u'r') || options.has(u'a') || options.hasExactLong(u"recursive")
           || options.hasExactLong(u"archive"))
        : name == u"cp"
            && (options.has(u'r') || options.has(u'R') || options.has(u'a')
                || options.hasExactLong(u"recursive") || options.hasExactLong(u"archive"));
    const auto isRemote = [&name](const QString &operand) {
        return name == u"rsync" && operand.contains(u':') && !operand.startsWith(u'/');
    };
    for (const QString &destination : std::as_const(destinations)) {
        if (isRemote(destination))
            continue;
        if (sources.isEmpty())
            addWrite(destination, {}, false, recursive);
        for (const QString &source : std::as_const(sources)) {
            const QString from = isRemote(source) ? QString() : source;
            // The destination is the copy, or a folder the copy goes into.
            addWrite(destination, {}, false, recursive, from);
            const QString sourceName = baseName(source);
            if (!sourceName.isEmpty())
                addWrite(destination + u'/' + sourceName, {}, false, recursive, from);
        }
    }
}

void Reader::readExtraction(const QString &name, const QStringList &words)
{
    if (name == u"tar" || name == u"gtar" || name == u"bsdtar") {
        QStringList normalized = words;
        // Old style: tar xzf a.tgz
        if (normalized.size() > 1 && !normalized.at(1).startsWith(u'-'))
            normalized[1].prepend(u'-');
        const CommandOptions options =
            CommandOptions::parse(normalized,
                                  {u"fCbHKLNTVXg",
                                   {QStringLiteral("file"), QStringLiteral("directory"),
                                    QStringLiteral("exclude"), QStringLiteral("files-from")}});
        const bool extracts =
            options.has(u'x') || options.hasExactLong(u"extract") || options.hasExactLong(u"get");
        if (!extracts)
            return;
        const QStringList dirs = givenValues(options, u'C', u"directory");
        addWrite(dirs.isEmpty() ? QStringLiteral(".") : dirs.last(), {}, false, true);
    } else if (name == u"unzip" || name == u"bsdunzip") {
        const CommandOptions options = CommandOptions::parse(words, {u"dP"});
        const QStringList dirs = givenValues(options, u'd');
        addWrite(dirs.isEmpty() ? QStringLiteral(".") : dirs.last(), {}, false, true);
    } else if (name == u"7z" || name == u"7za" || name == u"7zr") {
        const QString verb = words.value(1);
        if (verb != u"x" && verb != u"e")
            return;
        QString dir = QStringLiteral(".");
        for (const QString &word : words.mid(2)) {
            if (word.startsWith(u"-o") && word.size() > 2)
                dir = word.mid(2);
        }
        addWrite(dir, {}, false, true);
    } else if (name == u"cpio") {
        const CommandOptions options =
            CommandOptions::parse(words, {u"DEFHIMORs", {QStringLiteral("directory")}});
        if (options.has(u'i') || options.hasExactLong(u"extract")) {
            const QStringList dirs = givenValues(options, u'D', u"directory");
            addWrite(dirs.isEmpty() ? QStringLiteral(".") : dirs.last(), {}, false, true);
        }
    } else if (name == u"patch") {
        const CommandOptions options =
            CommandOptions::parse(words,
                                  {u"dipoBrDFVYzgx",
                                   {QStringLiteral("directory"), QStringLiteral("input"),
                                    QStringLiteral("output"), QStringLiteral("strip")}});
        const QStringList dirs = givenValues(options, u'd', u"directory");
        addWrite(dirs.isEmpty() ? QStringLiteral(".") : dirs.last(), {}, false, true);
    } else if (name == u"git") {
        readGit(words);
    }
}

void Reader::readGit(const QStringList &words)
{
    // Global options before the subcommand.
    QString directory;
    qsizetype i = 1;
    while (i < words.size() && words.at(i).startsWith(u'-')) {
        const QString &w = words.at(i);
        if (w == u"-C" && i + 1 < words.size()) {
            directory = directory.isEmpty() ? words.at(i + 1) : directory + u'/' + words.at(i + 1);
            i += 2;
        } else if (w == u"-c" || w == u"--git-dir" || w == u"--work-tree" || w == u"--namespace") {
            i += 2;
        } else {
            ++i;
        }
    }
    const QString prefix = directory.isEmpty() ? QString() : directory + u'/';
    const QString verb = words.value(i);
    const QStringList rest = words.mid(i + 1);
    if (verb == u"clone") {
        const CommandOptions options = CommandOptions::parse(
            rest,
            {u"obujc",
             {QStringLiteral("origin"), QStringLiteral("branch"), QStringLiteral("upload-pack"),
              QStringLiteral("template"), QStringLiteral("config"), QStringLiteral("depth"),
              QStringLiteral("reference"), QStringLiteral("separate-git-dir")},
             {},
             0});
        if (options.operands.size() >= 2) {
            addWrite(prefix + options.operands.at(1), {}, false, true);
        } else if (!options.operands.isEmpty()) {
            QString name = baseName(options.operands.first().section(u':', -1));
            if (name.endsWith(QLatin1String(".git")))
                name.chop(4);
            if (!name.isEmpty())
                addWrite(prefix + name, {}, false, true);
        }
    } else if (verb == u"apply" || verb == u"am" || verb == u"pull") {
        addWrite(prefix.isEmpty() ? QStringLiteral(".") : prefix, {}, false, true);
    } else if (verb == u"config") {
        // Only keys that make git run something: git config user.email is no code.
        const CommandOptions options = CommandOptions::parse(
            rest, {u"f", {QStringLiteral("file"), QStringLiteral("blob")}, {}, 0});
        const bool edits = options.has(u'e') || options.hasExactLong(u"edit");
        const QString key = options.operands.value(0);
        const bool setsCode = edits || (options.operands.size() >= 2 && isCodeConfigKey(key));
        if (!setsCode)
            return;
        const QStringList files = givenValues(options, u'f', u"file");
        if (!files.isEmpty())
            addWrite(prefix + files.last());
        else if (options.hasExactLong(u"global"))
            addWrite(ShellLexer::homeMarker() + QStringLiteral("/.gitconfig"));
        else
            addWrite(prefix + QStringLiteral(".git/config"));
    }
}

void Reader::readRuns(int index, const Invocation &invocation)
{
    const QStringList &words = invocation.words;
    const QString &program = words.first();
    const QString name = CommandUnwrapper::programName(program);

    // ./x, /workspace/x, bin/x; x alone is looked up in PATH.
    if (program == u"{}") {
        m_effects.runsUnnamed = true;
    } else if (program.contains(u'/')) {
        addRun(program, true);
    } else if (isDynamic(program)) {
        if (!isSubstitution(program))
            m_effects.runsUnnamed = true;
    } else {
        m_effects.pathLookups.append(program);
    }

    // The dynamic loader runs the program it is given: /lib64/ld-linux-x86-64.so.2 ./x
    static const QRegularExpression loader(
        QStringLiteral(R"(^ld(-linux[-\w.]*)?\.so(\.[0-9]+)*$)"));
    if (loader.match(name).hasMatch()) {
        for (const QString &word : words.mid(1)) {
            if (!word.startsWith(u'-')) {
                addRun(word, false);
                break;
            }
        }
    }

    if (name == u"make" || name == u"gmake") {
        readMake(words);
        return;
    }
    if (name == u"npm" || name == u"npx" || name == u"yarn" || name == u"pnpm"
        || name == u"corepack") {
        readPackageManager(words);
        return;
    }
    if (name == u"git") {
        QString directory;
        for (qsizetype i = 1; i + 1 < words.size() && words.at(i).startsWith(u'-'); ++i) {
            if (words.at(i) == u"-C")
                directory =
                    directory.isEmpty() ? words.at(i + 1) : directory + u'/' + words.at(i + 1);
        }
        addFolder(m_effects.gitFolders, directory);
        return;
    }

    const InterpreterArgs args = InterpreterArgs::parse(words);
    if (!args.isInterpreter())
        return;
    using Kind = InterpreterArgs::Kind;
    const bool shell =
        args.kind == Kind::Shell || args.kind == Kind::Source || args.kind == Kind::Eval;
    QString scriptFolder;
    if (invocation.via == Via::Xargs) {
        // xargs sh: the script is named by what xargs reads.
        const int before = int(m_effects.runs.size());
        stdinCandidates(index, shell);
        if (m_effects.runs.size() == before)
            m_effects.runsUnnamed = true;
    } else if (args.scriptWord >= 0) {
        const QString &script = words.at(args.scriptWord);
        addRun(script, shell);
        const QString path = resolve(script);
        scriptFolder = path.isEmpty() ? QString() : folderOf(path);
    } else if (args.readsStdin) {
        stdinCandidates(index, shell);
    }
    // sh -c "$(cat x)", bash <(cat x), eval "$(cat x)", python3 -c "$(cat x)"
    for (const int child : m_children.at(index)) {
        const ShellCommand &sub = m_commands.at(child);
        if (sub.origin != ShellCommand::Origin::CommandSubstitution
            && sub.origin != ShellCommand::Origin::ProcessSubstitution)
            continue;
        const int word = sub.parentWord - invocation.offset;
        const bool feedsCode = args.codeWords.contains(word) || word == args.scriptWord
            || (sub.parentWord < 0 && args.readsStdin);
        if (feedsCode)
            subtreeCandidates(child, shell);
    }
    for (const QString &code : args.code) {
        for (const QString &path : inlineWrites(code, args.kind))
            addWrite(path);
        // exec(open('x').read()), do 'x.pl', require('./x'): a file inline code names may be
        // the code it runs.
        if (!shell) {
            static const QRegularExpression literal(
                QStringLiteral(R"re('([^'\n]{1,256})'|"([^"\n]{1,256})")re"));
            for (auto it = literal.globalMatch(code); it.hasNext();) {
                const QRegularExpressionMatch m = it.next();
                const QString text = m.captured(1).isNull() ? m.captured(2) : m.captured(1);
                addCandidate(text, false);
                if (args.kind == Kind::Node)
                    addCandidate(text + QStringLiteral(".js"), false);
            }
        }
    }
    // Python imports from the script's folder, or from where it runs; node looks for
    // node_modules there and above.
    if (args.kind == Kind::Python)
        addFolder(m_effects.pythonFolders, scriptFolder);
    else if (args.kind == Kind::Node)
        addFolder(m_effects.nodeFolders, scriptFolder);
}

void Reader::readMake(const QStringList &words)
{
    const CommandOptions options = CommandOptions::parse(
        words,
        {u"CfIjlWo",
         {QStringLiteral("directory"), QStringLiteral("file"), QStringLiteral("makefile"),
          QStringLiteral("include-dir"), QStringLiteral("jobs")}});
    const QStringList dirs = givenValues(options, u'C', u"directory");
    const QString dir = dirs.isEmpty() ? QString() : dirs.join(u'/') + u'/';
    const QStringList files =
        givenValues(options, u'f', u"file") + givenValues(options, u"makefile");
    if (!files.isEmpty()) {
        for (const QString &file : files)
            addRun(file.startsWith(u'/') ? file : dir + file, false);
        return;
    }
    for (const QStringView makefile : {u"GNUmakefile", u"makefile", u"Makefile"})
        addRun(dir + makefile.toString(), false);
}

void Reader::readPackageManager(const QStringList &words)
{
    const CommandOptions options =
        CommandOptions::parse(words,
                              {u"C",
                               {QStringLiteral("prefix"), QStringLiteral("cwd"),
                                QStringLiteral("dir"), QStringLiteral("cache")}});
    QStringList dirs = givenValues(options, u'C', u"prefix") + givenValues(options, u"cwd")
        + givenValues(options, u"dir");
    const QString dir = dirs.isEmpty() ? QString() : dirs.last();
    // Its scripts (npm test, npm install's lifecycle scripts) and node_modules/.bin are code.
    addRun((dir.isEmpty() ? QString() : dir + u'/') + QStringLiteral("package.json"), false);
    addFolder(m_effects.nodeFolders, dir);
}

void Reader::stdinCandidates(int index, bool shell)
{
    for (const ShellRedirection &redirection : m_commands.at(index).redirections) {
        if ((redirection.op == u"<" || redirection.op == u"<>")
            && (redirection.fd < 0 || redirection.fd == 0))
            addRun(redirection.target, shell);
    }
    int upstream = m_commands.at(index).pipedFrom;
    for (int steps = 0; upstream >= 0 && steps < 64; ++steps) {
        subtreeCandidates(upstream, shell);
        upstream = m_commands.at(upstream).pipedFrom;
    }
}

void Reader::subtreeCandidates(int index, bool shell)
{
    QList<int> pending{index};
    for (int steps = 0; !pending.isEmpty() && steps < 256; ++steps) {
        const int current = pending.takeLast();
        commandCandidates(current, shell);
        pending += m_children.at(current);
    }
}

void Reader::commandCandidates(int index, bool shell)
{
    const ShellCommand &command = m_commands.at(index);
    for (const QString &word : command.words.mid(1))
        addCandidate(word, shell);
    for (const ShellRedirection &redirection : command.redirections) {
        if (redirection.op == u"<" || redirection.op == u"<>")
            addCandidate(redirection.target, shell);
    }
}

// cd dir && ./x.sh: relative paths after it are resolved against dir.
void Reader::trackDirectory(const QList<Invocation> &invocations)
{
    if (invocations.size() != 1)
        return;
    const QStringList &words = invocations.first().words;
    const QString name = CommandUnwrapper::programName(words.first());
    if (name != u"cd" && name != u"pushd" && name != u"popd")
        return;
    QString target = ShellLexer::homeMarker();
    for (const QString &w : words.mid(1)) {
        if (w == u"-" || !w.startsWith(u'-')) {
            target = w;
            break;
        }
    }
    if (name == u"popd" || target == u"-") {
        m_cwd.clear();
        return;
    }
    m_cwd = resolve(target);
}

} // namespace

FileEffects FileEffects::of(const QString &command, const QString &workingDirectory)
{
    return Reader(command, workingDirectory).read();
}

bool FileEffects::gitConfigRunsCode(const QString &configText)
{
    // [section "subsection"] then key = value; keys and sections are case-insensitive.
    static const QRegularExpression header(
        QStringLiteral(R"re(^\s*\[\s*([^\]\s"]+)(?:\s+"([^"]*)")?\s*\])re"));
    static const QRegularExpression entry(QStringLiteral(R"(^\s*([A-Za-z][-A-Za-z0-9]*)\s*(=|$))"));
    QString section;
    for (const QString &line : configText.split(u'\n')) {
        if (const QRegularExpressionMatch m = header.match(line); m.hasMatch()) {
            section = m.captured(1);
            if (!m.captured(2).isEmpty())
                section += u'.' + m.captured(2);
            continue;
        }
        const QRegularExpressionMatch m = entry.match(line);
        if (m.hasMatch() && isCodeConfigKey(section + u'.' + m.captured(1)))
            return true;
    }
    return false;
}

} // namespace Terrarium::Core
