#include "core/safety/EmbeddedCommands_p.h"

#include "core/safety/CommandUnwrapper.h"

#include <QRegularExpression>

#include <optional>
#include <utility>

namespace Terrarium::Core {

namespace {

using Command = EmbeddedCommands::Command;

// su -c, runuser -c and flock FILE -c: the first -c or --command.
QList<Command> dashC(const QStringList &words)
{
    for (int i = 1; i < words.size(); ++i) {
        const QString &w = words.at(i);
        if ((w == u"-c" || w == u"--command") && i + 1 < words.size())
            return {{words.at(i + 1), i + 1}};
        if (w.startsWith(u"--command="))
            return {{w.section(u'=', 1), i}};
    }
    return {};
}

// script [options] -c COMMAND [file]; -c may close a cluster (-qc).
QList<Command> script(const QStringList &words)
{
    for (int i = 1; i < words.size(); ++i) {
        const QString &w = words.at(i);
        if (w == u"--command" && i + 1 < words.size())
            return {{words.at(i + 1), i + 1}};
        if (w.startsWith(u"--command="))
            return {{w.section(u'=', 1), i}};
        if (!w.startsWith(u'-') || w.startsWith(u"--"))
            continue;
        const qsizetype c = w.indexOf(u'c');
        if (c > 0 && c + 1 < w.size())
            return {{w.mid(c + 1), i}};
        if (c > 0 && i + 1 < words.size())
            return {{words.at(i + 1), i + 1}};
    }
    return {};
}

QList<Command> watch(const QStringList &words)
{
    int i = 1;
    while (i < words.size() && words.at(i).startsWith(u'-')) {
        const QString &w = words.at(i);
        if (w == u"--") {
            ++i;
            break;
        }
        const bool takesValue = w == u"-n" || w == u"--interval" || w == u"-q" || w == u"--equexit";
        i += takesValue ? 2 : 1;
    }
    if (i < words.size())
        return {{words.mid(i).join(u' '), i}};
    return {};
}

// ssh [options] destination [command...]: the remote shell runs the words joined by blanks;
// -o ProxyCommand=... and LocalCommand=... run through a local shell.
QList<Command> ssh(const QStringList &words)
{
    static const QStringView withValue = u"BbcDEeFIiJLlmOoPpQRSWw";
    static const QRegularExpression local(
        QStringLiteral(R"(^\s*(?:ProxyCommand|LocalCommand)\s*(?:=|\s)\s*(.*)$)"),
        QRegularExpression::CaseInsensitiveOption | QRegularExpression::DotMatchesEverythingOption);
    QList<Command> found;
    int i = 1;
    for (; i < words.size(); ++i) {
        const QString &w = words.at(i);
        if (w == u"--") {
            ++i;
            break;
        }
        if (w.size() < 2 || !w.startsWith(u'-'))
            break;
        for (qsizetype j = 1; j < w.size(); ++j) {
            if (!withValue.contains(w.at(j)))
                continue;
            int at = i;
            QString value = w.mid(j + 1);
            if (value.isEmpty() && i + 1 < words.size())
                value = words.at(at = ++i);
            const QRegularExpressionMatch m = local.match(value);
            if (w.at(j) == u'o' && m.hasMatch())
                found.append({m.captured(1), at});
            break;
        }
    }
    if (i + 1 < words.size())
        found.append({words.mid(i + 1).join(u' '), i + 1});
    return found;
}

// tar runs these through sh -c.
QList<Command> tar(const QStringList &words)
{
    static const QStringList runners = {QStringLiteral("checkpoint-action"),
                                        QStringLiteral("to-command"), QStringLiteral("info-script"),
                                        QStringLiteral("new-volume-script"),
                                        QStringLiteral("use-compress-program")};
    QList<Command> found;
    for (int i = 1; i < words.size(); ++i) {
        const QString &w = words.at(i);
        QString option;
        QString value;
        int at = i;
        if (w.startsWith(u"--")) {
            const QString name = w.mid(2).section(u'=', 0, 0);
            for (const QString &runner : runners) {
                // getopt_long takes unambiguous abbreviations; --checkpoint is another option.
                if (runner == name
                    || (name.size() >= 4 && name != u"checkpoint" && runner.startsWith(name)))
                    option = runner;
            }
            if (option.isEmpty())
                continue;
            if (w.contains(u'='))
                value = w.section(u'=', 1);
            else if (i + 1 < words.size())
                value = words.at(at = ++i);
        } else if (w.startsWith(u"-I") || w.startsWith(u"-F")) {
            option = w.startsWith(u"-I") ? runners.last() : QStringLiteral("info-script");
            value = w.mid(2);
            if (value.isEmpty() && i + 1 < words.size())
                value = words.at(at = ++i);
        } else {
            continue;
        }
        if (option == u"checkpoint-action") {
            if (!value.startsWith(u"exec="))
                continue;
            value = value.mid(5);
        }
        // A compression program is an ordinary choice; the others make tar run commands.
        found.append({value, at, option != u"use-compress-program"});
    }
    return found;
}

// git settings whose value is a command; the boolean says whether setting it on the command
// line is unusual enough to mention (core.editor=true is a common way to skip an editor).
std::optional<std::pair<QString, bool>> gitCommandSetting(const QString &setting)
{
    const QString key = setting.section(u'=', 0, 0).toLower();
    const QString value = setting.section(u'=', 1);
    if (key.startsWith(u"alias.")) {
        if (value.startsWith(u'!'))
            return std::pair{value.mid(1), true};
        return std::nullopt;
    }
    if (key == u"credential.helper"
        || (key.startsWith(u"credential.") && key.endsWith(u".helper"))) {
        if (value.startsWith(u'!'))
            return std::pair{value.mid(1), true};
        return std::nullopt;
    }
    if (key == u"core.pager" || key == u"core.editor" || key == u"sequence.editor"
        || key.startsWith(u"pager."))
        return std::pair{value, false};
    static const QStringList runners = {QStringLiteral("core.sshcommand"),
                                        QStringLiteral("core.fsmonitor"),
                                        QStringLiteral("core.askpass"),
                                        QStringLiteral("core.gitproxy"),
                                        QStringLiteral("diff.external"),
                                        QStringLiteral("gpg.program"),
                                        QStringLiteral("uploadpack.packobjectshook")};
    static const QRegularExpression driver(
        QStringLiteral(R"(^(?:diff\..+\.(?:textconv|command)|merge\..+\.driver|)"
                       R"(filter\..+\.(?:clean|smudge|process))$)"));
    if ((runners.contains(key) || driver.match(key).hasMatch()) && value != u"true"
        && value != u"false")
        return std::pair{value, true};
    return std::nullopt;
}

// clone/fetch --upload-pack, push --receive-pack and --exec: the program run on the other
// end, through a shell (locally for local and ssh remotes' ProxyCommand-like setups).
bool isPackProgramOption(const QString &word)
{
    const QString name = word.mid(2).section(u'=', 0, 0);
    return word.startsWith(u"--")
        && (name == u"upload-pack" || name == u"receive-pack" || name == u"exec");
}

QList<Command> git(const QStringList &words)
{
    QList<Command> found;
    QString subcommand;
    for (int i = 1; i < words.size(); ++i) {
        const QString &w = words.at(i);
        QString setting;
        int at = i;
        if (w == u"-c" && i + 1 < words.size()) {
            setting = words.at(at = ++i);
        } else if (w.startsWith(u"--config=")) {
            setting = w.section(u'=', 1);
        } else if (w == u"--config" && i + 1 < words.size()) {
            setting = words.at(at = ++i);
        } else if (isPackProgramOption(w) || (subcommand == u"clone" && w == u"-u")) {
            if (w.contains(u'='))
                found.append({w.section(u'=', 1), i, true});
            else if (i + 1 < words.size())
                found.append({words.at(i + 1), i + 1, true});
            ++i;
            continue;
        } else {
            if (subcommand.isEmpty() && !w.startsWith(u'-'))
                subcommand = w;
            const bool takesValue = w == u"-C" || w == u"--git-dir" || w == u"--work-tree"
                || w == u"--namespace" || w == u"--config-env";
            if (subcommand.isEmpty() && takesValue)
                ++i;
            continue;
        }
        if (const auto command = gitCommandSetting(setting))
            found.append({command->first, at, command->second});
    }
    return found;
}

} // namespace

QList<EmbeddedCommands::Command> EmbeddedCommands::find(const QStringList &words)
{
    if (words.isEmpty())
        return {};
    const QString name = CommandUnwrapper::programName(words.first());
    if (name == u"su" || name == u"runuser" || name == u"flock")
        return dashC(words);
    if (name == u"script")
        return script(words);
    if (name == u"watch")
        return watch(words);
    if (name == u"ssh")
        return ssh(words);
    if (name == u"tar" || name == u"gtar")
        return tar(words);
    if (name == u"git")
        return git(words);
    return {};
}

} // namespace Terrarium::Core
