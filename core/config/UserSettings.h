#pragma once

#include "core/Error.h"
#include "core/config/LlmRole.h"
#include "core/llm/LlmEndpoint.h"
#include "core/safety/ApprovalPolicy.h"

#include <QString>
#include <QStringList>

#include <optional>

class QSettings;

namespace Terrarium::Core {

// What the settings dialog edits, stored under the same config file keys ConfigLoader reads
// (planner/provider, planner/base_url, planner/model, executor/..., sandbox/kind,
// sandbox/image, sandbox/apt_mirror, sandbox/cpus, sandbox/memory_mib, sandbox/pids,
// sandbox/disk_mib, sandbox/network, sandbox/workspace_mode, safety/approval,
// safety/always_allowed, limits/max_steps, limits/max_replans, limits/step_timeout,
// run/translate_ahead, control/..., terminal/engine), so what the dialog saves is what runs use,
// unless the environment or the command line sets a value (see ConfigProvenance). API keys are not
// part of it: they live in the keyring (KeyStore). The defaults are ConfigLoader's.
//
// An empty or unset value means "not set here": ConfigLoader then falls back to the environment
// and its defaults, exactly as for a hand-written file.
struct UserSettings
{
    struct Model
    {
        // nullopt: chosen from the API key or base URL (see ConfigLoader).
        std::optional<LlmProvider> provider;
        QString baseUrl; // empty: the provider's default
        QString model; // empty: the provider's default model, if it has one

        bool operator==(const Model &) const = default;
    };

    Model planner;
    Model executor;
    QString sandbox = QStringLiteral("podman"); // "podman" | "libvirt" | "host"
    QString image; // empty: the backend's default image
    QString aptMirror; // empty: the Debian mirror of this computer's apt sources
    int cpus = 2;
    int memoryMiB = 2048;
    int pidsLimit = 1024;
    int diskMiB = 8192;
    QString network = QStringLiteral("none"); // "none" | "outbound"
    // "mount" | "copy": whether containers work in the folder or on a copy (VMs always copy).
    QString workspaceMode = QStringLiteral("mount");
    ApprovalPolicy approval = ApprovalPolicy::Ask;
    // Commands the user approved with "always"; runs add to the list, the dialog only removes.
    QStringList alwaysAllowed;
    int maxSteps = 30;
    int maxReplans = 5; // 0: no re-planning
    int stepTimeoutSeconds = 600;
    // The next step's command is asked for while a step runs (AppConfig::translateAhead).
    bool translateAhead = true;
    // The control API (docs/CONTROL_API.md): off unless the user turns it on.
    bool remoteControl = false;
    int remoteControlPort = 7424;
    // Also on the Unix socket (ControlLocalListener::defaultPath()).
    bool remoteControlSocket = false;
    // Control clients may open terminals (terminal.open) into runs on the host sandbox: shells
    // on this computer, unconfined. Off unless the user turns it on; other sandboxes need no
    // such word.
    bool remoteHostTerminals = false;
    // What draws terminal panes: "terrarium" (the own view) | "qtermwidget" (where built; a
    // build without it falls back to the own view).
    QString terminalEngine = QStringLiteral("terrarium");

    Model &model(LlmRole role) { return role == LlmRole::Planner ? planner : executor; }
    const Model &model(LlmRole role) const { return role == LlmRole::Planner ? planner : executor; }

    // Reads what the file says, as ConfigLoader would: a role's own key beats the shared
    // llm/... one. Values ConfigLoader would reject are read as unset (or the default), so the
    // dialog shows what saving will write.
    static UserSettings load(const QSettings &settings);
    // Writes every value and removes the keys of unset ones. The shared llm/provider,
    // llm/base_url and llm/model keys are folded into both roles and removed, so that clearing
    // a field in the dialog really clears it. Does not sync; see QSettings::status().
    void save(QSettings &settings) const;

    // What ConfigLoader would refuse: a base URL that is not an http(s) URL with a host, a
    // Debian mirror that is not an http(s) or file URL (AptMirror::isUrl()), an
    // unknown sandbox or network policy, a number outside its LimitRange. The message names
    // the field as the dialog labels it.
    Result<void> validate() const;

    bool operator==(const UserSettings &) const = default;
};

} // namespace Terrarium::Core
