#pragma once

#include <QByteArray>
#include <QStringList>
#include <QUrl>

#include <memory>

class QProcess;

namespace Terrarium::Tests {

// The scripted LLM server (terrarium-scripted-llm, see its header comment) run as another user
// through runuser (the unprivileged test user, or nobody where there is none, as in the Debian 13
// root): a real listener on 127.0.0.1 whose socket belongs to someone else, as a model server
// another user of the machine runs. Needs root (the tests run as root).
class OtherUserServer
{
public:
    OtherUserServer();
    ~OtherUserServer();

    // Why it cannot run here (not root, no other account), or empty.
    static QString unavailableReason();
    // Starts it with these arguments (--ollama MODEL, turns) and waits for its base URL.
    bool start(const QStringList &arguments);
    quint16 port() const { return quint16(m_baseUrl.port()); }
    // http://127.0.0.1:PORT
    QUrl root() const;
    // The user it runs as, whose the socket is, and that user's uid.
    static QString user();
    static uint uid();
    // The requests it answered so far (it prints a line for each).
    int requestCount();
    // What it printed, for failure messages.
    QByteArray output() const { return m_output; }

private:
    std::unique_ptr<QProcess> m_process;
    QUrl m_baseUrl;
    QByteArray m_output;
};

} // namespace Terrarium::Tests
