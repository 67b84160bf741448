#include "VersionReport.h"

#include "core/terminal/TerminalEmulator.h"
#include "ui/CommandHighlighter.h"
#include "vm/libvirt/LibvirtHost.h"

#include <QStringList>

namespace Terrarium::App {

QString versionReport()
{
    // Not translated: pasted into bug reports as it is.
    const QStringList lines{
        QStringLiteral("terrarium %1").arg(QStringLiteral(TERRARIUM_VERSION)),
        QStringLiteral("Qt %1 (built with %2)")
            .arg(QLatin1String(qVersion()), QLatin1String(QT_VERSION_STR)),
        QStringLiteral("libvterm %1").arg(Core::TerminalEmulator::libraryVersion()),
        QStringLiteral("libvirt %1").arg(Vm::LibvirtHost::libraryVersion()),
        QStringLiteral("command highlighting: %1").arg(Widgets::CommandHighlighter::engineName()),
        QStringLiteral("terminal: Terrarium's libvterm view"),
    };
    return lines.join(u'\n');
}

} // namespace Terrarium::App
