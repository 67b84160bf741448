#include "OtherUserServer.h"

#include "tests/TestPaths.h"

#include <QDeadlineTimer>
#include <QFileInfo>
#include <QProcess>

#include <pwd.h>
#include <unistd.h>

namespace Terrarium::Tests {

namespace {

// The test user where the host has one (scripts/prepare-test-host.sh); else any other account
// every Debian system has (a Debian 13 root made for the tests has no test user): all the server
// needs is to be someone else.
QString otherUser()
{
    const QString user =
        qEnvironmentVariable("TERRARIUM_TEST_USER", QStringLiteral("terrarium-test"));
    if (::getpwnam(user.toLocal8Bit().constData()))
        return user;
    return QStringLiteral("nobody");
}

QString serverBinary()
{
    return QStringLiteral(TERRARIUM_BINARY_DIR "/tests/support/terrarium-scripted-llm");
}

} // namespace

OtherUserServer::OtherUserServer() = default;

OtherUserServer::~OtherUserServer()
{
    if (m_process && m_process->state() != QProcess::NotRunning) {
        // runuser hands the signal on to the server.
        m_process->terminate();
        if (!m_process->waitForFinished(5000))
            m_process->kill();
        m_process->waitForFinished(5000);
    }
}

QString OtherUserServer::unavailableReason()
{
    if (::geteuid() != 0)
        return QStringLiteral("needs root, to run a server as the test user");
    if (!::getpwnam(otherUser().toLocal8Bit().constData()))
        return QStringLiteral("neither the test user nor nobody exists; run "
                              "scripts/prepare-test-host.sh");
    if (!QFileInfo(serverBinary()).isExecutable())
        return QStringLiteral("%1 is not built").arg(serverBinary());
    return {};
}

QString OtherUserServer::user()
{
    return otherUser();
}

uint OtherUserServer::uid()
{
    const passwd *entry = ::getpwnam(otherUser().toLocal8Bit().constData());
    return entry ? uint(entry->pw_uid) : 0;
}

bool OtherUserServer::start(const QStringList &arguments)
{
    m_process = std::make_unique<QProcess>();
    m_process->setProcessChannelMode(QProcess::SeparateChannels);
    m_process->start(
        QStringLiteral("runuser"),
        QStringList{QStringLiteral("-u"), otherUser(), QStringLiteral("--"), serverBinary()}
            + arguments);
    if (!m_process->waitForStarted(10000))
        return false;
    const QDeadlineTimer deadline(20000);
    while (!deadline.hasExpired() && m_process->state() == QProcess::Running) {
        m_output += m_process->readAllStandardOutput();
        const qsizetype end = m_output.indexOf('\n');
        if (end > 0) {
            m_baseUrl = QUrl(QString::fromUtf8(m_output.left(end)));
            return m_baseUrl.isValid() && m_baseUrl.port() > 0;
        }
        m_process->waitForReadyRead(100);
    }
    qWarning("OtherUserServer: no base URL: %s %s", m_output.constData(),
             m_process->readAllStandardError().constData());
    return false;
}

QUrl OtherUserServer::root() const
{
    return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port()));
}

int OtherUserServer::requestCount()
{
    if (m_process)
        m_output += m_process->readAllStandardOutput();
    return int(m_output.count("\nrequest "));
}

} // namespace Terrarium::Tests
