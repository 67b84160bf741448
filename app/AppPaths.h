#pragma once

#include <QString>

namespace Terrarium::App {

// Where Terrarium's helper files are: the in-sandbox agent binary and the image build script.
// An installed Terrarium finds them next to itself (../libexec/terrarium, ../share/terrarium);
// a build tree uses the paths CMake knew. TERRARIUM_AGENT overrides the agent's path.
class AppPaths
{
public:
    static QString agent();
    static QString imageBuildScript();
    static QString vmImageBuildScript();
    // Where the record of what was copied into a sandbox that works on a copy is kept (the
    // base of its change set); it goes when the sandbox goes.
    static QString workspaceBase(const QString &sandboxName);
    // The configuration file README and --help name: ~/.config/terrarium/terrarium.conf.
    static QString configFile();
    // Earlier builds kept the configuration in terrarium.ini beside it (QSettings' own
    // name for an INI file), so a terrarium.conf written by hand was never read. Moves that
    // file to configFile() once, when there is none yet; says so in the log, and leaves both
    // alone (with a warning) when both exist.
    static void adoptEarlierConfigFile();
    // Run data is the user's alone, however an older version left it (0755 folders, 0644
    // files): the data folder (~/.local/share/terrarium, where runs, kept output and workspace
    // bases are) and its workspace bases become 0700 and 0600, so do the configuration folder
    // (~/.config/terrarium, made so when missing: the first save lands there) and its
    // terrarium.conf, whose mode Qt keeps when it saves. The run store tightens its own files
    // (Core::RunStore::open()). What cannot be changed is logged.
    static void restrictUserFolders();
};

} // namespace Terrarium::App
