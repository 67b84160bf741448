#pragma once

#include <QList>
#include <QString>

namespace Terrarium::Widgets {

// What draws a terminal pane. Terrarium's own view (libvterm) is the default and always built;
// QTermWidget (Qt 6, packaged on Debian 13) is a second engine where it was found at build time,
// fed from the same TerminalSession through its teletype mode.
enum class TerminalEngine { Terrarium, QTermWidget };

// The engines this build has, the default first.
QList<TerminalEngine> availableTerminalEngines();
// The value kept in the settings ("terrarium", "qtermwidget").
QString terminalEngineKey(TerminalEngine engine);
// The engine a settings value names, or the default when it names none this build has.
TerminalEngine terminalEngineFromKey(const QString &key);
// For the Preferences and `terrarium --version`.
QString terminalEngineName(TerminalEngine engine);
// The version of the library behind the engine (libvterm, QTermWidget), for `terrarium --version`.
QString terminalEngineLibraryVersion(TerminalEngine engine);

} // namespace Terrarium::Widgets
