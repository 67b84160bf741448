#include "CommandEnvironment.h"

#include <QStringList>

namespace Terrarium::Core {

namespace {

const QStringList commandNames = {
    QStringLiteral("PATH"),     QStringLiteral("HOME"),  QStringLiteral("USER"),
    QStringLiteral("LOGNAME"),  QStringLiteral("SHELL"), QStringLiteral("LANG"),
    QStringLiteral("LANGUAGE"), QStringLiteral("TZ"),    QStringLiteral("TMPDIR"),
};

const QStringList podmanNames = {
    QStringLiteral("XDG_RUNTIME_DIR"), QStringLiteral("http_proxy"), QStringLiteral("https_proxy"),
    QStringLiteral("no_proxy"),        QStringLiteral("HTTP_PROXY"), QStringLiteral("HTTPS_PROXY"),
    QStringLiteral("NO_PROXY"),
};

// Exact names that change what runs or how it is loaded.
const QStringList startupNames = {
    QStringLiteral("BASH_ENV"),
    QStringLiteral("ENV"),
    QStringLiteral("PATH"),
    QStringLiteral("PROMPT_COMMAND"),
    QStringLiteral("PS4"),
    QStringLiteral("SHELLOPTS"),
    QStringLiteral("BASHOPTS"),
    QStringLiteral("IFS"),
    QStringLiteral("CDPATH"),
    QStringLiteral("GLOBIGNORE"),
    QStringLiteral("ZDOTDIR"),
    QStringLiteral("PYTHONSTARTUP"),
    QStringLiteral("PYTHONPATH"),
    QStringLiteral("PYTHONHOME"),
    QStringLiteral("PYTHONINSPECT"),
    QStringLiteral("PYTHONWARNINGS"),
    QStringLiteral("PYTHONBREAKPOINT"),
    QStringLiteral("NODE_OPTIONS"),
    QStringLiteral("NODE_PATH"),
    QStringLiteral("PERL5OPT"),
    QStringLiteral("PERL5LIB"),
    QStringLiteral("PERLLIB"),
    QStringLiteral("PERL5DB"),
    QStringLiteral("RUBYOPT"),
    QStringLiteral("RUBYLIB"),
    QStringLiteral("JAVA_TOOL_OPTIONS"),
    QStringLiteral("_JAVA_OPTIONS"),
    QStringLiteral("JDK_JAVA_OPTIONS"),
    QStringLiteral("LUA_INIT"),
    QStringLiteral("GCONV_PATH"),
    QStringLiteral("GLIBC_TUNABLES"),
    QStringLiteral("LOCPATH"),
    QStringLiteral("NLSPATH"),
    QStringLiteral("HOSTALIASES"),
    QStringLiteral("RESOLV_HOST_CONF"),
    QStringLiteral("GIT_SSH"),
    QStringLiteral("GIT_SSH_COMMAND"),
    QStringLiteral("GIT_EXEC_PATH"),
    QStringLiteral("GIT_ASKPASS"),
    QStringLiteral("GIT_EDITOR"),
    QStringLiteral("GIT_PAGER"),
    QStringLiteral("GIT_EXTERNAL_DIFF"),
    QStringLiteral("GIT_PROXY_COMMAND"),
    QStringLiteral("GIT_TEMPLATE_DIR"),
    QStringLiteral("GIT_DIR"),
    QStringLiteral("GIT_WORK_TREE"),
    QStringLiteral("SSH_ASKPASS"),
    QStringLiteral("SUDO_ASKPASS"),
    QStringLiteral("EDITOR"),
    QStringLiteral("VISUAL"),
    QStringLiteral("PAGER"),
    QStringLiteral("MANPAGER"),
    QStringLiteral("LESSOPEN"),
    QStringLiteral("LESSCLOSE"),
    QStringLiteral("BROWSER"),
    QStringLiteral("TERMINFO"),
};

// Prefixes of such names: the dynamic loader (LD_PRELOAD, LD_LIBRARY_PATH, LD_AUDIT), macOS's
// equivalent, exported bash functions (BASH_FUNC_ls%%) and git's config injection.
const QStringList startupPrefixes = {
    QStringLiteral("LD_"),        QStringLiteral("DYLD_"),   QStringLiteral("BASH_FUNC_"),
    QStringLiteral("GIT_CONFIG"), QStringLiteral("MALLOC_"),
};

QProcessEnvironment keep(const QProcessEnvironment &host, const QStringList &extra)
{
    QProcessEnvironment kept;
    for (const QString &name : host.keys()) {
        const bool allowed = commandNames.contains(name) || extra.contains(name)
            || name.startsWith(QLatin1String("LC_"));
        if (allowed && !CommandEnvironment::isSecretName(name))
            kept.insert(name, host.value(name));
    }
    return kept;
}

} // namespace

QProcessEnvironment CommandEnvironment::forHostCommand(const QProcessEnvironment &host)
{
    return keep(host, {});
}

QProcessEnvironment CommandEnvironment::forPodman(const QProcessEnvironment &host)
{
    return keep(host, podmanNames);
}

bool CommandEnvironment::isSecretName(const QString &name)
{
    const QString upper = name.toUpper();
    for (const char *suffix : {"_API_KEY", "_APIKEY", "_TOKEN", "_SECRET", "_SECRET_KEY",
                               "_ACCESS_KEY", "_PASSWORD", "_PASSWD", "_CREDENTIALS"}) {
        if (upper.endsWith(QLatin1String(suffix)))
            return true;
    }
    for (const char *part : {"PASSWORD", "SECRET", "API_KEY", "TOKEN"}) {
        if (upper.contains(QLatin1String(part)))
            return true;
    }
    for (const char *exact : {"DBUS_SESSION_BUS_ADDRESS", "SSH_AUTH_SOCK", "SSH_AGENT_PID",
                              "GPG_AGENT_INFO", "GNOME_KEYRING_CONTROL", "KRB5CCNAME", "XAUTHORITY",
                              "DISPLAY", "WAYLAND_DISPLAY", "NETRC"}) {
        if (upper == QLatin1String(exact))
            return true;
    }
    return false;
}

bool CommandEnvironment::changesProgramStartup(const QString &name)
{
    const QString upper = name.toUpper();
    if (startupNames.contains(upper))
        return true;
    for (const QString &prefix : startupPrefixes) {
        if (upper.startsWith(prefix))
            return true;
    }
    return false;
}

} // namespace Terrarium::Core
