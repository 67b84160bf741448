#include "TerminalEngine.h"

#include "core/terminal/TerminalEmulator.h"

#include <QCoreApplication>

#ifdef TERRARIUM_HAVE_QTERMWIDGET
#include <qtermwidget_version.h>
#endif

namespace Terrarium::Widgets {

QList<TerminalEngine> availableTerminalEngines()
{
#ifdef TERRARIUM_HAVE_QTERMWIDGET
    return {TerminalEngine::Terrarium, TerminalEngine::QTermWidget};
#else
    return {TerminalEngine::Terrarium};
#endif
}

QString terminalEngineKey(TerminalEngine engine)
{
    switch (engine) {
    case TerminalEngine::Terrarium:
        return QStringLiteral("terrarium");
    case TerminalEngine::QTermWidget:
        return QStringLiteral("qtermwidget");
    }
    return {};
}

TerminalEngine terminalEngineFromKey(const QString &key)
{
    for (TerminalEngine engine : availableTerminalEngines()) {
        if (terminalEngineKey(engine) == key)
            return engine;
    }
    return TerminalEngine::Terrarium;
}

QString terminalEngineName(TerminalEngine engine)
{
    switch (engine) {
    case TerminalEngine::Terrarium:
        return QCoreApplication::translate("Terrarium::Widgets::TerminalEngine",
                                           "Terrarium's terminal view (libvterm)");
    case TerminalEngine::QTermWidget:
        return QCoreApplication::translate("Terrarium::Widgets::TerminalEngine", "QTermWidget");
    }
    return {};
}

QString terminalEngineLibraryVersion(TerminalEngine engine)
{
    switch (engine) {
    case TerminalEngine::Terrarium:
        return QStringLiteral("libvterm %1").arg(Core::TerminalEmulator::libraryVersion());
    case TerminalEngine::QTermWidget:
#ifdef TERRARIUM_HAVE_QTERMWIDGET
        return QStringLiteral("QTermWidget %1.%2.%3")
            .arg(QTERMWIDGET_VERSION_MAJOR)
            .arg(QTERMWIDGET_VERSION_MINOR)
            .arg(QTERMWIDGET_VERSION_PATCH);
#else
        return {};
#endif
    }
    return {};
}

} // namespace Terrarium::Widgets
