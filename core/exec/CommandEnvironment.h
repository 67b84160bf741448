#pragma once

#include <QProcessEnvironment>
#include <QString>

namespace Terrarium::Core {

// What of Terrarium's own environment a command (or the podman that starts a container) may
// see. Terrarium runs with the user's session around it (API keys, D-Bus and SSH agent
// sockets, tokens, proxy credentials); none of that is the sandbox's business. Both functions
// keep a short allow-list and drop everything else, secrets included, whatever their name.
class CommandEnvironment
{
public:
    // For a command on the host sandbox: PATH, HOME, USER, LOGNAME, SHELL, LANG, LANGUAGE,
    // LC_*, TZ and TMPDIR.
    static QProcessEnvironment forHostCommand(const QProcessEnvironment &host);
    // For podman itself: the above plus XDG_RUNTIME_DIR (its runtime files) and the proxy
    // variables (pulling an image may need them; containers never get them).
    static QProcessEnvironment forPodman(const QProcessEnvironment &host);

    // Whether a variable of this name typically holds a credential or a way to one:
    // *_API_KEY, *_TOKEN, *_SECRET, *PASSWORD*, DBUS_SESSION_BUS_ADDRESS, SSH_AUTH_SOCK, ...
    static bool isSecretName(const QString &name);

    // Whether a variable of this name changes how programs are loaded or started (LD_PRELOAD,
    // BASH_ENV, PATH, PYTHONSTARTUP, NODE_OPTIONS, ...): a task file may not set it.
    static bool changesProgramStartup(const QString &name);
};

} // namespace Terrarium::Core
