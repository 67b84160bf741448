#pragma once

#include "core/config/ConfigOverrides.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace Terrarium::App {

// What the user asked for on the command line.
struct CommandLineOptions
{
    bool headless = false;
    bool showHelp = false;
    bool showVersion = false;
    QString goal;
    QString configFile; // empty: ~/.config/terrarium/terrarium.conf
    Core::ConfigOverrides overrides;
};

// Parses argv. Pure (no exit(), no printing), so tests can run it; errors are messages.
class CommandLine
{
public:
    struct Parsed
    {
        std::optional<CommandLineOptions> options;
        QString error; // set when options is empty
        QString helpText; // always set
    };

    static Parsed parse(const QStringList &arguments);
};

} // namespace Terrarium::App
