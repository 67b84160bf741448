// Terminal panes into a real rootless Podman sandbox (PodmanSandbox::openPty, through
// terrarium-agent): vim edits a workspace file and redraws when the pane is resized, top and
// less run and quit, a shell takes Ctrl+C, Tab completion, history and Ctrl+D. Runs as the
// unprivileged test user after the podman_image fixture.
#include "core/terminal/TerminalEmulator.h"
#include "core/terminal/TerminalSession.h"
#include "tests/support/PodmanTestBackend.h"
#include "ui/TerminalArea.h"
#include "ui/TerminalPane.h"
#include "ui/TerminalView.h"
#include "vm/PodmanSandbox.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QWheelEvent>

#include <memory>

using namespace Terrarium;
using Widgets::TerminalArea;
using Widgets::TerminalPane;

class tst_TerminalSandbox : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void cleanup();

    void vimEditsAFile();
    void vimRedrawsOnResize();
    void topRunsAndQuits();
    void lessPagesAndQuits();
    void shellKeys();

private:
    // A pane on a terminal running argv (the sandbox's shell when empty).
    TerminalPane *open(const QStringList &argv);
    bool waitFor(TerminalPane *pane, const QString &text, int timeoutMs = 20000);
    bool waitFor(TerminalPane *pane, const QRegularExpression &pattern, int timeoutMs = 20000);
    void type(TerminalPane *pane, const QString &text);
    void enter(TerminalPane *pane);
    void writeWorkspaceFile(const QString &name, const QByteArray &contents);

    std::unique_ptr<Vm::PodmanBackend> m_backend;
    QTemporaryDir m_workspace;
    Vm::PodmanSandbox *m_sandbox = nullptr;
    std::unique_ptr<TerminalArea> m_area;
};

void tst_TerminalSandbox::initTestCase()
{
    m_backend = Tests::PodmanTestBackend::prepare();
    QVERIFY(m_backend);
    QVERIFY(m_workspace.isValid());
    Vm::SandboxSpec spec;
    spec.name = QStringLiteral("tst-terminal-%1").arg(QCoreApplication::applicationPid());
    spec.workspace = m_workspace.path();
    m_sandbox = m_backend->create(spec, this);
    QSignalSpy failed(m_sandbox, &Vm::Sandbox::failed);
    m_sandbox->start();
    QTRY_VERIFY_WITH_TIMEOUT(m_sandbox->isRunning() || !failed.isEmpty(), 60000);
    if (!failed.isEmpty())
        qWarning().noquote() << failed.first().first().value<Core::Error>().message;
    QVERIFY(m_sandbox->isRunning());
}

void tst_TerminalSandbox::cleanupTestCase()
{
    if (!m_sandbox)
        return;
    m_sandbox->destroy();
    QTRY_COMPARE_WITH_TIMEOUT(m_sandbox->state(), Vm::Sandbox::State::Stopped, 20000);
}

void tst_TerminalSandbox::init()
{
    m_area = std::make_unique<TerminalArea>();
    m_area->resize(900, 600);
    m_area->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_area.get()));
}

void tst_TerminalSandbox::cleanup()
{
    m_area.reset();
}

TerminalPane *tst_TerminalSandbox::open(const QStringList &argv)
{
    Vm::PtyRequest request;
    request.argv = argv;
    request.environment.insert(QStringLiteral("PS1"), QStringLiteral("$ "));
    request.environment.insert(QStringLiteral("HISTFILE"), QStringLiteral("/dev/null"));
    const auto session = m_sandbox->openPty(request);
    if (!session) {
        qWarning().noquote() << session.error().message;
        return nullptr;
    }
    return m_area->openPane(*session, QStringLiteral("podman: %1").arg(m_sandbox->spec().name),
                            m_sandbox->spec().name);
}

bool tst_TerminalSandbox::waitFor(TerminalPane *pane, const QString &text, int timeoutMs)
{
    return waitFor(pane, QRegularExpression(QRegularExpression::escape(text)), timeoutMs);
}

bool tst_TerminalSandbox::waitFor(TerminalPane *pane, const QRegularExpression &pattern,
                                  int timeoutMs)
{
    QElapsedTimer clock;
    clock.start();
    while (!pattern.match(pane->view()->screenText()).hasMatch()) {
        if (clock.elapsed() > timeoutMs) {
            qWarning().noquote() << "screen without" << pattern.pattern() << ":\n"
                                 << pane->view()->screenText();
            return false;
        }
        QTest::qWait(20);
    }
    return true;
}

void tst_TerminalSandbox::type(TerminalPane *pane, const QString &text)
{
    QTest::keyClicks(pane->view(), text);
}

void tst_TerminalSandbox::enter(TerminalPane *pane)
{
    QTest::keyClick(pane->view(), Qt::Key_Return);
}

void tst_TerminalSandbox::writeWorkspaceFile(const QString &name, const QByteArray &contents)
{
    QFile file(m_workspace.filePath(name));
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(contents);
}

void tst_TerminalSandbox::vimEditsAFile()
{
    TerminalPane *pane =
        open({QStringLiteral("vim"), QStringLiteral("-n"), QStringLiteral("notes.txt")});
    QVERIFY(pane);
    // vim's screen: empty buffer lines are '~'. (Its "[New]" message may already be gone: the
    // pane resizes the terminal right after it opened, and vim redraws.)
    QVERIFY(waitFor(pane, QStringLiteral("\n~\n~\n")));
    QTRY_VERIFY(pane->view()->emulator()->isAlternateScreen());
    type(pane, QStringLiteral("iHello from vim"));
    QTest::keyClick(pane->view(), Qt::Key_Return);
    type(pane, QStringLiteral("second line"));
    QTest::keyClick(pane->view(), Qt::Key_Escape);
    // Normal mode again: go up and change the first word (cw), keys vim gets as typed.
    QTest::keyClick(pane->view(), Qt::Key_Up);
    QTest::keyClick(pane->view(), Qt::Key_Home);
    type(pane, QStringLiteral("cwGreetings"));
    QTest::keyClick(pane->view(), Qt::Key_BracketLeft, Qt::ControlModifier); // Ctrl+[ is Escape
    QVERIFY(waitFor(pane, QStringLiteral("Greetings from vim\nsecond line")));
    type(pane, QStringLiteral(":wq"));
    enter(pane);
    QTRY_VERIFY_WITH_TIMEOUT(pane->isFinished(), 20000);
    QCOMPARE(*pane->exitCode(), 0);
    QFile file(m_workspace.filePath(QStringLiteral("notes.txt")));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), QByteArray("Greetings from vim\nsecond line\n"));
    QCOMPARE(pane->bannerText(), QStringLiteral("[Process exited with code 0]"));
}

void tst_TerminalSandbox::vimRedrawsOnResize()
{
    QByteArray lines;
    for (int i = 1; i <= 300; ++i)
        lines += "row-" + QByteArray::number(i) + '\n';
    writeWorkspaceFile(QStringLiteral("long.txt"), lines);
    // Started from the pane's shell once it shows its prompt, as a user would: a program started
    // as the pane opens may miss the pane's first resize (the SIGWINCH can come before it
    // handles the signal), and then draws for the size it was started with.
    TerminalPane *pane =
        open({QStringLiteral("bash"), QStringLiteral("--norc"), QStringLiteral("-i")});
    QVERIFY(pane);
    QVERIFY(waitFor(pane, QStringLiteral("$")));
    type(pane, QStringLiteral("exec vim -n long.txt"));
    enter(pane);
    QVERIFY(waitFor(pane, QRegularExpression(QStringLiteral("^row-1\n"))));
    QVERIFY(waitFor(pane, QRegularExpression(QStringLiteral("1,1 +Top$"))));
    // One buffer line per screen row but the last (the command line).
    const int rows = pane->view()->lines();
    QVERIFY(waitFor(pane, QStringLiteral("\nrow-%1\n").arg(rows - 1)));
    QVERIFY(!pane->view()->screenText().contains(QStringLiteral("\nrow-%1\n").arg(rows)));

    m_area->resize(m_area->width() + 300, m_area->height() + 200);
    QTRY_VERIFY(pane->view()->lines() >= rows + 8);
    const int taller = pane->view()->lines();
    const int columns = pane->view()->columns();
    // vim got SIGWINCH and redrew for the new size: more rows of the file, and its ruler
    // (Ctrl+G) reports nothing wrapped or cut.
    QVERIFY(waitFor(pane, QStringLiteral("\nrow-%1\n").arg(taller - 1)));
    type(pane, QStringLiteral(":echo &lines &columns"));
    enter(pane);
    QVERIFY(waitFor(pane, QStringLiteral("%1 %2").arg(taller).arg(columns)));
    // And smaller again.
    m_area->resize(m_area->width() - 400, m_area->height() - 300);
    QTRY_VERIFY(pane->view()->lines() < rows);
    const int shorter = pane->view()->lines();
    QVERIFY(waitFor(
        pane, QRegularExpression(QStringLiteral("\nrow-%1\n(\\s*\n)?[^\n]*$").arg(shorter - 1))));
    QVERIFY(!pane->view()->screenText().contains(QStringLiteral("\nrow-%1\n").arg(shorter)));
    type(pane, QStringLiteral(":q!"));
    enter(pane);
    QTRY_VERIFY_WITH_TIMEOUT(pane->isFinished(), 20000);
}

void tst_TerminalSandbox::topRunsAndQuits()
{
    TerminalPane *pane = open({QStringLiteral("top")});
    QVERIFY(pane);
    QVERIFY(waitFor(pane, QStringLiteral("Tasks:")));
    QVERIFY(waitFor(pane, QRegularExpression(QStringLiteral("PID +USER"))));
    QVERIFY(waitFor(pane, QStringLiteral(" top")));
    type(pane, QStringLiteral("q"));
    QTRY_VERIFY_WITH_TIMEOUT(pane->isFinished(), 20000);
    QCOMPARE(*pane->exitCode(), 0);
    // top left the alternate screen.
    QVERIFY(!pane->view()->emulator()->isAlternateScreen());
}

void tst_TerminalSandbox::lessPagesAndQuits()
{
    QByteArray lines;
    for (int i = 1; i <= 500; ++i)
        lines += "entry " + QByteArray::number(i) + '\n';
    writeWorkspaceFile(QStringLiteral("pages.txt"), lines);
    TerminalPane *pane = open({QStringLiteral("less"), QStringLiteral("pages.txt")});
    QVERIFY(pane);
    QVERIFY(waitFor(pane, QRegularExpression(QStringLiteral("^entry 1\n"))));
    const int rows = pane->view()->lines();
    // less may draw its first page before it hears of the pane's size: the page for the pane
    // ends with entry rows - 1 above less's prompt.
    QVERIFY(waitFor(
        pane, QRegularExpression(QStringLiteral("^entry 1\n(.*\n)*entry %1\n:").arg(rows - 1))));
    // Space: the next page starts where the last full line was.
    type(pane, QStringLiteral(" "));
    QVERIFY(waitFor(pane, QRegularExpression(QStringLiteral("^entry %1\n").arg(rows))));
    // PageDown, a key with an escape sequence.
    QTest::keyClick(pane->view(), Qt::Key_PageDown);
    QVERIFY(waitFor(pane, QRegularExpression(QStringLiteral("^entry %1\n").arg(2 * rows - 1))));
    // The wheel in the alternate screen scrolls less by lines (arrow keys).
    QWheelEvent wheel(QPointF(20, 20), pane->view()->viewport()->mapToGlobal(QPointF(20, 20)),
                      QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase,
                      false);
    QApplication::sendEvent(pane->view()->viewport(), &wheel);
    QVERIFY(waitFor(
        pane,
        QRegularExpression(
            QStringLiteral("^entry %1\n").arg(2 * rows - 1 - QApplication::wheelScrollLines()))));
    type(pane, QStringLiteral("G"));
    QVERIFY(waitFor(pane, QStringLiteral("entry 500\n(END)")));
    type(pane, QStringLiteral("q"));
    QTRY_VERIFY_WITH_TIMEOUT(pane->isFinished(), 20000);
    QCOMPARE(*pane->exitCode(), 0);
}

void tst_TerminalSandbox::shellKeys()
{
    writeWorkspaceFile(QStringLiteral("only-one-match.txt"), "tab completed\n");
    TerminalPane *pane =
        open({QStringLiteral("bash"), QStringLiteral("--norc"), QStringLiteral("-i")});
    QVERIFY(pane);
    QVERIFY(waitFor(pane, QStringLiteral("$")));

    // Ctrl+C interrupts a running command.
    type(pane, QStringLiteral("sleep 100"));
    enter(pane);
    QTest::qWait(500);
    QTest::keyClick(pane->view(), Qt::Key_C, Qt::ControlModifier);
    type(pane, QStringLiteral("echo status=$?"));
    enter(pane);
    QVERIFY(waitFor(pane, QStringLiteral("\nstatus=130")));

    // Tab completes the only file that matches.
    type(pane, QStringLiteral("cat only-"));
    QTest::keyClick(pane->view(), Qt::Key_Tab);
    QVERIFY(waitFor(pane, QStringLiteral("cat only-one-match.txt")));
    enter(pane);
    QVERIFY(waitFor(pane, QStringLiteral("\ntab completed")));

    // Arrows: Up recalls, Left moves inside the line.
    type(pane, QStringLiteral("echo abc"));
    enter(pane);
    QVERIFY(waitFor(pane, QStringLiteral("\nabc")));
    QTest::keyClick(pane->view(), Qt::Key_Up);
    QTest::keyClick(pane->view(), Qt::Key_Left);
    QTest::keyClick(pane->view(), Qt::Key_Left);
    type(pane, QStringLiteral("X"));
    enter(pane);
    QVERIFY(waitFor(pane, QStringLiteral("\naXbc")));

    // The pane's size is the terminal's inside the sandbox.
    type(pane, QStringLiteral("stty size"));
    enter(pane);
    QVERIFY(waitFor(
        pane, QStringLiteral("\n%1 %2").arg(pane->view()->lines()).arg(pane->view()->columns())));

    // Ctrl+D ends the shell.
    QTest::keyClick(pane->view(), Qt::Key_D, Qt::ControlModifier);
    QTRY_VERIFY_WITH_TIMEOUT(pane->isFinished(), 20000);
    QCOMPARE(*pane->exitCode(), 0);
}

QTEST_MAIN(tst_TerminalSandbox)
#include "tst_terminalsandbox.moc"
