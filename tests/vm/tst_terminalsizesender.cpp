// Core::TerminalSizeSender with a real bash on a real pseudo terminal (Vm::LocalPtySession): a
// pane being laid out while its shell starts must not cost the shell its prompt, the program
// hears only of the size the layout settles on, and it knows that size before it reads a key.
#include "core/terminal/TerminalSizeSender.h"
#include "vm/LocalPtySession.h"

#include <QElapsedTimer>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <utility>

using namespace Terrarium;

class tst_TerminalSizeSender : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sizeWaitsForThePrompt();
    void sizesGoOnceSettled();
    void inputSendsAHeldSizeFirst();

private:
    std::unique_ptr<Vm::LocalPtySession> startShell(const QStringList &arguments = {});
    bool waitFor(const QByteArray &text, int timeoutMs = 10000);

    QTemporaryDir m_dir;
    QByteArray m_output;
};

std::unique_ptr<Vm::LocalPtySession>
tst_TerminalSizeSender::startShell(const QStringList &arguments)
{
    m_output.clear();
    auto session = std::make_unique<Vm::LocalPtySession>();
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("TERM"), QStringLiteral("xterm-256color"));
    environment.insert(QStringLiteral("PS1"), QStringLiteral("prompt$ "));
    environment.insert(QStringLiteral("HISTFILE"), QStringLiteral("/dev/null"));
    environment.remove(QStringLiteral("PROMPT_COMMAND"));
    QStringList argv{QStringLiteral("bash"), QStringLiteral("--norc"),
                     QStringLiteral("--noprofile")};
    argv << (arguments.isEmpty() ? QStringList{QStringLiteral("-i")} : arguments);
    connect(session.get(), &Core::TerminalSession::received, this,
            [this](const QByteArray &data) { m_output += data; });
    if (!session->start(argv, m_dir.path(), environment, 80, 24))
        return nullptr;
    return session;
}

bool tst_TerminalSizeSender::waitFor(const QByteArray &text, int timeoutMs)
{
    QElapsedTimer clock;
    clock.start();
    while (!m_output.contains(text)) {
        if (clock.elapsed() > timeoutMs) {
            qWarning() << "no" << text << "in" << m_output;
            return false;
        }
        QTest::qWait(5);
    }
    return true;
}

void tst_TerminalSizeSender::sizeWaitsForThePrompt()
{
    // A pane laid out just as its shell starts: new sizes come right after readline turned
    // bracketed paste on, before it drew the prompt. They wait for the prompt; the shell shows
    // it and ends up with the last size.
    for (int attempt = 0; attempt < 5; ++attempt) {
        auto session = startShell();
        QVERIFY(session);
        Core::TerminalSizeSender sender;
        sender.setSession(session.get());
        sender.setSize(70, 22);
        qsizetype heldAt = -1;
        bool heldThen = false;
        connect(session.get(), &Core::TerminalSession::received, &sender, [&] {
            if (heldAt >= 0 || !m_output.endsWith("\x1b[?2004h"))
                return;
            heldAt = m_output.size();
            heldThen = sender.isHolding();
            sender.setSize(61, 19);
            sender.setSize(60, 20);
        });
        QVERIFY2(waitFor("prompt$ "), qPrintable(QStringLiteral("attempt %1").arg(attempt)));
        QTRY_VERIFY(!sender.isHolding());
        // As a view does before it writes input.
        sender.flush();
        session->write("stty size\r");
        // readline's two writes often come as one piece; when they came apart the sizes were
        // held there.
        QVERIFY(waitFor(heldAt >= 0 ? "20 60\r\n" : "22 70\r\n"));
        if (heldAt >= 0)
            QVERIFY(heldThen);
    }
}

void tst_TerminalSizeSender::sizesGoOnceSettled()
{
    // A pane being laid out passes through a size no one sees on its way to the one it keeps.
    // The program hears of the last size only, without any input, once it has held.
    auto session = startShell({QStringLiteral("-c"),
                               QStringLiteral("trap 'stty size' WINCH; echo started; "
                                              "while :; do read -r -t 1 line; done")});
    QVERIFY(session);
    Core::TerminalSizeSender sender;
    sender.setSession(session.get());
    QVERIFY(waitFor("started"));
    // Two calls a few milliseconds apart, long enough for the shell to hear of the first if it
    // were sent; a machine too busy to make them within SettleDelay tries again.
    int columns = 0;
    for (int attempt = 0;; ++attempt) {
        m_output.clear();
        columns = 60 + attempt;
        QElapsedTimer gap;
        gap.start();
        sender.setSize(14, 1);
        QTest::qWait(15);
        sender.setSize(columns, 20);
        const bool settledBetween = gap.elapsed() >= Core::TerminalSizeSender::SettleDelay.count();
        QVERIFY(waitFor(QByteArrayLiteral("20 ") + QByteArray::number(columns)));
        if (settledBetween && attempt < 5)
            continue;
        QVERIFY2(!settledBetween, "the two sizes never came within SettleDelay of each other");
        QVERIFY2(!m_output.contains("1 14"), m_output.constData());
        break;
    }
    // A size that comes and goes before it settled sends nothing.
    m_output.clear();
    sender.setSize(90, 30);
    sender.setSize(columns, 20);
    QTest::qWait(3 * Core::TerminalSizeSender::SettleDelay.count());
    QVERIFY2(!m_output.contains("20 "), m_output.constData());
}

void tst_TerminalSizeSender::inputSendsAHeldSizeFirst()
{
    // A program that turns bracketed paste on and then waits for a key (no prompt follows):
    // the size waits until the key, or at most HoldLimit.
    auto session = startShell({QStringLiteral("-c"),
                               QStringLiteral("printf '\\033[?2004h'; read line; stty size; "
                                              "printf '\\033[?2004h'; read line; stty size")});
    QVERIFY(session);
    Core::TerminalSizeSender sender;
    sender.setSession(session.get());
    QVERIFY(waitFor("\x1b[?2004h"));
    sender.setSize(50, 10);
    QVERIFY(sender.isHolding());
    sender.flush();
    session->write("\r");
    QVERIFY(waitFor("10 50"));
    QTRY_COMPARE(m_output.count("\x1b[?2004h"), 2);
    sender.setSize(40, 12);
    QVERIFY(sender.isHolding());
    QTRY_VERIFY_WITH_TIMEOUT(!sender.isHolding(), 5000);
    session->write("\r");
    QVERIFY(waitFor("12 40"));
}

QTEST_GUILESS_MAIN(tst_TerminalSizeSender)
#include "tst_terminalsizesender.moc"
