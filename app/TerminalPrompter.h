#pragma once

#include <QByteArray>
#include <QObject>
#include <QString>

class QSocketNotifier;

namespace Terrarium::App {

// Asks the person at the controlling terminal a question and reads one line back, without
// blocking the event loop. Headless runs use it for approvals and for command input, so the
// JSON on stdout and a piped stdin stay untouched.
class TerminalPrompter : public QObject
{
    Q_OBJECT

public:
    explicit TerminalPrompter(const QString &terminalPath = QStringLiteral("/dev/tty"),
                              QObject *parent = nullptr);
    ~TerminalPrompter() override;

    // False when there is no terminal (e.g. under CI); callers then decide without asking.
    bool isAvailable() const { return m_fd >= 0; }
    void ask(const QString &question);
    bool isAsking() const { return m_asking; }

Q_SIGNALS:
    void answered(const QString &line);
    void closed(); // end of file on the terminal while a question was open

private:
    void onReadable();

    int m_fd = -1;
    QSocketNotifier *m_notifier = nullptr;
    QByteArray m_buffer;
    bool m_asking = false;
};

} // namespace Terrarium::App
