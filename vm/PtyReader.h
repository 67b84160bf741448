#pragma once

#include <QByteArray>
#include <QObject>

#include <condition_variable>
#include <mutex>
#include <thread>

namespace Terrarium::Vm {

// Reads a pty master on a thread of its own, so that the program keeps writing while the GUI
// thread parses and paints what came before: on two cores that roughly doubles what a terminal
// pane can show per second. Buffering is bounded: when `capacity` bytes wait unconsumed, the
// thread stops reading and the program blocks on its terminal, as with any slow terminal.
//
// The owner (on its own thread) is told with dataAvailable() when the buffer stops being empty,
// takes everything with take(), and learns with isAtEnd() that the terminal was hung up (EIO) or
// closed. stop() ends the thread; it must run before the fd is closed.
class PtyReader : public QObject
{
    Q_OBJECT

public:
    PtyReader(int fd, qsizetype capacity, QObject *parent = nullptr);
    ~PtyReader() override;

    void start();
    void stop();
    // Everything read so far, into `data` (and makes room for more). The buffers trade places,
    // so a caller that passes the same one again keeps a flood of output from allocating.
    void take(QByteArray &data);
    bool isAtEnd() const;

Q_SIGNALS:
    // Emitted from the reader thread; connect with a queued connection (the default across
    // threads). Once per empty -> non-empty transition and at the end.
    void dataAvailable();

private:
    void run();

    const int m_fd;
    const qsizetype m_capacity;
    int m_wakeFd = -1; // eventfd that interrupts poll() for stop()
    std::thread m_thread;
    mutable std::mutex m_mutex;
    std::condition_variable m_roomAvailable;
    QByteArray m_buffer;
    bool m_atEnd = false;
    bool m_stopping = false;
};

} // namespace Terrarium::Vm
