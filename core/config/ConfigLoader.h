#pragma once

#include "core/Error.h"
#include "core/config/AppConfig.h"
#include "core/config/ConfigOverrides.h"
#include "core/config/LlmRole.h"

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
    static Result<AppConfig> load(const QSettings &settings, const QProcessEnvironment &environment,
                                  const ConfigOverrides &overrides);

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

    // The model a role gets on api.openai.com / api.anthropic.com when none is set.
    static QString defaultModel(LlmProvider provider, LlmRole role);
};

} // namespace Terrarium::Core
