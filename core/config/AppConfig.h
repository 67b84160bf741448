#pragma once

#include "core/agent/RunLimits.h"
#include "core/config/ConfigProvenance.h"
#include "core/config/LocalServerConfirmation.h"
#include "core/llm/LlmEndpoint.h"
#include "core/llm/PriceTable.h"
#include "core/safety/ApprovalPolicy.h"

#include <QMap>
#include <QString>
#include <QStringList>

namespace Terrarium::Core {

// Everything a run needs to know, resolved from the config file, the environment and the
// command line (in that rising order). A plain value: loaded once in app/ and passed down.
struct AppConfig
{
    LlmEndpoint planner;
    LlmEndpoint executor;
    // Set for a role when nothing names a provider, key or base URL for it: the app then looks
    // for a local Ollama or llama.cpp server.
    bool plannerNeedsLocalServer = false;
    bool executorNeedsLocalServer = false;
    // Whether a model was named (file, environment or flag) rather than defaulted: a local server
    // found for a role replaces a defaulted cloud model, never a named one.
    bool plannerModelNamed = false;
    bool executorModelNamed = false;
    // Nothing names the executor's server, model or key: it uses the planner's (its key too).
    bool executorSameAsPlanner = false;
    // Local servers that other users run and the user said to use (llm/trusted_local_servers,
    // --trust-local-server); without one, only the user's own servers are auto-detected.
    QList<LocalServerConfirmation> trustedLocalServers;

    QString sandbox = QStringLiteral("podman"); // "host" | "podman" | "libvirt"
    QString libvirtUri; // empty: qemu:///system as root, qemu:///session otherwise
    QString workspace; // host folder shared with the sandbox
    QString image; // empty: the backend's default image
    // The Debian mirror the sandbox images are built from (sandbox/apt_mirror,
    // TERRARIUM_APT_MIRROR); empty: the one this computer's apt sources name (see AptMirror).
    QString aptMirror;
    QString network = QStringLiteral("none"); // "none" | "outbound"
    // "mount": the sandbox works in the folder itself; "copy": on a copy, whose changes the user
    // reviews and applies (VMs always work on a copy).
    QString workspaceMode = QStringLiteral("mount");
    // A mounted workspace's files that programs on the host run by themselves (git hooks and
    // settings, .envrc, editor folders) stay writable in the sandbox; off (read-only) unless the
    // user allows it: sandbox/allow_autorun_writes, TERRARIUM_ALLOW_AUTORUN_WRITES,
    // --allow-autorun-writes.
    bool allowAutorunWrites = false;
    int cpus = 2;
    int memoryMiB = 2048;
    int pidsLimit = 1024;
    int diskMiB = 8192; // growth of the sandbox's own disk (not the workspace)
    QMap<QString, QString> environment; // set for every command in the sandbox (task files)
    ApprovalPolicy approval = ApprovalPolicy::Ask;
    QStringList alwaysAllowed; // commands approved with "always"
    RunLimits limits;
    // The executor is asked for the next step's command while a step runs (Orchestrator::
    // setTranslateAhead()); run/translate_ahead, TERRARIUM_TRANSLATE_AHEAD, --no-translate-ahead.
    bool translateAhead = true;
    // What the models' tokens cost: the defaults, then the config file's [prices] group
    // ("model = input cached output [cache_write]", dollars per million tokens; "name*" a prefix).
    PriceTable prices = PriceTable::defaults();
    // Masked in every output besides the two roles' keys (SecretRedactor): every key in the
    // environment, used or not, and the control token (SecretEnvironment::values(); the
    // control server's token from a file or the keyring is added where it serves).
    QStringList secrets;
    // Where each value above comes from, for Preferences (ConfigLoader::load fills it).
    ConfigProvenance provenance;
};

} // namespace Terrarium::Core
