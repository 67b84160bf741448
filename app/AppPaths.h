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
};

} // namespace Terrarium::App
