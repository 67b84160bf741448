#include "CommandLine.h"

#include "app/AppTr.h"
#include "core/config/TaskFile.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>

namespace Terrarium::App {

CommandLine::Parsed CommandLine::parse(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        Tr::tr("Terrarium plans a goal with a language model, turns each step into a shell "
               "command and runs it inside a sandbox, re-planning when a step fails."));
    const QCommandLineOption help(QStringList{QStringLiteral("h"), QStringLiteral("help")},
                                  Tr::tr("Show this help and exit."));
    const QCommandLineOption version(QStringList{QStringLiteral("v"), QStringLiteral("version")},
                                     Tr::tr("Show the version and exit."));
    const QCommandLineOption headless(
        QStringLiteral("headless"),
        Tr::tr("Run without a window: events go to stdout as JSON lines, a log to stderr."));
    const QCommandLineOption goal(QStringLiteral("goal"), Tr::tr("The goal to reach."),
                                  Tr::tr("text"));
    const QCommandLineOption task(QStringLiteral("task"),
                                  Tr::tr("Task file (.yaml, .md or .txt) with the goal and the "
                                         "run's settings. The window shows what it asks for and "
                                         "waits for Run; --headless checks it and runs it."),
                                  Tr::tr("file"));
    const QCommandLineOption yes(QStringLiteral("yes"),
                                 Tr::tr("Allow what the task file asks for that needs consent: "
                                        "sandbox: host (no isolation) and network: outbound."));
    const QCommandLineOption sandbox(QStringLiteral("sandbox"),
                                     Tr::tr("Where commands run: podman (default), libvirt or "
                                            "host (no isolation)."),
                                     Tr::tr("kind"));
    const QCommandLineOption workspace(QStringLiteral("workspace"),
                                       Tr::tr("Host folder shared with the sandbox as its "
                                              "workspace (default: a new folder under "
                                              "~/Terrarium, or the task file's folder)."),
                                       Tr::tr("dir"));
    const QCommandLineOption provider(QStringLiteral("provider"),
                                      Tr::tr("LLM wire protocol: responses, chat or anthropic."),
                                      Tr::tr("name"));
    const QCommandLineOption baseUrl(QStringLiteral("base-url"),
                                     Tr::tr("Base URL of the LLM API, e.g. "
                                            "http://localhost:11434/v1."),
                                     Tr::tr("url"));
    const QCommandLineOption plannerModel(QStringLiteral("planner-model"),
                                          Tr::tr("Model that writes the plan."), Tr::tr("model"));
    const QCommandLineOption executorModel(QStringLiteral("executor-model"),
                                           Tr::tr("Model that turns steps into commands."),
                                           Tr::tr("model"));
    const QCommandLineOption trustLocalServer(
        QStringLiteral("trust-local-server"),
        Tr::tr("Use the local model server at this address although another user runs it (the "
               "uid its listening socket belongs to, as the refusal names it), e.g. "
               "127.0.0.1:11434@1001; may be repeated. Without it only your own servers are "
               "auto-detected."),
        Tr::tr("address:port@uid"));
    const QCommandLineOption approve(QStringLiteral("approve"),
                                     Tr::tr("Risky commands: ask (default), safe (deny them "
                                            "without asking) or all (run everything)."),
                                     Tr::tr("policy"));
    const QCommandLineOption maxSteps(
        QStringLiteral("max-steps"),
        Tr::tr("Most commands one run may execute (1-10000, default 30)."), Tr::tr("n"));
    const QCommandLineOption maxReplans(
        QStringLiteral("max-replans"),
        Tr::tr("Most re-plans one run may make (0-100; 0 turns re-planning "
               "off; default 5)."),
        Tr::tr("n"));
    const QCommandLineOption stepTimeout(
        QStringLiteral("step-timeout"),
        Tr::tr("Seconds one command may run (1-604800, default 600)."), Tr::tr("seconds"));
    const QCommandLineOption image(QStringLiteral("image"),
                                   Tr::tr("Sandbox image (default: Terrarium's Debian image, "
                                          "built locally when missing)."),
                                   Tr::tr("name"));
    const QCommandLineOption network(QStringLiteral("network"),
                                     Tr::tr("Sandbox network: none (default) or outbound."),
                                     Tr::tr("policy"));
    const QCommandLineOption workspaceMode(
        QStringLiteral("workspace-mode"),
        Tr::tr("mount (default for Podman): commands work in the folder itself; copy: on a copy "
               "whose changes you review before they reach the folder (always for VMs)."),
        Tr::tr("mode"));
    const QCommandLineOption applyChanges(
        QStringLiteral("apply-changes"),
        Tr::tr("With a sandbox that works on a copy, what happens to its changes at the end: ask "
               "(default; not applied without a terminal), yes (all but conflicts) or no."),
        Tr::tr("ask|yes|no"));
    const QCommandLineOption applyAutorun(
        QStringLiteral("apply-autorun"),
        Tr::tr("Also apply changes to files that programs on your machine run or obey by "
               "themselves (git hooks and settings, .envrc, editor tasks, shell start-up files), "
               "which --apply-changes yes leaves out and ask asks about one by one."));
    const QCommandLineOption allowAutorunWrites(
        QStringLiteral("allow-autorun-writes"),
        Tr::tr("With a mounted workspace, let commands change the files that programs on your "
               "machine run or obey by themselves (git hooks and settings, .envrc, editor "
               "folders), which are read-only in the sandbox otherwise."));
    const QCommandLineOption undoRisky(
        QStringLiteral("undo-risky"),
        Tr::tr("Snapshot the sandbox before each step the safety rules mark risky and roll it "
               "back when that step fails (VMs and Podman)."));
    const QCommandLineOption noTranslateAhead(
        QStringLiteral("no-translate-ahead"),
        Tr::tr("Do not ask the executor model for the next step's command while a step runs "
               "(which is done by default to save the model's latency; an early answer is used "
               "only when the step before succeeded)."));
    const QCommandLineOption sandboxName(QStringLiteral("sandbox-name"),
                                         Tr::tr("Use the sandbox with this name, attaching to it "
                                                "if it exists (see --list-sandboxes)."),
                                         Tr::tr("name"));
    const QCommandLineOption keepSandbox(QStringLiteral("keep-sandbox"),
                                         Tr::tr("Leave the sandbox running after a headless run."));
    const QCommandLineOption buildImage(
        QStringLiteral("build-image"),
        Tr::tr("Build the sandbox image if it is missing, and exit."));
    const QCommandLineOption rebuildImage(QStringLiteral("rebuild-image"),
                                          Tr::tr("Build the sandbox image again, and exit."));
    const QCommandLineOption listSandboxes(QStringLiteral("list-sandboxes"),
                                           Tr::tr("List Terrarium's sandboxes and exit."));
    const QCommandLineOption listRuns(QStringLiteral("list-runs"),
                                      Tr::tr("List the runs Terrarium kept, newest first, and "
                                             "exit."));
    const QCommandLineOption exportRunbook(
        QStringLiteral("export-runbook"),
        Tr::tr("Write the runbook of a kept run that succeeded (its goal and the commands that "
               "succeeded, with their exit codes) to FILE, a new .yaml file, and exit. Usage: "
               "--export-runbook RUN_ID FILE."),
        Tr::tr("run"));
    const QCommandLineOption replay(
        QStringLiteral("replay"),
        Tr::tr("Run the recorded commands of a runbook in a fresh sandbox, without a model "
               "(headless); stops at the first step whose exit code differs from the recorded "
               "one."),
        Tr::tr("runbook"));
    const QCommandLineOption resume(
        QStringLiteral("resume"),
        Tr::tr("Take up a kept run that was interrupted (Terrarium was killed or crashed) or "
               "failed, headless, under the same run id: the planner re-plans from the step "
               "that did not finish. Its own sandbox is used again when it still exists."),
        Tr::tr("run"));
    const QCommandLineOption replanOnDivergence(
        QStringLiteral("replan-on-divergence"),
        Tr::tr("With --replay: when a step's exit code differs, the planner re-plans from there "
               "(a model is needed then)."));
    const QCommandLineOption removeSandbox(QStringLiteral("remove-sandbox"),
                                           Tr::tr("Remove a sandbox nobody uses and exit."),
                                           Tr::tr("name"));
    const QCommandLineOption cleanOrphans(
        QStringLiteral("clean-orphans"),
        Tr::tr("Remove the sandboxes that runs which did not end left behind (not those kept "
               "with --keep-sandbox or --sandbox-name); alone, do only that and exit."));
    const QCommandLineOption serve(
        QStringLiteral("serve"),
        Tr::tr("Serve the control API on 127.0.0.1 and ::1 (port %1 unless a port follows; 0 "
               "picks a free one) while the window is open; with --headless and no goal, run "
               "what its clients start.")
            .arg(DefaultServePort));
    const QCommandLineOption serveSocket(
        QStringLiteral("serve-socket"),
        Tr::tr("Serve the control API on the Unix socket %1 (beside the port with --serve, "
               "alone without it).")
            .arg(QStringLiteral("$XDG_RUNTIME_DIR/terrarium/control.sock")));
    const QCommandLineOption config(QStringLiteral("config"),
                                    Tr::tr("Configuration file to use instead of "
                                           "~/.config/terrarium/terrarium.conf."),
                                    Tr::tr("file"));
    parser.addOptions({help,
                       version,
                       headless,
                       goal,
                       sandbox,
                       workspace,
                       provider,
                       baseUrl,
                       plannerModel,
                       executorModel,
                       trustLocalServer,
                       approve,
                       maxSteps,
                       maxReplans,
                       stepTimeout,
                       image,
                       network,
                       sandboxName,
                       keepSandbox,
                       buildImage,
                       rebuildImage,
                       listSandboxes,
                       removeSandbox,
                       config,
                       task,
                       yes,
                       workspaceMode,
                       applyChanges,
                       applyAutorun,
                       allowAutorunWrites,
                       undoRisky,
                       listRuns,
                       exportRunbook,
                       replay,
                       replanOnDivergence,
                       cleanOrphans,
                       resume,
                       serve,
                       serveSocket,
                       noTranslateAhead});
    parser.addPositionalArgument(QStringLiteral("goal"),
                                 Tr::tr("The goal, as an alternative to --goal."),
                                 Tr::tr("[goal...]"));

    // --serve [PORT]: the port is optional, which the parser does not know; taken off first.
    QStringList parsedArguments = arguments;
    std::optional<quint16> servePort;
    for (qsizetype i = 1; i < parsedArguments.size(); ++i) {
        QString value;
        if (parsedArguments.at(i).startsWith(QLatin1String("--serve=")))
            value = parsedArguments.at(i).mid(8);
        else if (parsedArguments.at(i) == QLatin1String("--serve") && i + 1 < parsedArguments.size()
                 && !parsedArguments.at(i + 1).isEmpty()
                 && std::ranges::all_of(parsedArguments.at(i + 1),
                                        [](QChar c) { return c.isDigit(); }))
            value = parsedArguments.takeAt(i + 1);
        else
            continue;
        bool ok = false;
        const uint port = value.toUInt(&ok);
        Parsed parsed;
        parsed.helpText = parser.helpText();
        if (!ok || port > 65535) {
            parsed.error = Tr::tr("--serve takes a port from 0 to 65535, not \"%1\".").arg(value);
            return parsed;
        }
        servePort = quint16(port);
        parsedArguments[i] = QStringLiteral("--serve");
    }

    Parsed parsed;
    parsed.helpText = parser.helpText();
    if (!parser.parse(parsedArguments)) {
        parsed.error = parser.errorText();
        return parsed;
    }

    CommandLineOptions options;
    options.showHelp = parser.isSet(help);
    options.showVersion = parser.isSet(version);
    options.headless = parser.isSet(headless);
    options.goal = parser.value(goal);
    options.exportRunId = parser.value(exportRunbook).trimmed();
    if (parser.isSet(exportRunbook)) {
        // The file is the one argument after the run: --export-runbook RUN_ID FILE.
        if (options.exportRunId.isEmpty() || parser.positionalArguments().size() != 1
            || !options.goal.isEmpty()) {
            parsed.error = Tr::tr("--export-runbook takes a run and a file: --export-runbook "
                                  "RUN_ID FILE.");
            return parsed;
        }
        options.exportFile = parser.positionalArguments().constFirst();
    } else if (options.goal.isEmpty())
        options.goal = parser.positionalArguments().join(u' ');
    else if (!parser.positionalArguments().isEmpty()) {
        parsed.error = Tr::tr("Give the goal either with --goal or as arguments, not both.");
        return parsed;
    }
    options.goal = options.goal.trimmed();
    options.taskFile = parser.value(task);
    // "Open with Terrarium" on a task file (the desktop file's Exec=terrarium %f): in the
    // window, the one argument that names an existing task file is opened for review, as if
    // dropped; it never starts a run by itself.
    if (!options.headless && options.taskFile.isEmpty() && !parser.isSet(goal)
        && parser.positionalArguments().size() == 1) {
        const QString path = parser.positionalArguments().constFirst();
        if (Core::TaskFile::hasTaskFileName(path) && QFileInfo(path).isFile()) {
            options.taskFile = path;
            options.goal.clear();
        }
    }
    options.yes = parser.isSet(yes);
    options.replayFile = parser.value(replay);
    options.replanOnDivergence = parser.isSet(replanOnDivergence);
    options.resumeRunId = parser.value(resume).trimmed();
    if (parser.isSet(resume)) {
        if (options.resumeRunId.isEmpty()) {
            parsed.error = Tr::tr("--resume needs a run id (terrarium --list-runs lists them).");
            return parsed;
        }
        if (!options.goal.isEmpty() || !options.taskFile.isEmpty() || parser.isSet(replay)) {
            parsed.error = Tr::tr("A resumed run (--resume) has its own goal; give no goal, "
                                  "--task or --replay with it.");
            return parsed;
        }
        // Like a replay, it goes on without a window.
        options.headless = true;
    }
    if (!options.replayFile.isEmpty()) {
        if (!options.goal.isEmpty() || !options.taskFile.isEmpty()) {
            parsed.error = Tr::tr("A runbook (--replay) has its own goal; give no goal or "
                                  "--task with it.");
            return parsed;
        }
        // A replay runs without a window, like --headless.
        options.headless = true;
    } else if (options.replanOnDivergence) {
        parsed.error = Tr::tr("--replan-on-divergence only goes with --replay RUNBOOK.");
        return parsed;
    }
    if (!options.taskFile.isEmpty() && !options.goal.isEmpty()) {
        parsed.error = Tr::tr("Give the goal either in the task file (--task) or on the command "
                              "line, not both.");
        return parsed;
    }
    options.configFile = parser.value(config);
    options.sandboxName = parser.value(sandboxName);
    options.keepSandbox = parser.isSet(keepSandbox);
    options.undoRisky = parser.isSet(undoRisky);
    options.applyAutorun = parser.isSet(applyAutorun);
    if (parser.isSet(applyChanges)) {
        options.applyChanges = parser.value(applyChanges).toLower();
        if (options.applyChanges != QLatin1String("ask")
            && options.applyChanges != QLatin1String("yes")
            && options.applyChanges != QLatin1String("no")) {
            parsed.error = Tr::tr("--apply-changes takes ask, yes or no, not \"%1\".")
                               .arg(parser.value(applyChanges));
            return parsed;
        }
    }
    options.buildImage = parser.isSet(buildImage);
    options.rebuildImage = parser.isSet(rebuildImage);
    options.listSandboxes = parser.isSet(listSandboxes);
    options.listRuns = parser.isSet(listRuns);
    options.removeSandbox = parser.value(removeSandbox);
    options.cleanOrphans = parser.isSet(cleanOrphans);
    options.serve = parser.isSet(serve);
    options.servePort = servePort.value_or(DefaultServePort);
    options.serveSocket = parser.isSet(serveSocket);
    // The window serves alongside what the user does; headless, the clients start the runs.
    if (options.serves() && options.headless
        && (!options.goal.isEmpty() || !options.taskFile.isEmpty() || !options.replayFile.isEmpty()
            || !options.resumeRunId.isEmpty() || !options.exportRunId.isEmpty())) {
        parsed.error = Tr::tr("--serve with --headless takes no goal: the control API's "
                              "clients start the runs.");
        return parsed;
    }

    auto optional = [&parser](const QCommandLineOption &option) -> std::optional<QString> {
        return parser.isSet(option) ? std::optional(parser.value(option)) : std::nullopt;
    };
    options.overrides.provider = optional(provider);
    options.overrides.baseUrl = optional(baseUrl);
    options.overrides.plannerModel = optional(plannerModel);
    options.overrides.executorModel = optional(executorModel);
    options.overrides.trustedLocalServers = parser.values(trustLocalServer);
    options.overrides.sandbox = optional(sandbox);
    options.overrides.approval = optional(approve);
    options.overrides.workspace = optional(workspace);
    options.overrides.maxSteps = optional(maxSteps);
    options.overrides.maxReplans = optional(maxReplans);
    options.overrides.stepTimeoutSeconds = optional(stepTimeout);
    options.overrides.image = optional(image);
    options.overrides.network = optional(network);
    options.overrides.workspaceMode = optional(workspaceMode);
    if (parser.isSet(noTranslateAhead))
        options.overrides.translateAhead = QStringLiteral("false");
    if (parser.isSet(allowAutorunWrites))
        options.overrides.allowAutorunWrites = QStringLiteral("true");

    // The window offers to remove them itself; a goal goes with --clean-orphans only headless.
    if (options.cleanOrphans && !options.headless
        && (!options.goal.isEmpty() || !options.taskFile.isEmpty())) {
        parsed.error = Tr::tr("--clean-orphans works alone or with --headless.");
        return parsed;
    }
    if (options.headless && options.goal.isEmpty() && options.taskFile.isEmpty()
        && options.replayFile.isEmpty() && options.exportRunId.isEmpty()
        && options.resumeRunId.isEmpty() && !options.serves() && !options.showHelp
        && !options.showVersion && !options.isMaintenance()) {
        parsed.error = Tr::tr("--headless needs a goal: --goal \"...\" or --task FILE.");
        return parsed;
    }
    parsed.options = options;
    return parsed;
}

} // namespace Terrarium::App
