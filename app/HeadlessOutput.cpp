#include "HeadlessOutput.h"

#include "app/AppTr.h"
#include "app/HumanLog.h"
#include "core/agent/RunEvent.h"
#include "core/output/TerminalSafeJson.h"
#include "core/output/VisibleText.h"

#include <unistd.h>

namespace Terrarium::App {

HeadlessOutput::HeadlessOutput()
{
    m_stdout.open(STDOUT_FILENO, QIODevice::WriteOnly | QIODevice::Unbuffered,
                  QFileDevice::DontCloseHandle);
    m_stderr.open(STDERR_FILENO, QIODevice::WriteOnly | QIODevice::Unbuffered,
                  QFileDevice::DontCloseHandle);
}

void HeadlessOutput::printEvent(const Core::RunEvent &event)
{
    QByteArray line = Core::TerminalSafeJson::compact(event.toJson());
    line.append('\n');
    m_stdout.write(line);
    const QString human = HumanLog::format(event);
    if (!human.isEmpty())
        log(human);
    m_summary.add(event);
    if (event.type() == Core::RunEventType::WorkflowComplete) {
        if (const QString models = m_summary.modelUseText(); !models.isEmpty())
            log(Tr::tr("Models: %1").arg(models));
        m_summary.clear();
    }
}

void HeadlessOutput::log(const QString &line)
{
    m_stderr.write(Core::VisibleText::escape(line).toUtf8() + '\n');
}

} // namespace Terrarium::App
