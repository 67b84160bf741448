#include "core/safety/SafetyRules.h"

#include "core/CoreTr.h"
#include "core/safety/CommandUnwrapper.h"
#include "core/safety/InterpreterArgs_p.h"
#include "core/safety/PathClassifier_p.h"
#include "core/safety/ShellLexer.h"
#include "core/safety/SqlScanner_p.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>

namespace Terrarium::Core {

namespace {

using Invocation = CommandUnwrapper::Invocation;
using Via = CommandUnwrapper::Via;
using PathKind = PathClassifier::Kind;

enum class Level { None, Medium, High, Critical };

enum class Rule {
    RootDelete,
    HomeDelete,
    SystemPathDelete,
    SystemFileDelete,
    RecursiveDelete,
    SecureErase,
    DiskWipe,
    PartitionTable,
    Mkfs,
    DdDevice,
    DeviceWrite,
    SystemFileWrite,
    WorldWritableChmod,
    SetuidChmod,
    SystemPermissionChange,
    ChownRoot,
    RecursiveChown,
    ServiceStop,
    SystemShutdown,
    KillAll,
    ForkBomb,
    RemoteCode,
    ObfuscatedCode,
    FindDelete,
    XargsDelete,
    SqlDrop,
    SqlTruncate,
    SqlDeleteAll,
    GitForcePush,
    GitResetHard,
    GitClean,
    TooComplex,
};

QString ruleId(Rule rule)
{
    switch (rule) {
    case Rule::RootDelete:
        return QStringLiteral("root-delete");
    case Rule::HomeDelete:
        return QStringLiteral("home-delete");
    case Rule::SystemPathDelete:
        return QStringLiteral("system-path-delete");
    case Rule::SystemFileDelete:
        return QStringLiteral("system-file-delete");
    case Rule::RecursiveDelete:
        return QStringLiteral("recursive-delete");
    case Rule::SecureErase:
        return QStringLiteral("secure-erase");
    case Rule::DiskWipe:
        return QStringLiteral("disk-wipe");
    case Rule::PartitionTable:
        return QStringLiteral("partition-table");
    case Rule::Mkfs:
        return QStringLiteral("mkfs");
    case Rule::DdDevice:
        return QStringLiteral("dd-device");
    case Rule::DeviceWrite:
        return QStringLiteral("device-write");
    case Rule::SystemFileWrite:
        return QStringLiteral("system-file-write");
    case Rule::WorldWritableChmod:
        return QStringLiteral("world-writable-chmod");
    case Rule::SetuidChmod:
        return QStringLiteral("setuid-chmod");
    case Rule::SystemPermissionChange:
        return QStringLiteral("system-permission-change");
    case Rule::ChownRoot:
        return QStringLiteral("chown-root");
    case Rule::RecursiveChown:
        return QStringLiteral("recursive-chown");
    case Rule::ServiceStop:
        return QStringLiteral("service-stop");
    case Rule::SystemShutdown:
        return QStringLiteral("system-shutdown");
    case Rule::KillAll:
        return QStringLiteral("kill-all");
    case Rule::ForkBomb:
        return QStringLiteral("fork-bomb");
    case Rule::RemoteCode:
        return QStringLiteral("remote-code");
    case Rule::ObfuscatedCode:
        return QStringLiteral("obfuscated-code");
    case Rule::FindDelete:
        return QStringLiteral("find-delete");
    case Rule::XargsDelete:
        return QStringLiteral("xargs-delete");
    case Rule::SqlDrop:
        return QStringLiteral("sql-drop");
    case Rule::SqlTruncate:
        return QStringLiteral("sql-truncate");
    case Rule::SqlDeleteAll:
        return QStringLiteral("sql-delete-all");
    case Rule::GitForcePush:
        return QStringLiteral("git-force-push");
    case Rule::GitResetHard:
        return QStringLiteral("git-reset-hard");
    case Rule::GitClean:
        return QStringLiteral("git-clean");
    case Rule::TooComplex:
        return QStringLiteral("too-complex");
    }
    return {};
}

QString ruleReason(Rule rule)
{
    switch (rule) {
    case Rule::RootDelete:
        return Tr::tr("Deletes the root file system (rm /)");
    case Rule::HomeDelete:
        return Tr::tr("Deletes or replaces the whole home directory");
    case Rule::SystemPathDelete:
        return Tr::tr("Deletes a system directory such as /etc, /usr or /var");
    case Rule::SystemFileDelete:
        return Tr::tr("Deletes or moves files inside a system directory");
    case Rule::RecursiveDelete:
        return Tr::tr("Deletes files recursively (rm -r)");
    case Rule::SecureErase:
        return Tr::tr("Overwrites files so they cannot be recovered (shred)");
    case Rule::DiskWipe:
        return Tr::tr("Wipes a disk or its file system signatures");
    case Rule::PartitionTable:
        return Tr::tr("Changes a disk's partition table");
    case Rule::Mkfs:
        return Tr::tr("Formats a file system (mkfs)");
    case Rule::DdDevice:
        return Tr::tr("Writes raw data to a disk device with dd");
    case Rule::DeviceWrite:
        return Tr::tr("Writes directly to a disk device");
    case Rule::SystemFileWrite:
        return Tr::tr("Writes to system files (/etc, /boot, /usr, ...)");
    case Rule::WorldWritableChmod:
        return Tr::tr("Makes files writable by every user (chmod 777 / o+w)");
    case Rule::SetuidChmod:
        return Tr::tr("Sets the setuid or setgid bit");
    case Rule::SystemPermissionChange:
        return Tr::tr("Recursively changes permissions or owners of / or a system directory");
    case Rule::ChownRoot:
        return Tr::tr("Gives files to root (chown root)");
    case Rule::RecursiveChown:
        return Tr::tr("Changes owners recursively (chown -R)");
    case Rule::ServiceStop:
        return Tr::tr("Stops, disables or masks a system service");
    case Rule::SystemShutdown:
        return Tr::tr("Shuts down or reboots the system");
    case Rule::KillAll:
        return Tr::tr("Kills every process, or init");
    case Rule::ForkBomb:
        return Tr::tr("Fork bomb: starts processes until the system runs out");
    case Rule::RemoteCode:
        return Tr::tr("Runs code downloaded from the network (curl | sh)");
    case Rule::ObfuscatedCode:
        return Tr::tr("Runs encoded or obfuscated code (base64 -d | sh)");
    case Rule::FindDelete:
        return Tr::tr("Deletes whatever find matches (find -delete / -exec rm)");
    case Rule::XargsDelete:
        return Tr::tr("Deletes files named on standard input (xargs rm)");
    case Rule::SqlDrop:
        return Tr::tr("Drops a database, schema or table (SQL DROP)");
    case Rule::SqlTruncate:
        return Tr::tr("Empties a table (SQL TRUNCATE)");
    case Rule::SqlDeleteAll:
        return Tr::tr("Deletes every row of a table (SQL DELETE without WHERE)");
    case Rule::GitForcePush:
        return Tr::tr("Overwrites the remote's history (git push --force)");
    case Rule::GitResetHard:
        return Tr::tr("Throws away uncommitted changes (git reset --hard)");
    case Rule::GitClean:
        return Tr::tr("Deletes untracked files (git clean -f)");
    case Rule::TooComplex:
        return Tr::tr("Nests or expands too deeply to be checked completely");
    }
    return {};
}

Level defaultLevel(Rule rule)
{
    switch (rule) {
    case Rule::RootDelete:
    case Rule::HomeDelete:
    case Rule::SystemPathDelete:
    case Rule::DiskWipe:
    case Rule::PartitionTable:
    case Rule::Mkfs:
    case Rule::DdDevice:
    case Rule::DeviceWrite:
    case Rule::SystemPermissionChange:
    case Rule::KillAll:
    case Rule::ForkBomb:
        return Level::Critical;
    case Rule::RecursiveChown:
    case Rule::GitForcePush:
    case Rule::GitResetHard:
    case Rule::GitClean:
    case Rule::WorldWritableChmod: // raised to high when recursive or on a system path
        return Level::Medium;
    default:
        return Level::High;
    }
}

QString levelName(Level level)
{
    switch (level) {
    case Level::None:
        return {};
    case Level::Medium:
        return QStringLiteral("medium");
    case Level::High:
        return QStringLiteral("high");
    case Level::Critical:
        return QStringLiteral("critical");
    }
    return {};
}

// GNU-style options of one invocation: short clusters (-rf), long options with "=" or the
// next word as value, operands (everything after "--" too). Options may follow operands.
struct Args
{
    QString shortFlags;
    QHash<QChar, QStringList> shortValues;
    QHash<QString, QStringList> longs;
    QStringList operands;

    bool has(QChar flag) const { return shortFlags.contains(flag); }
    // Exact name or an abbreviation of at least three letters, as getopt_long accepts.
    bool hasLong(QStringView name) const
    {
        for (auto it = longs.cbegin(); it != longs.cend(); ++it) {
            if (it.key() == name || (it.key().size() >= 3 && name.startsWith(it.key())))
                return true;
        }
        return false;
    }
    QStringList longValues(QStringView name) const
    {
        QStringList values;
        for (auto it = longs.cbegin(); it != longs.cend(); ++it) {
            if (it.key() == name || (it.key().size() >= 3 && name.startsWith(it.key())))
                values += it.value();
        }
        return values;
    }
    QStringList values(QChar flag) const { return shortValues.value(flag); }
};

struct OptionSpec
{
    QStringView shortWithValue; // value attached or in the next word
    QStringList longWithValue; // value in the next word when written without "="
    QStringView shortRest; // value only attached (mysql -pSECRET)
};

Args parseArgs(const QStringList &words, const OptionSpec &spec = {})
{
    Args args;
    bool endOfOptions = false;
    for (qsizetype i = 1; i < words.size(); ++i) {
        const QString &w = words.at(i);
        if (endOfOptions || w == u"-" || !w.startsWith(u'-')) {
            args.operands.append(w);
            continue;
        }
        if (w == u"--") {
            endOfOptions = true;
            continue;
        }
        if (w.startsWith(u"--")) {
            const QString name = w.mid(2).section(u'=', 0, 0);
            QString value;
            if (w.contains(u'='))
                value = w.section(u'=', 1);
            else if (spec.longWithValue.contains(name) && i + 1 < words.size())
                value = words.at(++i);
            args.longs[name].append(value);
            continue;
        }
        for (qsizetype j = 1; j < w.size(); ++j) {
            const QChar flag = w.at(j);
            args.shortFlags.append(flag);
            if (spec.shortRest.contains(flag))
                break;
            if (spec.shortWithValue.contains(flag)) {
                QString value;
                if (j + 1 < w.size())
                    value = w.mid(j + 1);
                else if (i + 1 < words.size())
                    value = words.at(++i);
                args.shortValues[flag].append(value);
                break;
            }
        }
    }
    return args;
}

bool isDeleter(const QString &name)
{
    return name == u"rm" || name == u"unlink" || name == u"shred" || name == u"srm";
}

bool isDownloader(const QString &name)
{
    static const QStringList names = {
        QStringLiteral("curl"),        QStringLiteral("wget"),  QStringLiteral("fetch"),
        QStringLiteral("http"),        QStringLiteral("https"), QStringLiteral("xh"),
        QStringLiteral("lwp-request"), QStringLiteral("GET"),   QStringLiteral("aria2c")};
    return names.contains(name);
}

bool isDecoder(const QStringList &words)
{
    const QString name = CommandUnwrapper::programName(words.first());
    const auto hasAny = [&words](std::initializer_list<QStringView> options) {
        for (const QString &w : words) {
            for (const QStringView option : options) {
                if (w == option)
                    return true;
            }
        }
        return false;
    };
    if (name == u"base64" || name == u"base32" || name == u"basenc")
        return hasAny({u"-d", u"--decode", u"-D"});
    if (name == u"xxd")
        return hasAny({u"-r", u"-revert", u"-rp", u"-pr"});
    if (name == u"openssl")
        return hasAny({u"base64", u"enc"}) && hasAny({u"-d"});
    return name == u"rev" || name == u"uudecode";
}

// True when a pkill/killall pattern would match any process name.
bool matchesEveryProcess(const QString &pattern)
{
    const QRegularExpression re(pattern);
    if (!re.isValid())
        return false;
    static const QStringList samples = {
        QStringLiteral("init"), QStringLiteral("systemd"), QStringLiteral("bash"),
        QStringLiteral("sshd"), QStringLiteral("python3"), QStringLiteral("terrarium-agent"),
        QStringLiteral("Xorg"), QStringLiteral("x")};
    for (const QString &sample : samples) {
        if (!re.match(sample).hasMatch())
            return false;
    }
    return true;
}

struct CodeSources
{
    bool remote = false;
    bool decoded = false;
    CodeSources &operator|=(const CodeSources &other)
    {
        remote = remote || other.remote;
        decoded = decoded || other.decoded;
        return *this;
    }
};

class Assessor
{
public:
    explicit Assessor(const QString &command)
    {
        m_commands = ShellLexer::lex(command, &m_complete);
        m_children.resize(m_commands.size());
        for (int i = 0; i < m_commands.size(); ++i) {
            if (m_commands.at(i).parent >= 0)
                m_children[m_commands.at(i).parent].append(i);
        }
    }

    SafetyAssessment run()
    {
        for (int i = 0; i < m_commands.size(); ++i)
            assessCommand(i);
        // What could not be read cannot be vouched for.
        if (!m_complete)
            flag(Rule::TooComplex);
        SafetyAssessment result;
        result.risk = levelName(m_level);
        result.ruleIds = m_ids;
        result.reasons = m_reasons;
        return result;
    }

private:
    void flag(Rule rule, Level level = Level::None)
    {
        if (level == Level::None)
            level = defaultLevel(rule);
        const QString id = ruleId(rule);
        if (!m_ids.contains(id)) {
            m_ids.append(id);
            m_reasons.append(ruleReason(rule));
        }
        m_level = qMax(m_level, level);
    }

    PathKind kindOf(const QString &path) const
    {
        return PathClassifier::classify(PathClassifier::resolve(path, m_cwd));
    }

    void assessCommand(int index);
    void assessInvocation(const Invocation &invocation, bool findExecDeletes);
    void assessCodeSources(int index, const Invocation &invocation);
    void assessForkBomb(int index, const QList<Invocation> &invocations);
    void trackDirectory(const QList<Invocation> &invocations);

    bool deleteTarget(const QString &path);
    void writeTarget(const QString &path);

    void assessRemove(const QStringList &words, Via via);
    void assessShred(const QStringList &words);
    void assessPartitioning(const QString &name, const QStringList &words);
    void assessDd(const QStringList &words);
    void assessCopy(const QString &name, const QStringList &words);
    void assessSed(const QStringList &words);
    void assessChmod(const QStringList &words);
    void assessChown(const QString &name, const QStringList &words);
    void assessService(const QString &name, const QStringList &words);
    void assessShutdown(const QString &name, const QStringList &words);
    void assessKill(const QString &name, const QStringList &words);
    void assessFind(const QStringList &words, bool execDeletes);
    void assessGit(const QStringList &words);
    void assessSql(int index, const QString &name, const QStringList &words);
    void recordDownloads(const QString &name, const QStringList &words);

    CodeSources sourcesOf(int index) const;
    CodeSources subtreeSources(int index) const;
    CodeSources stdinSources(int index) const;

    QList<ShellCommand> m_commands;
    bool m_complete = true;
    QList<QList<int>> m_children;
    // Working directory after the cd commands seen so far; empty when unknown.
    QString m_cwd;
    // Names of files the line downloads (curl -o x.sh): running them later is remote code.
    QSet<QString> m_downloads;
    QStringList m_ids;
    QStringList m_reasons;
    Level m_level = Level::None;
};

void Assessor::assessCommand(int index)
{
    const ShellCommand &command = m_commands.at(index);
    for (const ShellRedirection &redirection : command.redirections) {
        if (redirection.writesFile())
            writeTarget(redirection.target);
    }
    const QList<Invocation> invocations = CommandUnwrapper::invocations(command.words);
    bool findExecDeletes = false;
    for (const Invocation &invocation : invocations) {
        findExecDeletes = findExecDeletes
            || (invocation.via == Via::FindExec
                && isDeleter(CommandUnwrapper::programName(invocation.words.first())));
    }
    for (const Invocation &invocation : invocations) {
        assessInvocation(invocation, findExecDeletes);
        assessCodeSources(index, invocation);
        assessSql(index, CommandUnwrapper::programName(invocation.words.first()), invocation.words);
    }
    assessForkBomb(index, invocations);
    trackDirectory(invocations);
}

void Assessor::assessInvocation(const Invocation &invocation, bool findExecDeletes)
{
    const QStringList &words = invocation.words;
    const QString name = CommandUnwrapper::programName(words.first());
    if (isDeleter(name)) {
        if (invocation.via == Via::Xargs)
            flag(Rule::XargsDelete);
        else if (invocation.via == Via::FindExec)
            flag(Rule::FindDelete);
    }

    if (name == u"rm" || name == u"unlink") {
        assessRemove(words, invocation.via);
    } else if (name == u"shred" || name == u"srm") {
        assessShred(words);
    } else if (name == u"wipefs") {
        const Args args =
            parseArgs(words, {u"otp", {QStringLiteral("offset"), QStringLiteral("types")}, {}});
        const bool erases =
            args.has(u'a') || args.hasLong(u"all") || args.has(u'o') || args.hasLong(u"offset");
        if (erases && !args.has(u'n') && !args.hasLong(u"no-act") && !args.operands.isEmpty())
            flag(Rule::DiskWipe);
    } else if (name == u"blkdiscard") {
        if (!parseArgs(words, {u"olp", {}, {}}).operands.isEmpty())
            flag(Rule::DiskWipe);
    } else if (name == u"fdisk" || name == u"gdisk" || name == u"cfdisk" || name == u"sfdisk"
               || name == u"sgdisk" || name == u"parted") {
        assessPartitioning(name, words);
    } else if (name.startsWith(u"mkfs") || name == u"mke2fs" || name == u"mkdosfs"
               || name == u"mkntfs" || name == u"mkexfatfs" || name == u"mformat") {
        if (!parseArgs(words).operands.isEmpty())
            flag(Rule::Mkfs);
    } else if (name == u"mkswap") {
        for (const QString &operand : parseArgs(words, {u"LUpe", {}, {}}).operands) {
            if (kindOf(operand) == PathKind::BlockDevice)
                flag(Rule::Mkfs);
        }
    } else if (name == u"dd") {
        assessDd(words);
    } else if (name == u"sudoedit") {
        for (const QString &operand : parseArgs(words, {u"ugCchDprtTUR", {}, {}}).operands)
            writeTarget(operand);
    } else if (name == u"tee") {
        for (const QString &operand : parseArgs(words).operands)
            writeTarget(operand);
    } else if (name == u"cp" || name == u"mv" || name == u"install" || name == u"ln"
               || name == u"rsync") {
        assessCopy(name, words);
    } else if (name == u"sed") {
        assessSed(words);
    } else if (name == u"truncate") {
        const Args args =
            parseArgs(words, {u"sr", {QStringLiteral("size"), QStringLiteral("reference")}, {}});
        for (const QString &operand : args.operands)
            writeTarget(operand);
    } else if (name == u"chmod") {
        assessChmod(words);
    } else if (name == u"chown" || name == u"chgrp") {
        assessChown(name, words);
    } else if (name == u"systemctl" || name == u"service" || name == u"invoke-rc.d"
               || name == u"rc-service" || name == u"update-rc.d"
               || PathClassifier::resolve(words.first(), {}).startsWith(u"/etc/init.d/")) {
        assessService(name, words);
    } else if (name == u"shutdown" || name == u"reboot" || name == u"halt" || name == u"poweroff"
               || name == u"init" || name == u"telinit" || name == u"kexec") {
        assessShutdown(name, words);
    } else if (name == u"kill" || name == u"killall5" || name == u"killall" || name == u"pkill") {
        assessKill(name, words);
    } else if (name == u"find") {
        assessFind(words, findExecDeletes);
    } else if (name == u"git") {
        assessGit(words);
    }
}

bool Assessor::deleteTarget(const QString &path)
{
    switch (kindOf(path)) {
    case PathKind::Ordinary:
        return false;
    case PathKind::Root:
        flag(Rule::RootDelete);
        return true;
    case PathKind::Home:
        flag(Rule::HomeDelete);
        return true;
    case PathKind::SystemDir:
        flag(Rule::SystemPathDelete);
        return true;
    case PathKind::SystemFile:
    case PathKind::BlockDevice:
    case PathKind::PseudoDevice:
        flag(Rule::SystemFileDelete);
        return true;
    }
    return false;
}

void Assessor::writeTarget(const QString &path)
{
    if (path.isEmpty())
        return;
    const QString resolved = PathClassifier::resolve(path, m_cwd);
    if (PathClassifier::classify(resolved) == PathKind::BlockDevice)
        flag(Rule::DeviceWrite);
    else if (resolved == u"/proc/sysrq-trigger")
        flag(Rule::SystemShutdown);
    else if (PathClassifier::isProtectedForWrites(resolved))
        flag(Rule::SystemFileWrite);
}

void Assessor::assessRemove(const QStringList &words, Via via)
{
    const Args args = parseArgs(words);
    const bool recursive = args.has(u'r') || args.has(u'R') || args.hasLong(u"recursive");
    bool specific = false;
    for (const QString &operand : args.operands)
        specific = deleteTarget(operand) || specific;
    if (args.hasLong(u"no-preserve-root")) {
        flag(Rule::RootDelete);
        specific = true;
    }
    // A bare "rm -rf" deletes nothing, unless xargs or find supply the names.
    const bool hasTargets = !args.operands.isEmpty() || via != Via::Direct;
    if (recursive && !specific && hasTargets)
        flag(Rule::RecursiveDelete);
}

void Assessor::assessShred(const QStringList &words)
{
    const Args args = parseArgs(
        words,
        {u"ns",
         {QStringLiteral("iterations"), QStringLiteral("size"), QStringLiteral("random-source")},
         {}});
    for (const QString &operand : args.operands) {
        if (operand == u"-")
            continue;
        if (kindOf(operand) == PathKind::BlockDevice)
            flag(Rule::DiskWipe);
        else
            flag(Rule::SecureErase);
    }
}

void Assessor::assessPartitioning(const QString &name, const QStringList &words)
{
    if (name == u"parted") {
        const Args args = parseArgs(words, {u"a", {QStringLiteral("align")}, {}});
        if (args.has(u'l') || args.hasLong(u"list") || args.operands.isEmpty())
            return;
        // parted DEVICE [commands]: only printing leaves the disk alone.
        static const QRegularExpression readOnly(
            QStringLiteral(
                "^(print|p|help|unit|free|all|list|devices|s|b|[kmgt]i?b|%|cyl|chs|compact)$"),
            QRegularExpression::CaseInsensitiveOption);
        const QStringList commands = args.operands.mid(1);
        bool onlyReads = !commands.isEmpty();
        for (const QString &command : commands)
            onlyReads = onlyReads && readOnly.match(command).hasMatch();
        if (!onlyReads)
            flag(Rule::PartitionTable);
        return;
    }
    if (name == u"sgdisk") {
        const Args args = parseArgs(words, {u"aAbcdhilmnrtuUx", {}, {}});
        bool onlyReads = true;
        for (const QChar option : args.shortFlags)
            onlyReads = onlyReads && QStringView(u"pvOLi").contains(option);
        static const QStringList readLongs = {QStringLiteral("print"), QStringLiteral("verify"),
                                              QStringLiteral("info"), QStringLiteral("print-mbr"),
                                              QStringLiteral("list-types")};
        for (auto it = args.longs.cbegin(); it != args.longs.cend(); ++it)
            onlyReads = onlyReads && readLongs.contains(it.key());
        if (!onlyReads && !args.operands.isEmpty())
            flag(Rule::PartitionTable);
        return;
    }
    const Args args = parseArgs(words, {u"bHSCtwWoNXYO", {}, {}});
    bool lists = args.has(u'l') || args.hasLong(u"list");
    if (name == u"sfdisk") {
        lists = lists || args.has(u'd') || args.has(u's') || args.has(u'V') || args.has(u'J')
            || args.has(u'g') || args.has(u'F') || args.has(u'r') || args.hasLong(u"dump")
            || args.hasLong(u"json") || args.hasLong(u"show-size") || args.hasLong(u"show-geometry")
            || args.hasLong(u"verify") || args.hasLong(u"list-free") || args.hasLong(u"list-types");
    }
    if (!lists && !args.operands.isEmpty())
        flag(Rule::PartitionTable);
}

void Assessor::assessDd(const QStringList &words)
{
    for (const QString &word : words.mid(1)) {
        if (!word.startsWith(u"of="))
            continue;
        const QString target = word.mid(3);
        if (kindOf(target) == PathKind::BlockDevice)
            flag(Rule::DdDevice);
        else
            writeTarget(target);
    }
}

void Assessor::assessCopy(const QString &name, const QStringList &words)
{
    OptionSpec spec{u"tS", {QStringLiteral("target-directory"), QStringLiteral("suffix")}, {}};
    if (name == u"install") {
        spec.shortWithValue = u"tSmog";
        spec.longWithValue << QStringLiteral("mode") << QStringLiteral("owner")
                           << QStringLiteral("group");
    } else if (name == u"rsync") {
        spec.shortWithValue = u"efBTM";
        spec.longWithValue = {QStringLiteral("exclude"),      QStringLiteral("include"),
                              QStringLiteral("exclude-from"), QStringLiteral("include-from"),
                              QStringLiteral("files-from"),   QStringLiteral("filter"),
                              QStringLiteral("rsh"),          QStringLiteral("rsync-path"),
                              QStringLiteral("temp-dir"),     QStringLiteral("compare-dest"),
                              QStringLiteral("copy-dest"),    QStringLiteral("link-dest"),
                              QStringLiteral("backup-dir"),   QStringLiteral("suffix"),
                              QStringLiteral("chmod"),        QStringLiteral("chown"),
                              QStringLiteral("log-file"),     QStringLiteral("password-file"),
                              QStringLiteral("partial-dir"),  QStringLiteral("timeout"),
                              QStringLiteral("bwlimit"),      QStringLiteral("max-size"),
                              QStringLiteral("min-size"),     QStringLiteral("port"),
                              QStringLiteral("out-format"),   QStringLiteral("max-delete")};
    }
    const Args args = parseArgs(words, spec);
    QStringList destinations = args.values(u't') + args.longValues(u"target-directory");
    QStringList sources = args.operands;
    if (name == u"install" && args.has(u'd')) {
        destinations += args.operands; // install -d: every operand is a directory to create
        sources.clear();
    } else if (destinations.isEmpty() && args.operands.size() >= 2) {
        destinations.append(sources.takeLast());
    }
    bool rsyncDeletes = false;
    for (auto it = args.longs.cbegin(); it != args.longs.cend() && name == u"rsync"; ++it)
        rsyncDeletes = rsyncDeletes || it.key().startsWith(u"del");
    for (const QString &destination : std::as_const(destinations)) {
        // host:path is on another machine.
        if (name == u"rsync" && destination.contains(u':') && !destination.startsWith(u'/'))
            continue;
        writeTarget(destination);
        if (rsyncDeletes) {
            // rsync --delete makes the destination a copy of the source: what was there goes.
            switch (kindOf(destination)) {
            case PathKind::Root:
                flag(Rule::RootDelete);
                break;
            case PathKind::Home:
                flag(Rule::HomeDelete);
                break;
            case PathKind::SystemDir:
                flag(Rule::SystemPathDelete);
                break;
            default:
                break;
            }
        }
    }
    if (name == u"mv" || (name == u"rsync" && args.hasLong(u"remove-source-files"))) {
        for (const QString &source : std::as_const(sources))
            deleteTarget(source);
    }
}

void Assessor::assessSed(const QStringList &words)
{
    const Args args = parseArgs(
        words,
        {u"efl",
         {QStringLiteral("expression"), QStringLiteral("file"), QStringLiteral("line-length")},
         {}});
    if (!args.has(u'i') && !args.hasLong(u"in-place"))
        return;
    const bool scriptInOption = args.shortValues.contains(u'e') || args.shortValues.contains(u'f')
        || args.hasLong(u"expression") || args.hasLong(u"file");
    const QStringList files = scriptInOption ? args.operands : args.operands.mid(1);
    for (const QString &file : files)
        writeTarget(file);
}

void Assessor::assessChmod(const QStringList &words)
{
    bool recursive = false;
    bool reference = false;
    bool endOfOptions = false;
    QString mode;
    QStringList targets;
    static const QRegularExpression optionCluster(QStringLiteral("^-[Rcfv]+$"));
    for (const QString &w : words.mid(1)) {
        if (!endOfOptions && w == u"--") {
            endOfOptions = true;
        } else if (!endOfOptions && w.startsWith(u"--")) {
            const QString name = w.mid(2).section(u'=', 0, 0);
            recursive = recursive || QStringView(u"recursive").startsWith(name);
            reference = reference || name == u"reference";
        } else if (!endOfOptions && optionCluster.match(w).hasMatch()) {
            recursive = recursive || w.contains(u'R');
        } else if (mode.isEmpty() && !reference) {
            mode = w; // "-w" is a mode too
        } else {
            targets.append(w);
        }
    }

    bool worldWritable = false;
    bool setuid = false;
    bool setgid = false;
    static const QRegularExpression octal(QStringLiteral("^[0-7]{1,5}$"));
    if (octal.match(mode).hasMatch()) {
        const uint value = mode.toUInt(nullptr, 8);
        worldWritable = value & 02;
        setuid = value & 04000;
        setgid = value & 02000;
    } else {
        static const QRegularExpression clause(QStringLiteral("^([ugoa]*)([-+=].*)$"));
        static const QRegularExpression action(QStringLiteral("([-+=])([rwxXstugo]*)"));
        for (const QString &part : mode.split(u',')) {
            const QRegularExpressionMatch m = clause.match(part);
            if (!m.hasMatch())
                continue;
            const QString who = m.captured(1);
            for (auto it = action.globalMatch(m.captured(2)); it.hasNext();) {
                const QRegularExpressionMatch a = it.next();
                if (a.captured(1) == u"-")
                    continue;
                const QString perms = a.captured(2);
                if (perms.contains(u'w') && (who.contains(u'o') || who.contains(u'a')))
                    worldWritable = true;
                if (perms.contains(u's')) {
                    setuid = setuid || who.isEmpty() || who.contains(u'u') || who.contains(u'a');
                    setgid = setgid || who.isEmpty() || who.contains(u'g') || who.contains(u'a');
                }
            }
        }
    }

    bool systemTarget = false;
    bool wholeSystemTree = false;
    for (const QString &target : std::as_const(targets)) {
        const PathKind kind = kindOf(target);
        systemTarget = systemTarget || kind == PathKind::Root || kind == PathKind::SystemDir
            || kind == PathKind::SystemFile || kind == PathKind::BlockDevice;
        wholeSystemTree = wholeSystemTree || kind == PathKind::Root || kind == PathKind::SystemDir;
    }
    if (worldWritable)
        flag(Rule::WorldWritableChmod, recursive || systemTarget ? Level::High : Level::Medium);
    if (setuid || (setgid && systemTarget))
        flag(Rule::SetuidChmod);
    if (recursive && wholeSystemTree)
        flag(Rule::SystemPermissionChange);
}

void Assessor::assessChown(const QString &name, const QStringList &words)
{
    const Args args = parseArgs(words);
    const bool recursive = args.has(u'R') || args.hasLong(u"recursive");
    QStringList targets = args.operands;
    QString owner;
    if (!args.hasLong(u"reference") && !targets.isEmpty())
        owner = targets.takeFirst();
    bool toRoot = false;
    const auto isRoot = [](const QString &id) {
        return id == u"root" || id == u"0";
    };
    if (name == u"chgrp") {
        toRoot = isRoot(owner);
    } else {
        const QChar separator = owner.contains(u':') ? u':' : u'.';
        toRoot = isRoot(owner.section(separator, 0, 0)) || isRoot(owner.section(separator, 1));
    }
    if (toRoot)
        flag(Rule::ChownRoot);
    else if (recursive)
        flag(Rule::RecursiveChown);
    for (const QString &target : std::as_const(targets)) {
        const PathKind kind = kindOf(target);
        if (recursive && (kind == PathKind::Root || kind == PathKind::SystemDir))
            flag(Rule::SystemPermissionChange);
    }
}

void Assessor::assessService(const QString &name, const QStringList &words)
{
    static const QStringList stopActions = {QStringLiteral("stop"),    QStringLiteral("force-stop"),
                                            QStringLiteral("disable"), QStringLiteral("mask"),
                                            QStringLiteral("kill"),    QStringLiteral("remove")};
    if (name == u"systemctl") {
        const Args args = parseArgs(
            words,
            {u"tspHMn",
             {QStringLiteral("type"), QStringLiteral("state"), QStringLiteral("property"),
              QStringLiteral("host"), QStringLiteral("machine"), QStringLiteral("signal"),
              QStringLiteral("kill-whom"), QStringLiteral("root"), QStringLiteral("job-mode"),
              QStringLiteral("lines"), QStringLiteral("output"), QStringLiteral("what"),
              QStringLiteral("message"), QStringLiteral("when")},
             {}});
        const QString verb = args.operands.value(0);
        static const QStringList stops = {QStringLiteral("stop"),    QStringLiteral("disable"),
                                          QStringLiteral("mask"),    QStringLiteral("kill"),
                                          QStringLiteral("isolate"), QStringLiteral("freeze")};
        static const QStringList power = {
            QStringLiteral("poweroff"),     QStringLiteral("reboot"),
            QStringLiteral("halt"),         QStringLiteral("kexec"),
            QStringLiteral("suspend"),      QStringLiteral("hibernate"),
            QStringLiteral("hybrid-sleep"), QStringLiteral("suspend-then-hibernate"),
            QStringLiteral("rescue"),       QStringLiteral("emergency"),
            QStringLiteral("soft-reboot")};
        if (stops.contains(verb) && args.operands.size() >= 2)
            flag(Rule::ServiceStop);
        else if (power.contains(verb))
            flag(Rule::SystemShutdown);
        return;
    }
    const QStringList operands = parseArgs(words).operands;
    // /etc/init.d/NAME ACTION; service, invoke-rc.d, rc-service and update-rc.d take NAME ACTION.
    const bool initScript = name != u"service" && name != u"invoke-rc.d" && name != u"rc-service"
        && name != u"update-rc.d";
    const QString action = operands.value(initScript ? 0 : 1);
    if (stopActions.contains(action))
        flag(Rule::ServiceStop);
}

void Assessor::assessShutdown(const QString &name, const QStringList &words)
{
    const Args args = parseArgs(words);
    if (args.hasLong(u"help"))
        return;
    if (name == u"shutdown") {
        if (!args.has(u'c'))
            flag(Rule::SystemShutdown);
    } else if (name == u"init" || name == u"telinit") {
        static const QStringList levels = {QStringLiteral("0"), QStringLiteral("6"),
                                           QStringLiteral("1"), QStringLiteral("s"),
                                           QStringLiteral("S")};
        if (levels.contains(args.operands.value(0)))
            flag(Rule::SystemShutdown);
    } else if (name == u"kexec") {
        if (args.has(u'e') || args.hasLong(u"exec"))
            flag(Rule::SystemShutdown);
    } else {
        flag(Rule::SystemShutdown);
    }
}

void Assessor::assessKill(const QString &name, const QStringList &words)
{
    if (name == u"killall5") {
        flag(Rule::KillAll);
        return;
    }
    if (name == u"kill") {
        bool signalGiven = false;
        bool endOfOptions = false;
        QString lastOption;
        QStringList pids;
        for (qsizetype i = 1; i < words.size(); ++i) {
            const QString &w = words.at(i);
            if (!endOfOptions && w == u"--") {
                endOfOptions = true;
            } else if (!endOfOptions && (w == u"-s" || w == u"-n" || w == u"--signal")) {
                signalGiven = true;
                ++i;
            } else if (!endOfOptions
                       && (w == u"-l" || w == u"-L" || w == u"--list" || w == u"--table")) {
                return;
            } else if (!endOfOptions && w.startsWith(u'-') && w.size() > 1 && !signalGiven) {
                signalGiven = true; // -9, -KILL, -SIGTERM
                lastOption = w;
            } else {
                pids.append(w);
            }
        }
        // "kill -1" alone is read as pid -1, the way people mean it.
        if (pids.isEmpty() && lastOption == u"-1")
            pids.append(lastOption);
        if (pids.contains(u"-1") || pids.contains(u"1"))
            flag(Rule::KillAll);
        return;
    }
    // killall / pkill: drop signal options (-9, -KILL, -SIGTERM) that look like flag clusters.
    static const QRegularExpression signalOption(
        QStringLiteral("^-(\\d+|SIG[A-Z0-9+-]+|[A-Z]{2,}[0-9+-]*)$"));
    QStringList filtered;
    for (const QString &w : words) {
        if (!signalOption.match(w).hasMatch())
            filtered.append(w);
    }
    const bool isPkill = name == u"pkill";
    const OptionSpec spec = isPkill
        ? OptionSpec{u"gGPstuUF",
                     {QStringLiteral("signal"), QStringLiteral("euid"), QStringLiteral("uid"),
                      QStringLiteral("pgroup"), QStringLiteral("group"), QStringLiteral("parent"),
                      QStringLiteral("session"), QStringLiteral("terminal"),
                      QStringLiteral("pidfile"), QStringLiteral("ns"), QStringLiteral("nslist")},
                     {}}
        : OptionSpec{u"usoyZn",
                     {QStringLiteral("user"), QStringLiteral("signal"),
                      QStringLiteral("older-than"), QStringLiteral("younger-than"),
                      QStringLiteral("context"), QStringLiteral("ns")},
                     {}};
    const Args args = parseArgs(filtered, spec);
    const bool byOwner = args.has(u'u') || args.hasLong(u"user") || args.hasLong(u"euid")
        || (isPkill
            && (args.has(u'U') || args.has(u'g') || args.has(u'G') || args.has(u's')
                || args.has(u't') || args.hasLong(u"uid")));
    if (args.operands.isEmpty()) {
        if (byOwner)
            flag(Rule::KillAll); // every process of that user
        return;
    }
    const bool regex = isPkill || args.has(u'r') || args.hasLong(u"regexp");
    for (const QString &pattern : args.operands) {
        if ((regex && matchesEveryProcess(pattern)) || (isPkill && args.has(u'v')))
            flag(Rule::KillAll);
    }
}

void Assessor::assessFind(const QStringList &words, bool execDeletes)
{
    // find [-H|-L|-P] [-D x] [-Ox] PATH... EXPRESSION
    qsizetype i = 1;
    while (i < words.size()
           && (words.at(i) == u"-H" || words.at(i) == u"-L" || words.at(i) == u"-P"
               || words.at(i).startsWith(u"-O") || words.at(i) == u"-D")) {
        i += words.at(i) == u"-D" ? 2 : 1;
    }
    QStringList paths;
    for (; i < words.size(); ++i) {
        const QString &w = words.at(i);
        if (w.startsWith(u'-') || w == u"(" || w == u"!" || w == u")" || w == u",")
            break;
        paths.append(w);
    }
    // Actions and global options; any other primary (-name, -type, -mtime...) narrows the match.
    static const QStringList unfiltering = {QStringLiteral("-delete"),
                                            QStringLiteral("-print"),
                                            QStringLiteral("-print0"),
                                            QStringLiteral("-ls"),
                                            QStringLiteral("-prune"),
                                            QStringLiteral("-quit"),
                                            QStringLiteral("-depth"),
                                            QStringLiteral("-xdev"),
                                            QStringLiteral("-mount"),
                                            QStringLiteral("-follow"),
                                            QStringLiteral("-noleaf"),
                                            QStringLiteral("-daystart"),
                                            QStringLiteral("-ignore_readdir_race")};
    static const QStringList unfilteringWithValue = {
        QStringLiteral("-maxdepth"), QStringLiteral("-mindepth"), QStringLiteral("-regextype"),
        QStringLiteral("-printf"),   QStringLiteral("-fprint"),   QStringLiteral("-fls")};
    bool deletes = execDeletes;
    bool filtered = false;
    for (; i < words.size(); ++i) {
        const QString &w = words.at(i);
        if (w == u"-exec" || w == u"-execdir" || w == u"-ok" || w == u"-okdir") {
            while (i + 1 < words.size() && words.at(i + 1) != u";" && words.at(i + 1) != u"+")
                ++i;
            ++i;
        } else if (w == u"-delete") {
            deletes = true;
        } else if (unfilteringWithValue.contains(w)) {
            ++i;
        } else if (w.startsWith(u'-') && !unfiltering.contains(w)) {
            filtered = true;
        }
    }
    if (!deletes)
        return;
    flag(Rule::FindDelete);
    for (const QString &path : std::as_const(paths)) {
        const PathKind kind = kindOf(path);
        if (!filtered) {
            deleteTarget(path); // find DIR -delete empties DIR like rm -rf DIR
        } else if (kind == PathKind::Root || kind == PathKind::SystemDir
                   || kind == PathKind::SystemFile) {
            flag(Rule::SystemFileDelete); // matching files anywhere below a system path
        }
    }
}

void Assessor::assessGit(const QStringList &words)
{
    qsizetype i = 1;
    while (i < words.size() && words.at(i).startsWith(u'-')) {
        const QString &w = words.at(i);
        const bool takesValue = w == u"-C" || w == u"-c" || w == u"--git-dir" || w == u"--work-tree"
            || w == u"--namespace" || w == u"--config-env";
        i += takesValue ? 2 : 1;
    }
    if (i >= words.size())
        return;
    const QString subcommand = words.at(i);
    const QStringList rest = words.mid(i);
    if (subcommand == u"push") {
        const Args args = parseArgs(rest,
                                    {u"o",
                                     {QStringLiteral("repo"), QStringLiteral("receive-pack"),
                                      QStringLiteral("exec"), QStringLiteral("push-option")},
                                     {}});
        bool force = args.has(u'f') || args.hasLong(u"force") || args.hasLong(u"mirror");
        for (auto it = args.longs.cbegin(); it != args.longs.cend(); ++it)
            force = force || it.key().startsWith(u"force-with-lease");
        for (const QString &refspec : args.operands.mid(1))
            force = force || refspec.startsWith(u'+');
        if (force)
            flag(Rule::GitForcePush);
    } else if (subcommand == u"reset") {
        if (parseArgs(rest).hasLong(u"hard"))
            flag(Rule::GitResetHard);
    } else if (subcommand == u"clean") {
        const Args args = parseArgs(rest, {u"e", {QStringLiteral("exclude")}, {}});
        const bool force = args.has(u'f') || args.hasLong(u"force");
        const bool dryRun = args.has(u'n') || args.hasLong(u"dry-run");
        if (force && !dryRun)
            flag(Rule::GitClean);
    }
}

void Assessor::assessSql(int index, const QString &name, const QStringList &words)
{
    QStringList texts;
    bool fromFile = false;
    if (name == u"psql") {
        const Args args = parseArgs(
            words,
            {u"cdfhpUvLoPTFR",
             {QStringLiteral("command"), QStringLiteral("dbname"), QStringLiteral("file"),
              QStringLiteral("host"), QStringLiteral("port"), QStringLiteral("username"),
              QStringLiteral("set"), QStringLiteral("variable"), QStringLiteral("log-file"),
              QStringLiteral("output"), QStringLiteral("pset")},
             {}});
        texts = args.values(u'c') + args.longValues(u"command");
        fromFile = args.shortValues.contains(u'f') || args.hasLong(u"file");
    } else if (name == u"mysql" || name == u"mariadb") {
        const Args args = parseArgs(
            words,
            {u"uhPDSe",
             {QStringLiteral("execute"), QStringLiteral("user"), QStringLiteral("host"),
              QStringLiteral("port"), QStringLiteral("database"), QStringLiteral("socket")},
             u"p"});
        texts = args.values(u'e') + args.longValues(u"execute");
    } else if (name == u"sqlite3" || name == u"sqlite" || name == u"duckdb") {
        static const QStringList withValue = {
            QStringLiteral("init"),    QStringLiteral("separator"), QStringLiteral("nullvalue"),
            QStringLiteral("newline"), QStringLiteral("vfs"),       QStringLiteral("mmap"),
            QStringLiteral("maxsize"), QStringLiteral("heap"),      QStringLiteral("pagecache")};
        QStringList operands;
        for (qsizetype i = 1; i < words.size(); ++i) {
            const QString &w = words.at(i);
            if (!w.startsWith(u'-') || w.size() < 2) {
                operands.append(w);
                continue;
            }
            const QString option = w.startsWith(u"--") ? w.mid(2) : w.mid(1);
            const bool sqlOption =
                option == u"cmd" || (name == u"duckdb" && (option == u"c" || option == u"s"));
            if (sqlOption && i + 1 < words.size())
                texts.append(words.at(++i));
            else if (option == u"lookaside")
                i += 2;
            else if (withValue.contains(option))
                ++i;
        }
        texts += operands.mid(1); // the first operand is the database file
    } else if (name == u"clickhouse-client") {
        const Args args =
            parseArgs(words,
                      {u"qhudp",
                       {QStringLiteral("query"), QStringLiteral("host"), QStringLiteral("user"),
                        QStringLiteral("database"), QStringLiteral("password")},
                       {}});
        texts = args.values(u'q') + args.longValues(u"query");
    } else {
        return;
    }
    if (texts.isEmpty() && !fromFile) {
        const QString input = ShellLexer::standardInput(m_commands, index);
        if (!input.isNull())
            texts.append(input);
    }
    for (const QString &text : std::as_const(texts)) {
        for (const SqlScanner::Finding finding : SqlScanner::scan(text)) {
            switch (finding) {
            case SqlScanner::Finding::Drop:
                flag(Rule::SqlDrop);
                break;
            case SqlScanner::Finding::Truncate:
                flag(Rule::SqlTruncate);
                break;
            case SqlScanner::Finding::DeleteAll:
                flag(Rule::SqlDeleteAll);
                break;
            }
        }
    }
}

CodeSources Assessor::sourcesOf(int index) const
{
    CodeSources sources;
    for (const Invocation &invocation : CommandUnwrapper::invocations(m_commands.at(index).words)) {
        sources.remote =
            sources.remote || isDownloader(CommandUnwrapper::programName(invocation.words.first()));
        sources.decoded = sources.decoded || isDecoder(invocation.words);
    }
    return sources;
}

CodeSources Assessor::subtreeSources(int index) const
{
    CodeSources sources;
    QList<int> pending{index};
    while (!pending.isEmpty()) {
        const int current = pending.takeLast();
        sources |= sourcesOf(current);
        pending += m_children.at(current);
    }
    return sources;
}

// Where the program of an interpreter that reads stdin comes from: the commands piped into it
// (with their substitutions), or substitutions in its here-string/here-document.
CodeSources Assessor::stdinSources(int index) const
{
    CodeSources sources;
    for (const int child : m_children.at(index)) {
        if (m_commands.at(child).parentWord < 0
            && m_commands.at(child).origin == ShellCommand::Origin::CommandSubstitution)
            sources |= subtreeSources(child);
    }
    int upstream = m_commands.at(index).pipedFrom;
    for (int steps = 0; upstream >= 0 && steps < 64; ++steps) {
        sources |= subtreeSources(upstream);
        upstream = m_commands.at(upstream).pipedFrom;
    }
    return sources;
}

void Assessor::assessCodeSources(int index, const Invocation &invocation)
{
    const InterpreterArgs interpreter = InterpreterArgs::parse(invocation.words);
    auto flagSources = [this](const CodeSources &sources) {
        if (sources.remote)
            flag(Rule::RemoteCode);
        if (sources.decoded)
            flag(Rule::ObfuscatedCode);
    };
    // curl ... | sh, base64 -d | bash
    if (interpreter.isInterpreter() && interpreter.readsStdin)
        flagSources(stdinSources(index));
    // bash <(curl ...), sh -c "$(curl ...)", eval "$(wget -qO- ...)", $(curl ...) as a command
    for (const int child : m_children.at(index)) {
        const ShellCommand &substitution = m_commands.at(child);
        if (substitution.origin != ShellCommand::Origin::CommandSubstitution
            && substitution.origin != ShellCommand::Origin::ProcessSubstitution)
            continue;
        const int word = substitution.parentWord - invocation.offset;
        const bool asProgram = word == 0;
        const bool asCode = interpreter.isInterpreter()
            && (interpreter.codeWords.contains(word) || interpreter.scriptWord == word);
        if (asProgram || asCode)
            flagSources(subtreeSources(child));
    }
    // curl -o install.sh URL && sh install.sh
    if (!m_downloads.isEmpty()) {
        const QString program = invocation.words.first();
        if (program.contains(u'/') && m_downloads.contains(CommandUnwrapper::programName(program)))
            flag(Rule::RemoteCode);
        if (interpreter.scriptWord >= 0
            && m_downloads.contains(
                CommandUnwrapper::programName(invocation.words.at(interpreter.scriptWord))))
            flag(Rule::RemoteCode);
    }
    recordDownloads(CommandUnwrapper::programName(invocation.words.first()), invocation.words);
    // perl -e 'fork while fork', python -c 'while True: os.fork()'
    static const QRegularExpression forkLoop(QStringLiteral(
        R"(\bfork\b[\s();]*\bwhile\b[\s(]*\bfork\b|\bwhile\b[^:{]*[:{]\s*(os\.)?fork\s*\()"));
    for (const QString &code : interpreter.code) {
        if (forkLoop.match(code).hasMatch())
            flag(Rule::ForkBomb);
    }
}

void Assessor::recordDownloads(const QString &name, const QStringList &words)
{
    const auto urlName = [](const QString &url) {
        const QString name = url.section(u'?', 0, 0).section(u'#', 0, 0).section(u'/', -1);
        return name.isEmpty() ? QStringLiteral("index.html") : name;
    };
    if (name == u"curl") {
        const Args args =
            parseArgs(words,
                      {u"AbcCdDeEFHKmoPQrtTuUwxXYyz",
                       {QStringLiteral("output"),      QStringLiteral("data"),
                        QStringLiteral("data-raw"),    QStringLiteral("data-binary"),
                        QStringLiteral("header"),      QStringLiteral("request"),
                        QStringLiteral("user"),        QStringLiteral("user-agent"),
                        QStringLiteral("referer"),     QStringLiteral("cookie"),
                        QStringLiteral("cookie-jar"),  QStringLiteral("form"),
                        QStringLiteral("upload-file"), QStringLiteral("proxy"),
                        QStringLiteral("max-time"),    QStringLiteral("write-out"),
                        QStringLiteral("config"),      QStringLiteral("connect-timeout"),
                        QStringLiteral("retry"),       QStringLiteral("url"),
                        QStringLiteral("output-dir")},
                       {}});
        for (const QString &output : args.values(u'o') + args.longValues(u"output")) {
            if (output != u"-")
                m_downloads.insert(CommandUnwrapper::programName(output));
        }
        if (args.has(u'O') || args.hasLong(u"remote-name") || args.hasLong(u"remote-name-all")) {
            for (const QString &url : args.operands + args.longValues(u"url"))
                m_downloads.insert(urlName(url));
        }
    } else if (name == u"wget") {
        const Args args = parseArgs(
            words,
            {u"OoaPiUTtwlARBeDIXQ",
             {QStringLiteral("output-document"), QStringLiteral("output-file"),
              QStringLiteral("append-output"), QStringLiteral("directory-prefix"),
              QStringLiteral("input-file"), QStringLiteral("user-agent"), QStringLiteral("timeout"),
              QStringLiteral("tries"), QStringLiteral("wait"), QStringLiteral("level"),
              QStringLiteral("accept"), QStringLiteral("reject"), QStringLiteral("base"),
              QStringLiteral("execute"), QStringLiteral("header"), QStringLiteral("user"),
              QStringLiteral("password"), QStringLiteral("post-data")},
             {}});
        const QStringList outputs = args.values(u'O') + args.longValues(u"output-document");
        if (!outputs.isEmpty()) {
            for (const QString &output : outputs) {
                if (output != u"-")
                    m_downloads.insert(CommandUnwrapper::programName(output));
            }
        } else {
            for (const QString &url : args.operands)
                m_downloads.insert(urlName(url));
        }
    }
}

// name() { name | name & }; name — a function that starts itself in a pipe or the background.
void Assessor::assessForkBomb(int index, const QList<Invocation> &invocations)
{
    const ShellCommand &command = m_commands.at(index);
    if (command.function.isEmpty())
        return;
    if (command.pipedFrom < 0 && command.pipedTo < 0 && !command.background)
        return;
    for (const Invocation &invocation : invocations) {
        if (invocation.words.first() == command.function)
            flag(Rule::ForkBomb);
    }
}

// cd / && rm -rf *: relative paths are resolved against the directory cd'd into.
void Assessor::trackDirectory(const QList<Invocation> &invocations)
{
    if (invocations.size() != 1)
        return;
    const QStringList &words = invocations.first().words;
    const QString name = CommandUnwrapper::programName(words.first());
    if (name != u"cd" && name != u"pushd")
        return;
    QString target = ShellLexer::homeMarker();
    for (const QString &w : words.mid(1)) {
        if (w == u"-" || !w.startsWith(u'-')) {
            target = w;
            break;
        }
    }
    if (target == u"-") {
        m_cwd.clear();
        return;
    }
    const QString resolved = PathClassifier::resolve(target, m_cwd);
    m_cwd = resolved.startsWith(u'/') ? resolved : QString();
}

} // namespace

SafetyAssessment SafetyRules::assess(const QString &command)
{
    return Assessor(command).run();
}

} // namespace Terrarium::Core
