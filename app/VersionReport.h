#pragma once

#include <QString>

namespace Terrarium::App {

// What `terrarium --version` prints: the version, then the libraries it runs with and the
// optional parts this build has (the command highlighting engine, the terminal engines), so a
// bug report says which code paths ran.
QString versionReport();

} // namespace Terrarium::App
