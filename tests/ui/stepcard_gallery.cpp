// A window of step cards in every state, for looking at them: contrast, spacing and clipping
// in light and dark palettes and at HiDPI scale factors. Not a test; run it under Xvfb and take
// a screenshot:
//   stepcard_gallery [--dark] [--interleaved] [--expanded] [--width N] [--screenshot FILE]
//   (QT_SCALE_FACTOR=2 for HiDPI)
// --screenshot saves the window to FILE once it is shown and quits.
#include "ui/ConsoleView.h"
#include "ui/StepCard.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QPalette>
#include <QScrollArea>
#include <QStyleFactory>
#include <QTimer>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;
using Terrarium::Core::StepState;
using Terrarium::Widgets::StepCard;

namespace {

QPalette darkPalette()
{
    QPalette palette;
    const QColor window(0x2b, 0x2b, 0x2b);
    const QColor base(0x1e, 0x1e, 0x1e);
    const QColor text(0xe8, 0xe8, 0xe8);
    palette.setColor(QPalette::Window, window);
    palette.setColor(QPalette::WindowText, text);
    palette.setColor(QPalette::Base, base);
    palette.setColor(QPalette::AlternateBase, window);
    palette.setColor(QPalette::Text, text);
    palette.setColor(QPalette::Button, QColor(0x3a, 0x3a, 0x3a));
    palette.setColor(QPalette::ButtonText, text);
    palette.setColor(QPalette::ToolTipBase, base);
    palette.setColor(QPalette::ToolTipText, text);
    palette.setColor(QPalette::PlaceholderText, QColor(0x9a, 0x9a, 0x9a));
    palette.setColor(QPalette::Highlight, QColor(0x3d, 0x7a, 0xd6));
    palette.setColor(QPalette::HighlightedText, Qt::white);
    // Qt's default link blue on purpose: the card has to make it readable.
    palette.setColor(QPalette::Link, QColor(0x00, 0x00, 0xff));
    palette.setColor(QPalette::Mid, QColor(0x50, 0x50, 0x50));
    return palette;
}

} // namespace

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QCommandLineParser parser;
    const QCommandLineOption dark(u"dark"_s, u"Use a dark palette."_s);
    parser.addOption(dark);
    const QCommandLineOption interleaved(u"interleaved"_s,
                                         u"Show the cards' output interleaved."_s);
    parser.addOption(interleaved);
    const QCommandLineOption expanded(u"expanded"_s, u"Show long output at full height."_s);
    parser.addOption(expanded);
    const QCommandLineOption width(u"width"_s, u"Window width in pixels."_s, u"pixels"_s, u"900"_s);
    parser.addOption(width);
    const QCommandLineOption screenshot(u"screenshot"_s, u"Save the window to file and quit."_s,
                                        u"file"_s);
    parser.addOption(screenshot);
    parser.addHelpOption();
    parser.process(app);

    QApplication::setStyle(QStyleFactory::create(u"Fusion"_s));
    if (parser.isSet(dark))
        QApplication::setPalette(darkPalette());

    QScrollArea window;
    window.setWidgetResizable(true);
    auto *content = new QWidget(&window);
    auto *layout = new QVBoxLayout(content);

    auto *done = new StepCard(1, u"List the project's files"_s, content);
    done->setCommand(u"ls -la ~/project | grep -v '^total' # skip the header"_s);
    done->setState(StepState::Running);
    done->appendOutput(false,
                       u"drwxr-xr-x  5 user user 4096 Jun 11 10:02 .\n"
                       u"-rw-r--r--  1 user user  220 Jun 11 10:01 \x1b[32mREADME.md\x1b[0m\n"_s);
    done->setResult(0, 320);
    done->setState(StepState::Done);

    auto *failed = new StepCard(2, u"Build the project and run its tests"_s, content);
    failed->setCommand(
        u"cd ~/project && make -j\"$(nproc)\" 2>&1 | tee build.log\n"
        u"if [[ ${PIPESTATUS[0]} -ne 0 ]]; then echo \"build failed: $?\" >&2; exit 1; fi"_s);
    failed->setState(StepState::Running);
    failed->appendOutput(false, u"cc -O2 -c main.c\n"_s);
    failed->appendOutput(true, u"main.c:3:1: warning: unused variable 'y'\n"_s);
    failed->appendOutput(false, u"cc -O2 -c util.c\n"_s);
    failed->appendOutput(true,
                         u"util.c:12:5: error: 'x' undeclared (first use in this function)\n"
                         u"make: *** [Makefile:8: util.o] Error 1\n"_s);
    failed->setResult(2, 4230);
    failed->setState(StepState::Failed);

    auto *waiting = new StepCard(3, u"Install the dependencies"_s, content);
    waiting->setCommand(u"sudo apt-get install -y libvirt-dev <<< \"$ANSWER\""_s);
    waiting->setState(StepState::Running);
    waiting->appendOutput(false,
                          u"Reading package lists... Done\n"
                          u"Do you want to continue? [Y/n] "_s);
    waiting->showInputPrompt(u"Do you want to continue? [Y/n]"_s);

    auto *heredoc = new StepCard(4, u"Write the configuration file"_s, content);
    heredoc->setCommand(u"cat > ~/.config/app.conf <<'EOF'\n"
                        u"[server]\nport = 8080  # not a comment in bash\nEOF\n"
                        u"export APP_CONF=~/.config/app.conf; echo \"wrote ${APP_CONF}\""_s);
    heredoc->setState(StepState::Running);

    auto *longOutput = new StepCard(8, u"Run the test suite"_s, content);
    longOutput->setCommand(u"ctest --output-on-failure"_s);
    longOutput->setState(StepState::Running);
    for (int i = 1; i <= 24; ++i) {
        longOutput->appendOutput(
            false,
            u"%1/24 Test #%1: test_%1 ........   Passed    0.0%2 sec\n"_s.arg(i).arg(i % 10));
        if (i % 8 == 0)
            longOutput->appendOutput(true, u"note: test_%1 took the slow path\n"_s.arg(i));
    }
    longOutput->setResult(0, 2100);
    longOutput->setState(StepState::Done);

    auto *collapsed = new StepCard(5, u"Check the disk usage of the home directory"_s, content);
    collapsed->setCommand(u"du -sh ~ 2>/dev/null"_s);
    collapsed->appendOutput(false, u"1.2G\t/home/user\n"_s);
    collapsed->setResult(0, 63000);
    collapsed->setState(StepState::Done);
    collapsed->setCollapsed(true);

    auto *pending = new StepCard(6, u"Commit the fix"_s, content);

    auto *skipped = new StepCard(7, u"Publish the release (skipped: the build failed)"_s, content);
    skipped->setState(StepState::Skipped);

    for (StepCard *card :
         {done, failed, waiting, heredoc, longOutput, collapsed, pending, skipped}) {
        if (parser.isSet(interleaved))
            card->setOutputView(StepCard::OutputView::Interleaved);
        if (parser.isSet(expanded)) {
            for (auto *console :
                 {card->stdoutConsole(), card->stderrConsole(), card->interleavedConsole()})
                console->setExpanded(true);
        }
        layout->addWidget(card);
    }
    layout->addStretch(1);
    window.setWidget(content);
    window.resize(parser.value(width).toInt(), 1300);
    window.show();

    // The running card keeps streaming, as a real step would.
    QTimer streamer;
    int tick = 0;
    QObject::connect(&streamer, &QTimer::timeout, heredoc, [heredoc, &tick] {
        ++tick;
        heredoc->appendOutput(tick % 5 == 0, u"tick %1\n"_s.arg(tick));
    });
    streamer.start(400);
    if (parser.isSet(screenshot)) {
        // Long enough for the consoles' batched rendering and a few ticks of streaming.
        QTimer::singleShot(1500, &window, [&window, &parser, &screenshot] {
            const bool saved = window.grab().save(parser.value(screenshot));
            QCoreApplication::exit(saved ? 0 : 1);
        });
    }
    return app.exec();
}
