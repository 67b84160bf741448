#include "OtherUserServer.h"

#include "tests/TestPaths.h"

#include <QDeadlineTimer>
#include <QFileInfo>
#include <QProcess>

#include <pwd.h>
#include <unistd.h>

namespace Terrarium::Tests {

namespace {

QString testUser()
{
    return qEnvironmentVariable("TERRARIUM_TEST_USER", QStringLiteral("terrarium-test"));
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
    if (!::getpwnam(testUser().toLocal8Bit().constData()))
        return QStringLiteral("the test user %1 does not exist; run scripts/prepare-test-host.sh")
            .arg(testUser());
    if (!QFileInfo(serverBinary()).isExecutable())
        return QStringLiteral("%1 is not built").arg(serverBinary());
    return {};
}

uint OtherUserServer::uid()
{
    const passwd *entry = ::getpwnam(testUser().toLocal8Bit().constData());
    return entry ? uint(entry->pw_uid) : 0;
}

bool OtherUserServer::start(const QStringList &arguments)
{
    m_process = std::make_unique<QProcess>();
    m_process->setProcessChannelMode(QProcess::SeparateChannels);
    m_process->start(QStringLiteral(TERRARIUM_SOURCE_DIR "/scripts/as-test-user"),
                     QStringList{serverBinary()} + arguments);
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
