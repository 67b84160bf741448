#pragma once

#include <QString>

namespace Terrarium::Core {

// Where the value in effect of one setting comes from. The kinds are listed in rising order:
// each overrides those before it (a task file applies last, to its own runs).
struct SettingSource
{
    enum class Kind { Default, ConfigFile, Environment, CommandLine, TaskFile };

    Kind kind = Kind::Default;
    // ConfigFile: the key ("planner/model", or the shared "llm/model"); Environment: the
    // variable ("TERRARIUM_PLANNER_MODEL"); CommandLine: the option ("--max-steps"); TaskFile:
    // the task file's key ("limits.max_steps"). Only ever a name, never a value.
    QString name;
    // ConfigFile: the file's path.
    QString path;

    static SettingSource configFile(const QString &key, const QString &path);
    static SettingSource environment(const QString &variable);
    static SettingSource commandLine(const QString &option);
    static SettingSource taskFile(const QString &key);

    // Whether runs do not get what is saved to the config file (as the settings dialog does),
    // because a source above the file sets this setting.
    bool overridesConfigFile() const { return kind > Kind::ConfigFile; }

    // For people: "the environment variable TERRARIUM_MODEL", "the command line option
    // --max-steps", "planner/model in the config file /home/me/.config/terrarium.conf".
    QString description() const;

    bool operator==(const SettingSource &) const = default;
};

} // namespace Terrarium::Core
