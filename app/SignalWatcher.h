#pragma once

#include <QObject>

class QSocketNotifier;

namespace Terrarium::App {

// Turns SIGINT and SIGTERM into a Qt signal delivered on the event loop (self-pipe), so a
// Ctrl+C can cancel a run cleanly instead of killing the process mid-command.
// Installs process-wide handlers: create at most one, in main().
class SignalWatcher : public QObject
{
    Q_OBJECT

public:
    explicit SignalWatcher(QObject *parent = nullptr);
    ~SignalWatcher() override;

    bool isValid() const { return m_notifier != nullptr; }

Q_SIGNALS:
    void interrupted(int signalNumber);

private:
    void onReadable();

    QSocketNotifier *m_notifier = nullptr;
};

} // namespace Terrarium::App
