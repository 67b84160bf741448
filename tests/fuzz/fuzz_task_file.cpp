// libFuzzer target for TaskFile::parse(): a task file is whatever was dropped on the window or
// named on the command line, YAML or Markdown with YAML front matter. No file may crash the parser
// or let an exception out; what it refuses is an InvalidInput error that names the file (and a
// line within it); what it accepts keeps the documented rules, reads back equal from toYaml(),
// and asks for consent exactly when it wants the host or the network.
#include "core/config/LimitRange.h"
#include "core/config/TaskFile.h"
#include "core/exec/CommandEnvironment.h"

#include <QRegularExpression>

#include <cstddef>
#include <cstdint>
#include <cstdlib>

using Terrarium::Core::CommandEnvironment;
using Terrarium::Core::ErrorCode;
using Terrarium::Core::LimitRange;
using Terrarium::Core::Result;
using Terrarium::Core::RunbookStep;
using Terrarium::Core::TaskFile;

namespace {

void check(bool condition)
{
    if (!condition)
        std::abort(); // libFuzzer saves the input that got here
}

bool isTrimmedText(const QString &text)
{
    return !text.isEmpty() && text == text.trimmed();
}

bool isEnvironmentName(const QString &name)
{
    static const QRegularExpression pattern(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    return pattern.match(name).hasMatch();
}

void checkLimit(const std::optional<int> &value, LimitRange range)
{
    if (value)
        check(range.contains(*value));
}

void checkAccepted(const TaskFile &task)
{
    check(isTrimmedText(task.goal));
    if (task.sandbox) {
        check(*task.sandbox == QLatin1String("podman") || *task.sandbox == QLatin1String("libvirt")
              || *task.sandbox == QLatin1String("host"));
    }
    if (task.network)
        check(*task.network == QLatin1String("none") || *task.network == QLatin1String("outbound"));
    if (task.image)
        check(isTrimmedText(*task.image));
    checkLimit(task.cpus, LimitRange::cpus());
    checkLimit(task.memoryMiB, LimitRange::memoryMiB());
    checkLimit(task.pidsLimit, LimitRange::pids());
    checkLimit(task.maxSteps, LimitRange::maxSteps());
    checkLimit(task.maxReplans, LimitRange::maxReplans());
    if (task.stepTimeout)
        check(LimitRange::stepTimeoutSeconds().contains(task.stepTimeout->count()));
    for (auto it = task.env.cbegin(); it != task.env.cend(); ++it) {
        check(isEnvironmentName(it.key()));
        check(!CommandEnvironment::changesProgramStartup(it.key()));
    }
    for (const RunbookStep &step : task.steps) {
        check(isTrimmedText(step.title));
        check(!step.command.trimmed().isEmpty());
        check(step.exitCode >= 0 && step.exitCode <= 255);
    }

    // Consent is asked for exactly what leaves the sandbox's isolation.
    const QStringList consents = task.consentsNeeded();
    check(consents.contains(QLatin1String("sandbox")) == (task.sandbox == QLatin1String("host")));
    check(consents.contains(QLatin1String("network"))
          == (task.network == QLatin1String("outbound")));
    check(consents.size() <= 2);

    // toYaml() writes what parse() reads back to an equal TaskFile (the runbook exporter's
    // promise), whatever text the values hold.
    const QByteArray yaml = task.toYaml({QStringLiteral("Exported.\nsecond line")});
    const Result<TaskFile> reread = TaskFile::parse(yaml, QStringLiteral("exported.yaml"));
    check(reread.has_value());
    check(*reread == task);
}

// Messages name the file, and a line number names one the file has, or the one after its last
// (where a Markdown body that is missing would start). yaml-cpp also ends lines at a lone '\r',
// so those count too.
void checkRefused(const Terrarium::Core::Error &error, const QString &fileName,
                  const QByteArray &contents)
{
    check(error.code == ErrorCode::InvalidInput);
    check(error.message.startsWith(fileName));
    static const QRegularExpression linePattern(QStringLiteral("^[^,]*, line (\\d+)"));
    const QRegularExpressionMatch match = linePattern.match(error.message);
    if (match.hasMatch()) {
        bool ok = false;
        const qint64 line = match.captured(1).toLongLong(&ok);
        check(ok && line >= 1 && line <= contents.count('\n') + contents.count('\r') + 2);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    // The first byte picks the format: 'm' Markdown, 't' plain text, anything else YAML.
    if (size < 1)
        return 0;
    QString fileName = QStringLiteral("task.yaml");
    if (data[0] == 'm')
        fileName = QStringLiteral("goal.md");
    else if (data[0] == 't')
        fileName = QStringLiteral("goal.txt");
    const QByteArray contents(reinterpret_cast<const char *>(data) + 1, qsizetype(size) - 1);

    const Result<TaskFile> task = TaskFile::parse(contents, fileName);
    if (task)
        checkAccepted(*task);
    else
        checkRefused(task.error(), fileName, contents);
    return 0;
}
