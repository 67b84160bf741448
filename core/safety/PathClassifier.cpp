#include "core/safety/PathClassifier_p.h"

#include "core/safety/ShellLexer.h"

#include <QRegularExpression>
#include <QStringList>

namespace Terrarium::Core {

namespace {

const QStringList &systemDirs()
{
    static const QStringList dirs = {
        QStringLiteral("bin"),   QStringLiteral("boot"),  QStringLiteral("dev"),
        QStringLiteral("etc"),   QStringLiteral("home"),  QStringLiteral("lib"),
        QStringLiteral("lib32"), QStringLiteral("lib64"), QStringLiteral("libx32"),
        QStringLiteral("opt"),   QStringLiteral("proc"),  QStringLiteral("root"),
        QStringLiteral("run"),   QStringLiteral("sbin"),  QStringLiteral("snap"),
        QStringLiteral("srv"),   QStringLiteral("sys"),   QStringLiteral("usr"),
        QStringLiteral("var")};
    return dirs;
}

bool hasGlob(const QString &text)
{
    return text.contains(u'*') || text.contains(u'?') || text.contains(u'[');
}

// "*", ".*", "*.*", ".[!.]*" and the like: every entry of the directory.
bool matchesEverything(const QString &component)
{
    static const QRegularExpression everything(
        QStringLiteral(R"(^(\.?\*+(\.\*)?|\.\[!?\.?\]\*|\.\?\?\*)$)"));
    return everything.match(component).hasMatch();
}

QString homeDir()
{
    return QStringLiteral("/home/") + ShellLexer::homeMarker();
}

} // namespace

QString PathClassifier::resolve(const QString &path, const QString &cwd)
{
    QString full = path;
    const QString marker = ShellLexer::homeMarker();
    if (full.startsWith(marker))
        full.replace(0, marker.size(), homeDir());
    if (!full.startsWith(u'/')) {
        if (cwd.isEmpty())
            return path;
        full = cwd + u'/' + full;
    }
    QStringList parts;
    for (const QString &part : full.split(u'/', Qt::SkipEmptyParts)) {
        if (part == u".")
            continue;
        if (part == u"..") {
            if (!parts.isEmpty())
                parts.removeLast();
            continue;
        }
        parts.append(part);
    }
    return u'/' + parts.join(u'/');
}

PathClassifier::Kind PathClassifier::classify(const QString &resolved)
{
    if (!resolved.startsWith(u'/'))
        return Kind::Ordinary;
    QStringList parts = resolved.split(u'/', Qt::SkipEmptyParts);
    if (!parts.isEmpty() && matchesEverything(parts.last()))
        parts.removeLast(); // dir/* is as bad as dir
    if (parts.isEmpty())
        return Kind::Root;

    QString top = parts.first();
    if (hasGlob(top)) {
        // /e?c, /b*t: find which system directories the pattern reaches.
        const QRegularExpression pattern(QRegularExpression::wildcardToRegularExpression(top));
        if (!pattern.isValid())
            return Kind::Ordinary; // "/[" and the like: bash takes it literally
        QStringList hits;
        for (const QString &dir : systemDirs()) {
            if (pattern.match(dir).hasMatch())
                hits.append(dir);
        }
        if (hits.size() > 2 && parts.size() == 1)
            return Kind::Root;
        if (hits.isEmpty())
            return Kind::Ordinary;
        top = hits.first();
    }
    if (top == u"home") {
        if (parts.size() == 1)
            return Kind::SystemDir;
        if (parts.size() == 2)
            return Kind::Home;
        return Kind::Ordinary;
    }
    if (!systemDirs().contains(top))
        return Kind::Ordinary;
    if (parts.size() == 1)
        return Kind::SystemDir;
    if (top == u"dev") {
        static const QRegularExpression block(QStringLiteral(
            R"(^/dev/((sd|hd|vd|xvd)[a-z]|nvme\d|mmcblk\d|loop\d|dm-\d|md\d|sr\d|mapper/|disk/|)"
            R"(mem$|kmem$|port$|root$))"));
        return block.match(resolved).hasMatch() ? Kind::BlockDevice : Kind::PseudoDevice;
    }
    return Kind::SystemFile;
}

bool PathClassifier::isProtectedForWrites(const QString &resolved)
{
    static const QRegularExpression protectedPath(QStringLiteral(
        R"(^/(etc|boot|bin|sbin|lib|lib32|lib64|libx32|sys)(/|$)|^/usr(/(?!local(/|$))|$)|)"
        R"(^/proc/(?!self/|thread-self/|\d+/fd/))"));
    return protectedPath.match(resolved).hasMatch();
}

bool PathClassifier::isAutostart(const QString &resolved)
{
    static const QRegularExpression autostart(QStringLiteral(
        R"(^/(?:home/[^/]+|root)/(?:\.bashrc|\.bash_profile|\.bash_login|\.bash_logout|\.profile|)"
        R"(\.zshrc|\.zprofile|\.zshenv|\.zlogin|\.zlogout|\.kshrc|\.mkshrc|\.cshrc|\.tcshrc|)"
        R"(\.login|\.xprofile|\.xinitrc|\.xsession|\.xsessionrc|\.pam_environment|)"
        R"(\.config/fish/(?:config\.fish|conf\.d(?:/.*)?)|\.config/autostart(?:/.*)?|)"
        R"(\.config/systemd/user(?:/.*)?|\.local/share/systemd/user(?:/.*)?|)"
        R"(\.config/environment\.d(?:/.*)?)$)"));
    return autostart.match(resolved).hasMatch();
}

bool PathClassifier::isSecret(const QString &resolved)
{
    // Under ~/.ssh everything but the public parts; key files by name anywhere.
    static const QRegularExpression secret(QStringLiteral(
        R"(^/(?:home/[^/]+|root)/(?:)"
        R"(\.ssh(?:/(?!(?:config|known_hosts[^/]*|authorized_keys2?|[^/]*\.pub)$)[^/]*)?|)"
        R"(\.aws(?:/.*)?|\.gnupg(?:/.*)?|\.password-store(?:/.*)?|\.config/gcloud(?:/.*)?|)"
        R"(\.azure(?:/.*)?|\.kube/config|\.docker/config\.json|\.config/gh/hosts\.yml)$|)"
        R"(^/etc/(?:g?shadow-?|ssh/ssh_host_[^/]*_key)$|)"
        R"((?:^|/)(?:\.netrc|\.git-credentials|\.pgpass|id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?|)"
        R"(id_\*)$)"));
    return secret.match(resolved).hasMatch();
}

} // namespace Terrarium::Core
