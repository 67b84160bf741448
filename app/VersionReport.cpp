#include "VersionReport.h"

#include "core/terminal/TerminalEmulator.h"
#include "ui/CommandHighlighter.h"
#include "ui/TerminalEngine.h"
#include "vm/libvirt/LibvirtHost.h"

#include <QStringList>

namespace Terrarium::App {

QString versionReport()
{
    // Not translated: pasted into bug reports as it is.
    QStringList engines;
    for (const Widgets::TerminalEngine engine : Widgets::availableTerminalEngines())
        engines << Widgets::terminalEngineLibraryVersion(engine);
    const QStringList lines{
        QStringLiteral("terrarium %1").arg(QStringLiteral(TERRARIUM_VERSION)),
        QStringLiteral("Qt %1 (built with %2)")
            .arg(QLatin1String(qVersion()), QLatin1String(QT_VERSION_STR)),
        QStringLiteral("libvterm %1").arg(Core::TerminalEmulator::libraryVersion()),
        QStringLiteral("libvirt %1").arg(Vm::LibvirtHost::libraryVersion()),
        QStringLiteral("command highlighting: %1").arg(Widgets::CommandHighlighter::engineName()),
        QStringLiteral("terminal engines: %1").arg(engines.join(QLatin1String(", "))),
    };
    return lines.join(u'\n');
}

} // namespace Terrarium::App
