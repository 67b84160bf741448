#include "app/AppIcon.h"
#include "app/AppPaths.h"
#include "app/AppTr.h"
#include "app/CommandLine.h"
#include "app/ControlHost.h"
#include "app/HeadlessRunner.h"
#include "app/RunListing.h"
#include "app/SandboxTool.h"
#include "app/SignalWatcher.h"
#include "app/VersionReport.h"
#include "app/WindowController.h"
#include "core/config/ConfigLoader.h"
#include "core/config/SecretEnvironment.h"
#include "core/store/RunStore.h"
#include "core/store/RunbookExporter.h"
#include "ui/MainWindow.h"

#include <QApplication>
#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

#include <cstdio>
#include <memory>

#include <sys/prctl.h>

using namespace Terrarium;

namespace {

void installTranslations(QCoreApplication &app)
{
    auto *translator = new QTranslator(&app);
    if (translator->load(QLocale(), QStringLiteral("terrarium"), QStringLiteral("_"),
                         QStringLiteral(":/i18n")))
        QCoreApplication::installTranslator(translator);
}

std::unique_ptr<QSettings> openSettings(const QString &file)
{
    if (!file.isEmpty())
        return std::make_unique<QSettings>(file, QSettings::IniFormat);
    // Not QSettings(IniFormat, UserScope, ...): that one is terrarium.ini, not the file the
    // README and --help name.
    App::AppPaths::adoptEarlierConfigFile();
    return std::make_unique<QSettings>(App::AppPaths::configFile(), QSettings::IniFormat);
}

int printLine(FILE *stream, const QString &text, int exitCode)
{
    std::fputs(qPrintable(text), stream);
    std::fputc('\n', stream);
    return exitCode;
}

} // namespace

int main(int argc, char *argv[])
{
    // Commands on the host sandbox run as the user: without this they could read Terrarium's
    // memory and /proc/PID/environ, mem and maps (keys, the control token) or ptrace it. The
    // programs it starts are dumpable again (execve resets it). Then the keys and the token
    // leave the environment: no program started inherits them, /proc/PID/environ no longer
    // holds them; the configuration reads them from `environment`.
    ::prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
    const QProcessEnvironment environment = Core::SecretEnvironment::takeFromProcess();

    // Only the window needs a display server: headless runs, --help, --version and usage errors
    // must work without one. The first parse decides; the second one is translated.
    QStringList rawArguments;
    for (int i = 0; i < argc; ++i)
        rawArguments.append(QString::fromLocal8Bit(argv[i]));
    const App::CommandLine::Parsed early = App::CommandLine::parse(rawArguments);
    const bool needsWindow = early.options && !early.options->headless && !early.options->showHelp
        && !early.options->showVersion && !early.options->isMaintenance()
        && !early.options->listRuns && early.options->exportRunId.isEmpty();
    std::unique_ptr<QCoreApplication> app;
    if (needsWindow)
        app = std::make_unique<QApplication>(argc, argv);
    else
        app = std::make_unique<QCoreApplication>(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("terrarium"));
    QCoreApplication::setApplicationVersion(QStringLiteral(TERRARIUM_VERSION));
    installTranslations(*app);

    const App::CommandLine::Parsed parsed = App::CommandLine::parse(QCoreApplication::arguments());
    if (!parsed.options)
        return printLine(stderr,
                         App::Tr::tr("terrarium: %1\nTry 'terrarium --help'.").arg(parsed.error),
                         App::HeadlessRunner::UsageError);
    const App::CommandLineOptions &options = *parsed.options;
    if (options.showHelp)
        return printLine(stdout, parsed.helpText, 0);
    if (options.showVersion)
        return printLine(stdout, App::versionReport(), 0);

    if (!options.configFile.isEmpty()) {
        if (const auto checked = Core::ConfigLoader::checkFile(options.configFile); !checked)
            return printLine(stderr, App::Tr::tr("terrarium: %1").arg(checked.error().message),
                             App::HeadlessRunner::UsageError);
    }
    const std::unique_ptr<QSettings> settings = openSettings(options.configFile);
    App::AppPaths::restrictUserFolders();

    if (options.listRuns) {
        Core::RunStore store;
        if (const auto opened = store.open(Core::RunStore::defaultPath()); !opened)
            return printLine(stderr, App::Tr::tr("terrarium: %1").arg(opened.error().message), 1);
        const QString listing = App::RunListing::format(store.runs());
        return printLine(stdout, listing.isEmpty() ? App::Tr::tr("No runs kept yet.") : listing, 0);
    }

    if (!options.exportRunId.isEmpty()) {
        Core::RunStore store;
        if (const auto opened = store.open(Core::RunStore::defaultPath()); !opened)
            return printLine(stderr, App::Tr::tr("terrarium: %1").arg(opened.error().message), 1);
        const auto exported =
            Core::RunbookExporter::exportRun(store, options.exportRunId, options.exportFile);
        if (!exported)
            return printLine(stderr, App::Tr::tr("terrarium: %1").arg(exported.error().message), 1);
        return printLine(stdout,
                         App::Tr::tr("Wrote the runbook of run %1 to %2; replay it with "
                                     "terrarium --replay %2")
                             .arg(options.exportRunId, options.exportFile),
                         0);
    }

    if (options.isMaintenance()) {
        App::SandboxTool tool(options, settings.get());
        QObject::connect(&tool, &App::SandboxTool::finished, app.get(),
                         [](int exitCode) { QCoreApplication::exit(exitCode); });
        tool.start();
        return app->exec();
    }

    if (options.serves() && options.headless) {
        App::SignalWatcher signalWatcher;
        App::ControlHost host(options, settings.get(), environment);
        QObject::connect(&signalWatcher, &App::SignalWatcher::interrupted, &host,
                         &App::ControlHost::interrupt);
        QObject::connect(&host, &App::ControlHost::finished, app.get(),
                         [](int exitCode) { QCoreApplication::exit(exitCode); });
        host.start();
        return app->exec();
    }

    if (options.headless) {
        App::SignalWatcher signalWatcher;
        App::HeadlessRunner runner(options, settings.get(), environment);
        QObject::connect(&signalWatcher, &App::SignalWatcher::interrupted, &runner,
                         &App::HeadlessRunner::interrupt);
        QObject::connect(&runner, &App::HeadlessRunner::finished, app.get(),
                         [](int exitCode) { QCoreApplication::exit(exitCode); });
        runner.start();
        return app->exec();
    }

    QApplication::setDesktopFileName(QStringLiteral(TERRARIUM_APP_ID));
    // Every window and dialog after this one shows it.
    QApplication::setWindowIcon(App::applicationIcon());
    Widgets::MainWindow window;
    App::WindowController controller(&window, settings.get(), options.overrides, environment);
    // Logout and kill end the window as Quit does, not mid-command with the sandbox left behind.
    App::SignalWatcher signalWatcher;
    QObject::connect(&signalWatcher, &App::SignalWatcher::interrupted, &controller,
                     &App::WindowController::quit);
    // Quit only once the window's sandboxes are gone, not the moment it closes.
    QApplication::setQuitOnLastWindowClosed(false);
    QObject::connect(&controller, &App::WindowController::shutDown, app.get(),
                     [] { QCoreApplication::quit(); });
    if (options.serves())
        controller.serveControl(options.serve ? std::optional(options.servePort) : std::nullopt,
                                options.serveSocket);
    if (!options.goal.isEmpty())
        window.setGoal(options.goal);
    window.show();
    // Shown for review; like a dropped file, it waits for Run.
    if (!options.taskFile.isEmpty())
        controller.openTaskFile(options.taskFile);
    return app->exec();
}
