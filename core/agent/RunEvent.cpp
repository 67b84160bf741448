#include "RunEvent.h"

#include <QJsonArray>

#include <array>
#include <type_traits>
#include <utility>

namespace Terrarium::Core {

namespace {

constexpr std::array<std::pair<RunEventType, const char *>, 15> typeNames{{
    {RunEventType::PlanGenerated, "plan_generated"},
    {RunEventType::StepExecuting, "step_executing"},
    {RunEventType::StepOutput, "step_output"},
    {RunEventType::StepResult, "step_result"},
    {RunEventType::ErrorDetected, "error_detected"},
    {RunEventType::RePlanning, "re_planning"},
    {RunEventType::ApprovalRequired, "approval_required"},
    {RunEventType::InputRequired, "input_required"},
    {RunEventType::Usage, "usage"},
    {RunEventType::WorkflowComplete, "workflow_complete"},
    {RunEventType::StepUndone, "step_undone"},
    {RunEventType::SetupProgress, "setup_progress"},
    {RunEventType::ModelRetry, "model_retry"},
    {RunEventType::TerminalOpened, "terminal_opened"},
    {RunEventType::TerminalClosed, "terminal_closed"},
}};

// RunEvent::type() is the variant's index.
static_assert(std::variant_size_v<RunEventData> == typeNames.size());
template<RunEventType type, typename T>
constexpr bool holdsAt = std::is_same_v<std::variant_alternative_t<int(type), RunEventData>, T>;
static_assert(
    holdsAt<
        RunEventType::PlanGenerated,
        Events::
            PlanGenerated> && holdsAt<RunEventType::ErrorDetected, Events::ErrorDetected> && holdsAt<RunEventType::WorkflowComplete, Events::WorkflowComplete> && holdsAt<RunEventType::ModelRetry, Events::ModelRetry>);

constexpr std::array<std::pair<Events::FailureKind, const char *>, 6> failureKindNames{{
    {Events::FailureKind::Failed, "failed"},
    {Events::FailureKind::TimedOut, "timed_out"},
    {Events::FailureKind::Limit, "limit"},
    {Events::FailureKind::Denied, "denied"},
    {Events::FailureKind::Sandbox, "sandbox"},
    {Events::FailureKind::Repeated, "repeated"},
}};

// Reading helpers: a missing field or one of the wrong type reads as empty.
class PayloadReader
{
public:
    explicit PayloadReader(const QJsonObject &payload)
        : m_payload(payload)
    { }

    QString text(const char *key) const { return value(key).toString(); }
    int integer(const char *key) const { return value(key).toInt(); }
    qint64 number(const char *key) const { return value(key).toInteger(); }
    bool flag(const char *key) const { return value(key).toBool(); }
    QStringList texts(const char *key) const
    {
        QStringList list;
        for (const QJsonValue &item : value(key).toArray())
            list.append(item.toString());
        return list;
    }
    bool has(const char *key) const { return m_payload.contains(QLatin1String(key)); }

private:
    QJsonValue value(const char *key) const { return m_payload.value(QLatin1String(key)); }

    const QJsonObject &m_payload;
};

QJsonObject toPayload(const Events::PlanGenerated &event)
{
    QJsonArray titles;
    QJsonArray steps;
    for (const Events::PlanStepEntry &step : event.steps) {
        titles.append(step.title);
        steps.append(
            QJsonObject{{QStringLiteral("id"), step.id}, {QStringLiteral("title"), step.title}});
    }
    return {{QStringLiteral("plan"), titles},
            {QStringLiteral("steps"), steps},
            {QStringLiteral("revision"), event.revision}};
}

QJsonObject toPayload(const Events::StepExecuting &event)
{
    QJsonObject payload{{QStringLiteral("step"), event.step},
                        {QStringLiteral("step_id"), event.stepId},
                        {QStringLiteral("command"), event.command}};
    if (event.outputReadOf > 0)
        payload.insert(QStringLiteral("read_output_of"), event.outputReadOf);
    return payload;
}

QJsonObject toPayload(const Events::StepOutput &event)
{
    QJsonObject payload{{QStringLiteral("step_id"), event.stepId},
                        {QStringLiteral("stream"),
                         event.stream == OutputStream::Stdout ? QStringLiteral("stdout")
                                                              : QStringLiteral("stderr")},
                        {QStringLiteral("data"), event.data}};
    if (event.elidedChars > 0)
        payload.insert(QStringLiteral("elided_chars"), event.elidedChars);
    return payload;
}

QJsonObject toPayload(const Events::StepResult &event)
{
    QJsonObject payload{{QStringLiteral("step_id"), event.stepId},
                        {QStringLiteral("stdout"), event.stdoutTail},
                        {QStringLiteral("stderr"), event.stderrTail},
                        {QStringLiteral("exit_code"), event.exitCode},
                        {QStringLiteral("duration_ms"), event.durationMs},
                        {QStringLiteral("truncated"), event.truncated}};
    // Only present when there is something to say, so clients of the original contract see
    // what they always saw.
    if (event.timedOut)
        payload.insert(QStringLiteral("timed_out"), true);
    if (event.cancelled)
        payload.insert(QStringLiteral("cancelled"), true);
    if (event.memoryLimitExceeded)
        payload.insert(QStringLiteral("memory_limit_exceeded"), true);
    if (event.diskLimitExceeded)
        payload.insert(QStringLiteral("disk_limit_exceeded"), true);
    if (!event.setidCleared.isEmpty())
        payload.insert(QStringLiteral("setid_cleared"),
                       QJsonArray::fromStringList(event.setidCleared));
    if (!event.setidFailed.isEmpty())
        payload.insert(QStringLiteral("setid_failed"),
                       QJsonArray::fromStringList(event.setidFailed));
    if (!event.autorunChanged.isEmpty())
        payload.insert(QStringLiteral("autorun_changed"),
                       QJsonArray::fromStringList(event.autorunChanged));
    if (!event.auditIncomplete.isEmpty())
        payload.insert(QStringLiteral("audit_incomplete"), event.auditIncomplete);
    if (event.undoable) {
        payload.insert(QStringLiteral("undoable"), *event.undoable);
        if (!event.checkpointError.isEmpty())
            payload.insert(QStringLiteral("checkpoint_error"), event.checkpointError);
    }
    return payload;
}

QJsonObject toPayload(const Events::ErrorDetected &event)
{
    return {{QStringLiteral("error"), event.error},
            {QStringLiteral("failed_step"), event.failedStep},
            {QStringLiteral("step_id"), event.stepId},
            {QStringLiteral("command"), event.command},
            {QStringLiteral("kind"), Events::failureKindName(event.kind)}};
}

QJsonObject toPayload(const Events::RePlanning &event)
{
    return {{QStringLiteral("attempt"), event.attempt}};
}

constexpr std::array<std::pair<Events::ApprovalFile::LinesFrom, const char *>, 3> linesFromNames{{
    {Events::ApprovalFile::LinesFrom::Sandbox, "sandbox"},
    {Events::ApprovalFile::LinesFrom::Command, "command"},
    {Events::ApprovalFile::LinesFrom::None, "none"},
}};

QJsonObject toPayload(const Events::ApprovalRequired &event)
{
    QJsonObject payload{{QStringLiteral("step_id"), event.stepId},
                        {QStringLiteral("step"), event.step},
                        {QStringLiteral("command"), event.command},
                        {QStringLiteral("risk"), event.risk},
                        {QStringLiteral("reasons"), QJsonArray::fromStringList(event.reasons)}};
    if (!event.writtenFiles.isEmpty()) {
        QJsonArray files;
        for (const Events::ApprovalFile &file : event.writtenFiles) {
            QJsonObject object{
                {QStringLiteral("path"), file.path},
                {QStringLiteral("step_id"), file.stepId},
                {QStringLiteral("first_lines"), QJsonArray::fromStringList(file.firstLines)}};
            for (const auto &[from, name] : linesFromNames) {
                if (from == file.linesFrom)
                    object.insert(QStringLiteral("lines_from"), QLatin1String(name));
            }
            if (file.moreLines)
                object.insert(QStringLiteral("more_lines"), true);
            if (file.binary)
                object.insert(QStringLiteral("binary"), true);
            if (!file.readError.isEmpty())
                object.insert(QStringLiteral("read_error"), file.readError);
            files.append(object);
        }
        payload.insert(QStringLiteral("written_files"), files);
    }
    return payload;
}

constexpr std::array<std::pair<Events::InputRequired::PromptFrom, const char *>, 3> promptFromNames{
    {
        {Events::InputRequired::PromptFrom::Output, "output"},
        {Events::InputRequired::PromptFrom::Read, "read"},
        {Events::InputRequired::PromptFrom::Command, "command"},
    }};

QJsonObject toPayload(const Events::InputRequired &event)
{
    QJsonObject payload{{QStringLiteral("step_id"), event.stepId},
                        {QStringLiteral("prompt"), event.prompt}};
    if (!event.hint.isEmpty())
        payload.insert(QStringLiteral("hint"), event.hint);
    // Absent means the command's output, as in runs stored before the field.
    for (const auto &[from, name] : promptFromNames) {
        if (from == event.from && from != Events::InputRequired::PromptFrom::Output)
            payload.insert(QStringLiteral("prompt_from"), QLatin1String(name));
    }
    return payload;
}

QJsonObject toPayload(const Events::Usage &event)
{
    QJsonObject payload{{QStringLiteral("role"), event.role},
                        {QStringLiteral("input_tokens"), event.inputTokens},
                        {QStringLiteral("output_tokens"), event.outputTokens}};
    if (event.cachedTokens > 0)
        payload.insert(QStringLiteral("cached_tokens"), event.cachedTokens);
    if (event.costUsd)
        payload.insert(QStringLiteral("cost_usd"), *event.costUsd);
    if (event.waitMs > 0)
        payload.insert(QStringLiteral("wait_ms"), event.waitMs);
    return payload;
}

QJsonObject toPayload(const Events::WorkflowComplete &event)
{
    QJsonObject payload{{QStringLiteral("status"), runOutcomeName(event.status)}};
    if (!event.error.isEmpty())
        payload.insert(QStringLiteral("error"), event.error);
    return payload;
}

QJsonObject toPayload(const Events::StepUndone &event)
{
    QJsonArray steps;
    for (const int stepId : event.steps)
        steps.append(stepId);
    QJsonObject payload{{QStringLiteral("step_id"), event.stepId},
                        {QStringLiteral("reason"), event.reason},
                        {QStringLiteral("steps"), steps},
                        {QStringLiteral("duration_ms"), event.durationMs}};
    if (event.workspaceKept)
        payload.insert(QStringLiteral("workspace_kept"), true);
    return payload;
}

QJsonObject toPayload(const Events::SetupProgress &event)
{
    QJsonObject payload{{QStringLiteral("phase"), event.phase},
                        {QStringLiteral("percent"), event.percent},
                        {QStringLiteral("message"), event.message}};
    if (!event.note.isEmpty())
        payload.insert(QStringLiteral("note"), event.note);
    return payload;
}

QJsonObject toPayload(const Events::ModelRetry &event)
{
    return {{QStringLiteral("role"), event.role},
            {QStringLiteral("attempt"), event.attempt},
            {QStringLiteral("max_attempts"), event.maxAttempts},
            {QStringLiteral("reason"), event.reason},
            {QStringLiteral("wait_ms"), event.waitMs}};
}

QJsonObject toPayload(const Events::TerminalOpened &event)
{
    return {{QStringLiteral("terminal"), event.terminal},
            {QStringLiteral("via"), event.via},
            {QStringLiteral("sandbox"), event.sandbox},
            {QStringLiteral("cols"), event.columns},
            {QStringLiteral("rows"), event.rows}};
}

QJsonObject toPayload(const Events::TerminalClosed &event)
{
    QJsonObject payload{{QStringLiteral("terminal"), event.terminal},
                        {QStringLiteral("duration_ms"), event.durationMs}};
    if (event.exitCode)
        payload.insert(QStringLiteral("exit_code"), *event.exitCode);
    return payload;
}

RunEventData fromPayload(RunEventType type, const QJsonObject &payload)
{
    const PayloadReader read(payload);
    switch (type) {
    case RunEventType::PlanGenerated: {
        Events::PlanGenerated event{.steps = {}, .revision = read.integer("revision")};
        for (const QJsonValue &step : payload.value(QLatin1String("steps")).toArray()) {
            const QJsonObject object = step.toObject();
            event.steps.append({.id = object.value(QLatin1String("id")).toInt(),
                                .title = object.value(QLatin1String("title")).toString()});
        }
        return event;
    }
    case RunEventType::StepExecuting:
        return Events::StepExecuting{.stepId = read.integer("step_id"),
                                     .step = read.text("step"),
                                     .command = read.text("command"),
                                     .outputReadOf = read.integer("read_output_of")};
    case RunEventType::StepOutput:
        return Events::StepOutput{.stepId = read.integer("step_id"),
                                  .stream = read.text("stream") == QLatin1String("stderr")
                                      ? OutputStream::Stderr
                                      : OutputStream::Stdout,
                                  .data = read.text("data"),
                                  .elidedChars = read.number("elided_chars")};
    case RunEventType::StepResult: {
        Events::StepResult event;
        event.stepId = read.integer("step_id");
        event.stdoutTail = read.text("stdout");
        event.stderrTail = read.text("stderr");
        event.exitCode = read.integer("exit_code");
        event.durationMs = read.number("duration_ms");
        event.truncated = read.flag("truncated");
        event.timedOut = read.flag("timed_out");
        event.cancelled = read.flag("cancelled");
        event.memoryLimitExceeded = read.flag("memory_limit_exceeded");
        event.diskLimitExceeded = read.flag("disk_limit_exceeded");
        event.setidCleared = read.texts("setid_cleared");
        event.setidFailed = read.texts("setid_failed");
        event.autorunChanged = read.texts("autorun_changed");
        event.auditIncomplete = read.text("audit_incomplete");
        if (read.has("undoable"))
            event.undoable = read.flag("undoable");
        event.checkpointError = read.text("checkpoint_error");
        return event;
    }
    case RunEventType::ErrorDetected:
        return Events::ErrorDetected{.error = read.text("error"),
                                     .failedStep = read.text("failed_step"),
                                     .stepId = read.integer("step_id"),
                                     .command = read.text("command"),
                                     .kind = Events::failureKindFromName(read.text("kind"))
                                                 .value_or(Events::FailureKind::Failed)};
    case RunEventType::RePlanning:
        return Events::RePlanning{.attempt = read.integer("attempt")};
    case RunEventType::ApprovalRequired: {
        Events::ApprovalRequired event{.stepId = read.integer("step_id"),
                                       .step = read.text("step"),
                                       .command = read.text("command"),
                                       .risk = read.text("risk"),
                                       .reasons = read.texts("reasons"),
                                       .writtenFiles = {}};
        for (const QJsonValue &item : payload.value(QLatin1String("written_files")).toArray()) {
            const QJsonObject object = item.toObject();
            const PayloadReader file(object);
            Events::ApprovalFile written{.path = file.text("path"),
                                         .stepId = file.integer("step_id"),
                                         .linesFrom = Events::ApprovalFile::LinesFrom::None,
                                         .firstLines = file.texts("first_lines"),
                                         .moreLines = file.flag("more_lines"),
                                         .binary = file.flag("binary"),
                                         .readError = file.text("read_error")};
            for (const auto &[from, name] : linesFromNames) {
                if (file.text("lines_from") == QLatin1String(name))
                    written.linesFrom = from;
            }
            event.writtenFiles.append(written);
        }
        return event;
    }
    case RunEventType::InputRequired: {
        Events::InputRequired event{.stepId = read.integer("step_id"),
                                    .prompt = read.text("prompt"),
                                    .hint = read.text("hint"),
                                    .from = Events::InputRequired::PromptFrom::Output};
        for (const auto &[from, name] : promptFromNames) {
            if (read.text("prompt_from") == QLatin1String(name))
                event.from = from;
        }
        return event;
    }
    case RunEventType::Usage: {
        Events::Usage usage{.role = read.text("role"),
                            .inputTokens = read.number("input_tokens"),
                            .outputTokens = read.number("output_tokens"),
                            .cachedTokens = read.number("cached_tokens"),
                            .costUsd = std::nullopt,
                            .waitMs = read.number("wait_ms")};
        if (const QJsonValue cost = payload.value(QLatin1String("cost_usd")); cost.isDouble())
            usage.costUsd = cost.toDouble();
        return usage;
    }
    case RunEventType::WorkflowComplete:
        return Events::WorkflowComplete{.status = runOutcomeFromName(read.text("status")),
                                        .error = read.text("error")};
    case RunEventType::StepUndone: {
        Events::StepUndone event{.stepId = read.integer("step_id"),
                                 .reason = read.text("reason"),
                                 .steps = {},
                                 .durationMs = read.number("duration_ms"),
                                 .workspaceKept = read.flag("workspace_kept")};
        for (const QJsonValue &stepId : payload.value(QLatin1String("steps")).toArray())
            event.steps.append(stepId.toInt());
        return event;
    }
    case RunEventType::SetupProgress:
        return Events::SetupProgress{.phase = read.text("phase"),
                                     .percent = read.integer("percent"),
                                     .message = read.text("message"),
                                     .note = read.text("note")};
    case RunEventType::ModelRetry:
        return Events::ModelRetry{.role = read.text("role"),
                                  .attempt = read.integer("attempt"),
                                  .maxAttempts = read.integer("max_attempts"),
                                  .reason = read.text("reason"),
                                  .waitMs = read.integer("wait_ms")};
    case RunEventType::TerminalOpened:
        return Events::TerminalOpened{.terminal = read.integer("terminal"),
                                      .via = read.text("via"),
                                      .sandbox = read.text("sandbox"),
                                      .columns = read.integer("cols"),
                                      .rows = read.integer("rows")};
    case RunEventType::TerminalClosed: {
        Events::TerminalClosed event{.terminal = read.integer("terminal"),
                                     .exitCode = std::nullopt,
                                     .durationMs = read.number("duration_ms")};
        if (const QJsonValue code = payload.value(QLatin1String("exit_code")); code.isDouble())
            event.exitCode = code.toInt();
        return event;
    }
    }
    return Events::WorkflowComplete{};
}

} // namespace

QString Events::failureKindName(FailureKind kind)
{
    for (const auto &[candidate, name] : failureKindNames) {
        if (candidate == kind)
            return QLatin1String(name);
    }
    return {};
}

std::optional<Events::FailureKind> Events::failureKindFromName(const QString &name)
{
    for (const auto &[kind, candidate] : failureKindNames) {
        if (name == QLatin1String(candidate))
            return kind;
    }
    return std::nullopt;
}

QString RunEvent::typeName(RunEventType type)
{
    for (const auto &[candidate, name] : typeNames) {
        if (candidate == type)
            return QLatin1String(name);
    }
    return {};
}

std::optional<RunEventType> RunEvent::typeFromName(const QString &name)
{
    for (const auto &[type, candidate] : typeNames) {
        if (name == QLatin1String(candidate))
            return type;
    }
    return std::nullopt;
}

StepState Events::StepResult::stepState() const
{
    if (cancelled)
        return StepState::Cancelled;
    if (timedOut)
        return StepState::TimedOut;
    return exitCode == 0 ? StepState::Done : StepState::Failed;
}

int RunEvent::stepId() const
{
    return std::visit(
        [](const auto &event) -> int {
            if constexpr (requires { event.stepId; })
                return event.stepId;
            else
                return -1;
        },
        data);
}

QJsonObject RunEvent::payloadJson() const
{
    return std::visit([](const auto &event) { return toPayload(event); }, data);
}

QJsonObject RunEvent::toJson() const
{
    return QJsonObject{
        {QStringLiteral("type"), typeName(type())},
        {QStringLiteral("run_id"), runId},
        {QStringLiteral("seq"), seq},
        {QStringLiteral("ts"), timestamp.toUTC().toString(Qt::ISODateWithMs)},
        {QStringLiteral("payload"), payloadJson()},
    };
}

RunEventData RunEvent::dataFromJson(RunEventType type, const QJsonObject &payload)
{
    return fromPayload(type, payload);
}

std::optional<RunEvent> RunEvent::fromJson(const QJsonObject &object)
{
    const auto type = typeFromName(object.value(QLatin1String("type")).toString());
    if (!type)
        return std::nullopt;
    RunEvent event;
    event.runId = object.value(QLatin1String("run_id")).toString();
    event.seq = object.value(QLatin1String("seq")).toInteger();
    event.timestamp =
        QDateTime::fromString(object.value(QLatin1String("ts")).toString(), Qt::ISODateWithMs);
    event.data = fromPayload(*type, object.value(QLatin1String("payload")).toObject());
    return event;
}

} // namespace Terrarium::Core
