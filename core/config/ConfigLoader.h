#pragma once

#include "core/Error.h"
#include "core/config/AppConfig.h"
#include "core/config/ConfigOverrides.h"
#include "core/config/LlmRole.h"
#include "core/config/UserSettings.h"

#include <QProcessEnvironment>

class QSettings;

namespace Terrarium::Core {

// Resolves AppConfig from the config file (QSettings), the environment and command-line flags,
// in that rising order. Within one source a role-specific value ("planner/model",
// TERRARIUM_PLANNER_MODEL) beats a shared one ("llm/model", TERRARIUM_MODEL).
//
// API keys come only from the environment (and later the keyring), never from the file, and
// OPENAI_API_KEY is only ever sent to api.openai.com.
class ConfigLoader
{
public:
    // settingToFix: where the error is a missing model setting, that setting as the config file
    // names it ("executor/model"), for the window to open Preferences at.
    static Result<AppConfig> load(const QSettings &settings, const QProcessEnvironment &environment,
                                  const ConfigOverrides &overrides,
                                  QString *settingToFix = nullptr);

    // A config file named on the command line must exist, be a readable file and parse as INI:
    // silently running with defaults instead would be a surprise.
    static Result<void> checkFile(const QString &path);

    // Writes the commands approved with "always" back to the file.
    static void saveAlwaysAllowed(QSettings &settings, const QStringList &commands);
    // Adds another user's local model server the user said to use (llm/trusted_local_servers).
    static void saveTrustedLocalServer(QSettings &settings,
                                       const LocalServerConfirmation &confirmation);

    // What to tell a user who has no model configured at all.
    static QString noModelConfiguredMessage();

    // The endpoint a run would use for role with these Preferences values, not yet saved (an
    // executor with nothing set uses the planner's), and apiKey (empty: the environment's, as a
    // run would pick it): what Preferences' Test sends to. needsLocalServer: nothing names a
    // server or key, so a run would look for a local one.
    static Result<LlmEndpoint> endpointFor(const UserSettings &values, LlmRole role,
                                           const QString &apiKey,
                                           const QProcessEnvironment &environment,
                                           bool *needsLocalServer);

    // The model a role gets on api.openai.com / api.anthropic.com when none is set.
    static QString defaultModel(LlmProvider provider, LlmRole role);
};

} // namespace Terrarium::Core
