#include "ImageBuildScript.h"

#include "core/CoreTr.h"

#include <QProcess>
#include <QRegularExpression>

#include <algorithm>

namespace Terrarium::Vm {

ImageBuildScript::ImageBuildScript(const QString &program, const QStringList &arguments,
                                   const QProcessEnvironment &environment, QObject *parent)
    : QObject(parent)
    , m_program(program)
    , m_process(new QProcess(this))
{
    m_process->setProgram(program);
    m_process->setArguments(arguments);
    m_process->setProcessEnvironment(environment);
    connect(m_process, &QProcess::readyReadStandardOutput, this, &ImageBuildScript::readProgress);
    connect(m_process, &QProcess::readyReadStandardError, this, [this] {
        m_errors += QString::fromUtf8(m_process->readAllStandardError());
        if (m_errors.size() > KeptErrorBytes)
            m_errors = m_errors.right(KeptErrorBytes);
    });
    connect(m_process, &QProcess::finished, this,
            [this](int exitCode, QProcess::ExitStatus status) { onFinished(exitCode, status); });
    connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        // Other errors end in finished() too.
        if (error == QProcess::FailedToStart)
            Q_EMIT finished(Core::makeError(
                Core::ErrorCode::SandboxError,
                Core::Tr::tr("cannot run %1: %2").arg(m_program, m_process->errorString())));
    });
}

ImageBuildScript::~ImageBuildScript()
{
    cancel();
}

void ImageBuildScript::start()
{
    m_errors.clear();
    m_process->start();
}

void ImageBuildScript::cancel()
{
    if (!isRunning())
        return;
    m_process->disconnect(this);
    m_process->terminate();
    if (!m_process->waitForFinished(5000))
        m_process->kill();
    m_process->waitForFinished(1000);
}

bool ImageBuildScript::isRunning() const
{
    return m_process && m_process->state() != QProcess::NotRunning;
}

void ImageBuildScript::readProgress()
{
    static const QRegularExpression line(QStringLiteral("^progress: (\\d+) (.*)$"));
    while (m_process->canReadLine()) {
        const QString text = QString::fromUtf8(m_process->readLine()).trimmed();
        const QRegularExpressionMatch match = line.match(text);
        if (match.hasMatch())
            Q_EMIT progress(std::min(match.captured(1).toInt(), 100), match.captured(2));
    }
}

void ImageBuildScript::onFinished(int exitCode, int status)
{
    if (status == QProcess::NormalExit && exitCode == 0) {
        Q_EMIT finished({});
        return;
    }
    const QStringList lines = m_errors.trimmed().split(u'\n', Qt::SkipEmptyParts);
    QString reason = lines.mid(std::max<qsizetype>(0, lines.size() - QuotedErrorLines)).join(u'\n');
    if (reason.isEmpty())
        reason = status == QProcess::NormalExit
            ? Core::Tr::tr("%1 ended with exit code %2 and said nothing on stderr")
                  .arg(m_program)
                  .arg(exitCode)
            : Core::Tr::tr("%1 was killed").arg(m_program);
    Q_EMIT finished(Core::makeError(Core::ErrorCode::SandboxError, reason));
}

} // namespace Terrarium::Vm
