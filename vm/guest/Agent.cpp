#include "Agent.h"

#include "Base64.h"
#include "Clock.h"
#include "Fd.h"
#include "FileManifest.h"
#include "FileOps.h"
#include "Info.h"
#include "Job.h"
#include "PtySession.h"
#include "Signals.h"
#include "Spawner.h"
#include "Version.h"
#include "WorkspaceAudit.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <climits>
#include <cstring>

#include <ctime>
#include <fcntl.h>
#include <linux/random.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <unistd.h>

namespace Terrarium::Guest {

namespace {

constexpr int64_t kMaxWindow = 1024 * 1024 * 1024;

std::unexpected<RpcError> invalid(std::string message)
{
    return std::unexpected(RpcError::invalidParams(std::move(message)));
}

std::unexpected<RpcError> unknownId(const char *what)
{
    return std::unexpected(RpcError{RpcError::UnknownId, std::string("unknown ") + what});
}

Json emptyResult()
{
    return Json(Json::Object{});
}

// The integer member `key`; empty when it is absent or not an integer.
std::optional<int64_t> intParam(const Json &params, const char *key)
{
    const Json *value = params.find(key);
    if (!value)
        return std::nullopt;
    return value->toInt();
}

// Decodes the optional base64 "data" member; empty when absent.
std::expected<std::string, RpcError> dataParam(const Json &params, bool required)
{
    const Json *data = params.find("data");
    if (!data || data->isNull()) {
        if (required)
            return invalid("data must be a base64 string");
        return std::string();
    }
    if (!data->toString())
        return invalid("data must be a base64 string");
    auto decoded = Base64::decode(*data->toString());
    if (!decoded)
        return invalid("data is not valid base64");
    return std::move(*decoded);
}

std::expected<unsigned short, RpcError> sizeParam(const Json &params, const char *key,
                                                  unsigned short fallback)
{
    const Json *value = params.find(key);
    if (!value || value->isNull())
        return fallback;
    const auto number = value->toInt();
    if (!number || *number < 1 || *number > 65535)
        return invalid(std::string(key) + " must be an integer from 1 to 65535");
    return static_cast<unsigned short>(*number);
}

} // namespace

Agent::Agent(int inFd, int outFd, int signalFd, std::optional<MemoryWatch> memory)
    : m_channel(inFd, outFd)
    , m_signalFd(signalFd)
    , m_env(Environment::fromProcess())
    , m_shell(Info::defaultShell())
    , m_isPid1(::getpid() == 1)
    , m_memory(std::move(memory))
{ }

Agent::~Agent() = default;

int Agent::run()
{
    notify("agent.ready", readyParams());
    while (!m_inputEnded && !m_hostGone && m_stopSignal == 0 && !m_powerOffRequested
           && !m_reconnected) {
        const bool inputPaused = !processInput();
        finishEnded();
        if (!m_channel.flush()) {
            m_hostGone = true;
            break;
        }
        // A request may have ended serving; nothing would wake the poll below for it.
        if (m_powerOffRequested || m_reconnected)
            break;
        // The flush may have drained what made us stop reading requests: handle the ones
        // already buffered now, since poll() would not wake up for them.
        if (inputPaused && m_channel.pendingOutput() < kInputPauseBytes)
            continue;
        buildPollSet(inputPaused);
        const int ready = ::poll(m_pollFds.data(), m_pollFds.size(), pollTimeout(Clock::nowMs()));
        if (ready < 0 && errno != EINTR) {
            notify("agent.log",
                   Json(Json::Object{{"level", "warning"},
                                     {"message", std::string("poll: ") + std::strerror(errno)}}));
            continue;
        }
        if (ready > 0)
            handlePollEvents();
        fireTimers(Clock::nowMs());
    }
    shutdown();
    return 0;
}

Json Agent::readyParams() const
{
    return Json(Json::Object{
        {"version", kAgentVersion}, {"protocol", kProtocolVersion}, {"pid", int64_t(::getpid())}});
}

Agent::StopReason Agent::stopReason() const
{
    if (m_powerOffRequested)
        return StopReason::PowerOff;
    if (m_reconnected)
        return StopReason::Reconnected;
    if (m_stopSignal != 0)
        return StopReason::Signal;
    return m_hostGone ? StopReason::HostGone : StopReason::EndOfInput;
}

// ---- Messages --------------------------------------------------------------------------------

bool Agent::processInput()
{
    std::string_view line;
    while (m_channel.pendingOutput() < kInputPauseBytes) {
        if (m_powerOffRequested || m_reconnected)
            return true; // nothing after it is served here
        switch (m_channel.nextLine(line)) {
        case Channel::LineStatus::None:
            return true;
        case Channel::LineStatus::TooLong:
            sendError(Json(), {RpcError::ParseError, "line longer than 8 MiB"});
            break;
        case Channel::LineStatus::Line:
            handleLine(line);
            break;
        }
    }
    return false; // output backed up: leave the rest of the requests for later
}

void Agent::handleLine(std::string_view line)
{
    if (line.find_first_not_of(" \t") == std::string_view::npos)
        return; // blank lines are keep-alives at most
    auto parsed = Json::parse(line);
    if (!parsed) {
        sendError(Json(), {RpcError::ParseError, "parse error: " + parsed.error()});
        return;
    }
    const Json &message = *parsed;
    const Json *idMember = message.find("id");
    const Json id = idMember ? *idMember : Json();
    const Json *version = message.find("jsonrpc");
    const Json *method = message.find("method");
    if (!message.isObject() || !version || !version->toString() || *version->toString() != "2.0"
        || !method || !method->toString()) {
        sendError(id, {RpcError::InvalidRequest, "not a JSON-RPC 2.0 request"});
        return;
    }
    static const Json kNoParams = Json(Json::Object{});
    const Json *params = message.find("params");
    if (!params || params->isNull())
        params = &kNoParams;

    const std::string &name = *method->toString();
    if (!idMember) {
        // Notifications: only the acks mean something; anything else is ignored.
        if (name == "exec.ack" || name == "pty.ack")
            acknowledge(*params, name == "pty.ack");
        return;
    }
    if (!params->isObject()) {
        sendError(id, RpcError::invalidParams("params must be an object"));
        return;
    }
    if (name == "agent.hello" && m_servingVm && m_requests > 0) {
        // A new host: the next agent answers this hello, after its agent.ready.
        m_reconnected = true;
        // line points into the channel's buffer: copy it before taking the rest.
        m_carriedInput = std::string(line) + '\n';
        m_carriedInput += m_channel.takeUnreadInput();
        return;
    }
    ++m_requests;
    Reply reply = dispatch(name, *params, id);
    if (!reply)
        sendError(id, reply.error());
    else if (*reply)
        sendResult(id, **reply);
}

Agent::Reply Agent::dispatch(std::string_view method, const Json &params, const Json &id)
{
    static constexpr std::array<std::pair<std::string_view, Handler>, 18> kMethods{{
        {"ping", &Agent::ping},
        {"agent.hello", &Agent::hello},
        {"info", &Agent::info},
        {"exec", &Agent::exec},
        {"exec.stdin", &Agent::execStdin},
        {"exec.signal", &Agent::execSignal},
        {"pty.open", &Agent::ptyOpen},
        {"pty.write", &Agent::ptyWrite},
        {"pty.resize", &Agent::ptyResize},
        {"pty.close", &Agent::ptyClose},
        {"fs.read", &Agent::fsRead},
        {"fs.write", &Agent::fsWrite},
        {"fs.stat", &Agent::fsStat},
        {"fs.list", &Agent::fsList},
        {"fs.manifest", &Agent::fsManifest},
        {"agent.window", &Agent::setWindow},
        {"system.poweroff", &Agent::powerOff},
        {"system.renew", &Agent::renew},
    }};
    for (const auto &[name, handler] : kMethods) {
        if (name == method)
            return (this->*handler)(params, id);
    }
    return std::unexpected(
        RpcError{RpcError::MethodNotFound, "method not found: " + std::string(method)});
}

void Agent::sendResult(const Json &id, const Json &result)
{
    std::string &out = m_channel.output();
    out += "{\"jsonrpc\":\"2.0\",\"id\":";
    id.dump(out);
    out += ",\"result\":";
    result.dump(out);
    out += "}\n";
}

void Agent::sendError(const Json &id, const RpcError &error)
{
    Json body(Json::Object{{"code", error.code}, {"message", error.message}});
    if (error.code == RpcError::OsError)
        body.set("data", Json(Json::Object{{"errno", error.sysErrno}}));
    else if (error.code == RpcError::LimitExceeded && error.size >= 0)
        body.set("data", Json(Json::Object{{"size", error.size}}));
    std::string &out = m_channel.output();
    out += "{\"jsonrpc\":\"2.0\",\"id\":";
    id.dump(out);
    out += ",\"error\":";
    body.dump(out);
    out += "}\n";
}

void Agent::notify(std::string_view method, Json params)
{
    std::string &out = m_channel.output();
    out += "{\"jsonrpc\":\"2.0\",\"method\":";
    Json::writeString(out, method);
    out += ",\"params\":";
    params.dump(out);
    out += "}\n";
}

// ---- Methods ---------------------------------------------------------------------------------

Agent::Reply Agent::ping(const Json &, const Json &)
{
    return Json(Json::Object{{"pong", true}});
}

Agent::Reply Agent::info(const Json &, const Json &)
{
    return Info::collect(m_env, m_shell);
}

std::expected<int64_t, RpcError> Agent::claimId(const Json &id) const
{
    const auto number = id.toInt();
    if (!number)
        return std::unexpected(
            RpcError{RpcError::InvalidRequest, "the id of exec and pty.open must be an integer"});
    if (m_jobs.contains(*number) || m_ptys.contains(*number))
        return std::unexpected(
            RpcError{RpcError::InvalidRequest, "id " + std::to_string(*number) + " is in use"});
    if (m_jobs.size() + m_ptys.size() >= kMaxJobs)
        return std::unexpected(RpcError{RpcError::LimitExceeded, "too many jobs and terminals"});
    return *number;
}

std::expected<ProcessSpec, RpcError> Agent::processSpec(const Json &params, bool terminal) const
{
    ProcessSpec spec;
    spec.env = m_env;
    const Json *argv = params.find("argv");
    const Json *command = params.find("command");
    if (argv && !argv->isNull()) {
        const Json::Array *items = argv->toArray();
        if (!items || items->empty())
            return invalid("argv must be a non-empty array of strings");
        for (const Json &item : *items) {
            if (!item.toString() || item.toString()->find('\0') != std::string::npos)
                return invalid("argv must be a non-empty array of strings");
            spec.argv.push_back(*item.toString());
        }
    } else if (command && !command->isNull()) {
        if (!command->toString())
            return invalid("command must be a string");
        spec.argv = {m_shell, "-c", *command->toString()};
    } else if (terminal) {
        spec.argv = {m_shell, "-l"};
    } else {
        return invalid("exec needs argv or command");
    }

    if (const Json *cwd = params.find("cwd"); cwd && !cwd->isNull()) {
        if (!cwd->toString() || cwd->toString()->find('\0') != std::string::npos)
            return invalid("cwd must be a string");
        spec.cwd = *cwd->toString();
    }
    bool termSet = false;
    if (const Json *env = params.find("env"); env && !env->isNull()) {
        const Json::Object *vars = env->toObject();
        if (!vars)
            return invalid("env must be an object of strings");
        for (const auto &[key, value] : *vars) {
            if (!value.toString() || key.empty()
                || key.find_first_of(std::string_view("=\0", 2)) != std::string::npos
                || value.toString()->find('\0') != std::string::npos)
                return invalid("env must be an object of strings");
            spec.env.set(key, *value.toString());
            termSet = termSet || key == "TERM";
        }
    }
    if (terminal) {
        spec.pty = true;
    } else if (const Json *pty = params.find("pty"); pty && !pty->isNull()) {
        if (!pty->toBool())
            return invalid("pty must be a boolean");
        spec.pty = *pty->toBool();
    }
    if (spec.pty) {
        const auto cols = sizeParam(params, "cols", 80);
        const auto rows = sizeParam(params, "rows", 24);
        if (!cols || !rows)
            return std::unexpected(!cols ? cols.error() : rows.error());
        spec.cols = *cols;
        spec.rows = *rows;
        if (!termSet)
            spec.env.set("TERM", "xterm-256color");
    }
    if (const Json *stdinMode = params.find("stdin"); stdinMode && !stdinMode->isNull()) {
        const std::string *mode = stdinMode->toString();
        if (!mode || (*mode != "pipe" && *mode != "null"))
            return invalid("stdin must be \"pipe\" or \"null\"");
        spec.stdinMode = *mode == "null" ? ProcessSpec::Stdin::Null : ProcessSpec::Stdin::Pipe;
    }
    return spec;
}

Agent::Reply Agent::exec(const Json &params, const Json &idJson)
{
    const auto id = claimId(idJson);
    if (!id)
        return std::unexpected(id.error());
    auto spec = processSpec(params, false);
    if (!spec)
        return std::unexpected(spec.error());
    int64_t timeoutMs = 0;
    if (const Json *timeout = params.find("timeout_ms"); timeout && !timeout->isNull()) {
        const auto value = timeout->toInt();
        if (!value || *value < 0)
            return invalid("timeout_ms must be a non-negative integer");
        // Past a century it means "never"; the cap keeps the deadline arithmetic from overflowing.
        timeoutMs = std::min<int64_t>(*value, int64_t(100) * 365 * 24 * 3600 * 1000);
    }
    std::string auditDirectory;
    if (const Json *audit = params.find("audit"); audit && !audit->isNull()) {
        if (!audit->toString() || audit->toString()->empty()
            || audit->toString()->find('\0') != std::string::npos)
            return invalid("audit must be a non-empty path");
        auditDirectory = *audit->toString();
    }

    const int64_t startUs = Clock::nowUs();
    const int64_t start = startUs / 1000;
    // The coarse clock is the one file times come from: a file changed after this instant can
    // never carry an earlier time (a fine-grained reading could be ahead of its stamp).
    timespec auditSince{};
    ::clock_gettime(CLOCK_REALTIME_COARSE, &auditSince);
    auto process = Spawner::spawn(*spec);
    if (!process) {
        const SpawnFailure &failure = process.error();
        if (!failure.startFailure)
            return std::unexpected(RpcError::os(failure.sysErrno, failure.message));
        // The command's fault: report it the way a shell would, as output and an exit status.
        notify("exec.started", Json(Json::Object{{"job", *id}, {"pid", 0}}));
        notify("exec.output",
               Json(Json::Object{{"job", *id},
                                 {"stream", "stderr"},
                                 {"data", Json(Json::Bytes{failure.message})}}));
        Json result(Json::Object{{"exit_code", failure.exitCode},
                                 {"signal", 0},
                                 {"timed_out", false},
                                 {"duration_ms", Clock::nowMs() - start}});
        if (!auditDirectory.empty())
            result.set("audit", auditJson(WorkspaceAudit::run(auditDirectory, auditSince)));
        return result;
    }
    notify("exec.started", Json(Json::Object{{"job", *id}, {"pid", int64_t(process->pid)}}));
    auto job = std::make_unique<Job>(*id, std::move(*process), m_window, startUs, timeoutMs);
    job->setAudit(std::move(auditDirectory), auditSince);
    m_jobs.emplace(*id, std::move(job));
    return std::optional<Json>();
}

Job *Agent::findJob(const Json &params) const
{
    const auto id = intParam(params, "job");
    if (!id)
        return nullptr;
    const auto it = m_jobs.find(*id);
    return it == m_jobs.end() ? nullptr : it->second.get();
}

PtySession *Agent::findPty(const Json &params) const
{
    const auto id = intParam(params, "pty");
    if (!id)
        return nullptr;
    const auto it = m_ptys.find(*id);
    return it == m_ptys.end() ? nullptr : it->second.get();
}

Agent::Reply Agent::execStdin(const Json &params, const Json &)
{
    Job *job = findJob(params);
    if (!job)
        return unknownId("job");
    auto data = dataParam(params, false);
    if (!data)
        return std::unexpected(data.error());
    bool eof = false;
    if (const Json *eofParam = params.find("eof"); eofParam && !eofParam->isNull()) {
        if (!eofParam->toBool())
            return invalid("eof must be a boolean");
        eof = *eofParam->toBool();
    }
    if (job->isPty() && eof) {
        // Closing a terminal would hang it up; a terminal's end of input is its EOF character.
        *data += job->terminalEof();
        eof = false;
    }
    job->stdinWritten();
    switch (job->input().write(*data, eof)) {
    case InputPipe::Result::Ok:
        return emptyResult();
    case InputPipe::Result::Closed:
        return std::unexpected(RpcError::os(EPIPE, "stdin is closed"));
    case InputPipe::Result::Full:
        return std::unexpected(
            RpcError{RpcError::LimitExceeded, "more than 16 MiB of stdin queued"});
    }
    return emptyResult();
}

Agent::Reply Agent::execSignal(const Json &params, const Json &)
{
    Job *job = findJob(params);
    if (!job)
        return unknownId("job");
    const Json *signalParam = params.find("signal");
    std::optional<int> sig;
    if (signalParam && signalParam->toString())
        sig = Signals::fromName(*signalParam->toString());
    else if (const auto number = intParam(params, "signal");
             number && *number > 0 && *number < NSIG)
        sig = int(*number);
    if (!sig)
        return invalid("unknown signal");

    if (*sig == SIGKILL) {
        Signals::signalSession(job->pid(), SIGKILL);
        job->setKilled();
    } else {
        ::kill(-job->pid(), *sig);
        if (*sig == SIGTERM || *sig == SIGINT)
            scheduleKill(job->pid(), job->id(), false);
    }
    return emptyResult();
}

Agent::Reply Agent::ptyOpen(const Json &params, const Json &idJson)
{
    const auto id = claimId(idJson);
    if (!id)
        return std::unexpected(id.error());
    auto spec = processSpec(params, true);
    if (!spec)
        return std::unexpected(spec.error());
    auto process = Spawner::spawn(*spec);
    if (!process) {
        std::string message = process.error().message;
        while (!message.empty() && message.back() == '\n')
            message.pop_back();
        return std::unexpected(RpcError::os(process.error().sysErrno, message));
    }
    m_ptys.emplace(*id, std::make_unique<PtySession>(*id, std::move(*process), m_window));
    return Json(Json::Object{{"pty", *id}});
}

Agent::Reply Agent::ptyWrite(const Json &params, const Json &)
{
    PtySession *pty = findPty(params);
    if (!pty)
        return unknownId("pty");
    auto data = dataParam(params, true);
    if (!data)
        return std::unexpected(data.error());
    switch (pty->input().write(*data, false)) {
    case InputPipe::Result::Ok:
        return emptyResult();
    case InputPipe::Result::Closed:
        return std::unexpected(RpcError::os(EPIPE, "the terminal is closed"));
    case InputPipe::Result::Full:
        return std::unexpected(
            RpcError{RpcError::LimitExceeded, "more than 16 MiB of input queued"});
    }
    return emptyResult();
}

Agent::Reply Agent::ptyResize(const Json &params, const Json &)
{
    PtySession *pty = findPty(params);
    if (!pty)
        return unknownId("pty");
    const auto cols = sizeParam(params, "cols", 0);
    const auto rows = sizeParam(params, "rows", 0);
    if (!cols || !rows || *cols == 0 || *rows == 0)
        return invalid("cols and rows must be integers from 1 to 65535");
    if (const int err = pty->resize(*cols, *rows))
        return std::unexpected(RpcError::os(err, std::string("resize: ") + std::strerror(err)));
    return emptyResult();
}

Agent::Reply Agent::ptyClose(const Json &params, const Json &)
{
    PtySession *pty = findPty(params);
    if (!pty)
        return unknownId("pty");
    Signals::signalSession(pty->pid(), SIGHUP);
    Signals::signalSession(pty->pid(), SIGCONT); // a stopped job would never see the SIGHUP
    scheduleKill(pty->pid(), pty->id(), true);
    return emptyResult();
}

Agent::Reply Agent::fsRead(const Json &params, const Json &)
{
    return FileOps::read(params);
}

Agent::Reply Agent::fsWrite(const Json &params, const Json &)
{
    return FileOps::write(params);
}

Agent::Reply Agent::fsStat(const Json &params, const Json &)
{
    return FileOps::stat(params);
}

Agent::Reply Agent::fsList(const Json &params, const Json &)
{
    return FileOps::list(params);
}

Agent::Reply Agent::fsManifest(const Json &params, const Json &)
{
    return FileManifest::build(params);
}

Agent::Reply Agent::setWindow(const Json &params, const Json &)
{
    const auto value = intParam(params, "bytes");
    if (!value || *value < 1 || *value > kMaxWindow)
        return invalid("bytes must be an integer from 1 to 1 GiB");
    m_window = size_t(*value);
    return emptyResult();
}

Agent::Reply Agent::hello(const Json &, const Json &)
{
    return readyParams();
}

Agent::Reply Agent::powerOff(const Json &, const Json &)
{
    if (!m_servingVm)
        return std::unexpected(
            RpcError{RpcError::MethodNotFound, "method not found: system.poweroff"});
    // The loop ends once this answer is queued; shutdown() makes sure it reaches the host.
    m_powerOffRequested = true;
    return emptyResult();
}

Agent::Reply Agent::renew(const Json &params, const Json &)
{
    if (!m_servingVm)
        return std::unexpected(
            RpcError{RpcError::MethodNotFound, "method not found: system.renew"});
    const auto s = intParam(params, "time_s");
    const auto ns = intParam(params, "time_ns");
    if (!s || *s < 0)
        return invalid("time_s must be a non-negative integer");
    if (!ns || *ns < 0 || *ns > 999'999'999)
        return invalid("time_ns must be an integer from 0 to 999999999");
    auto seed = dataParam(params, true);
    if (!seed)
        return std::unexpected(seed.error());
    if (seed->size() < 32)
        return invalid("data must hold at least 32 bytes of seed");
    const timespec now{static_cast<time_t>(*s), static_cast<long>(*ns)};
    if (::clock_settime(CLOCK_REALTIME, &now) != 0)
        return std::unexpected(
            RpcError::os(errno, std::string("clock_settime: ") + std::strerror(errno)));
    // Mixed in, then a reseed, so that no two VMs restored from one state share a random stream.
    const Fd random(::open("/dev/urandom", O_WRONLY | O_CLOEXEC));
    if (!random.isValid())
        return std::unexpected(
            RpcError::os(errno, std::string("/dev/urandom: ") + std::strerror(errno)));
    if (::write(random.get(), seed->data(), seed->size()) != ssize_t(seed->size()))
        return std::unexpected(
            RpcError::os(errno, std::string("/dev/urandom: ") + std::strerror(errno)));
    if (::ioctl(random.get(), RNDRESEEDCRNG) != 0)
        return std::unexpected(
            RpcError::os(errno, std::string("RNDRESEEDCRNG: ") + std::strerror(errno)));
    return emptyResult();
}

void Agent::acknowledge(const Json &params, bool pty)
{
    const auto value = intParam(params, "bytes");
    if (!value || *value <= 0)
        return;
    if (pty) {
        if (PtySession *session = findPty(params))
            session->window().acknowledged(size_t(*value));
    } else if (Job *job = findJob(params)) {
        job->window().acknowledged(size_t(*value));
    }
}

// ---- The loop --------------------------------------------------------------------------------

void Agent::buildPollSet(bool inputPaused)
{
    m_pollFds.clear();
    m_pollTargets.clear();
    auto add = [this](int fd, short events, PollTarget::Kind kind, int64_t id) {
        m_pollFds.push_back({fd, events, 0});
        m_pollTargets.push_back({kind, id});
    };
    add(m_signalFd, POLLIN, PollTarget::Signals, 0);
    if (!inputPaused && m_channel.pendingOutput() < kInputPauseBytes)
        add(m_channel.inFd(), POLLIN, PollTarget::Input, 0);
    if (m_channel.wantsWrite())
        add(m_channel.outFd(), POLLOUT, PollTarget::Output, 0);

    // Children are read only while the host keeps up: that is what bounds our own buffer.
    const bool readChildren = m_channel.pendingOutput() < kChildPauseBytes;
    for (const auto &[id, job] : m_jobs) {
        if (readChildren && job->window().allowance() > 0) {
            if (job->output(Job::Stdout).isOpen())
                add(job->output(Job::Stdout).fd(), POLLIN, PollTarget::JobStdout, id);
            if (job->output(Job::Stderr).isOpen())
                add(job->output(Job::Stderr).fd(), POLLIN, PollTarget::JobStderr, id);
        }
        if (job->input().wantsWrite())
            add(job->input().fd(), POLLOUT, PollTarget::JobStdin, id);
    }
    for (const auto &[id, pty] : m_ptys) {
        if (readChildren && pty->window().allowance() > 0 && pty->output().isOpen())
            add(pty->output().fd(), POLLIN, PollTarget::PtyOutput, id);
        if (pty->input().wantsWrite())
            add(pty->input().fd(), POLLOUT, PollTarget::PtyInput, id);
    }
}

void Agent::handlePollEvents()
{
    for (size_t i = 0; i < m_pollFds.size(); ++i) {
        const short events = m_pollFds[i].revents;
        if (events == 0)
            continue;
        const PollTarget &target = m_pollTargets[i];
        const size_t pending = m_channel.pendingOutput();
        const size_t budget = pending < kChildPauseBytes ? kChildPauseBytes - pending : 1;
        switch (target.kind) {
        case PollTarget::Signals:
            readSignals();
            break;
        case PollTarget::Input:
            if (m_channel.readInput() == Channel::ReadStatus::EndOfFile)
                m_inputEnded = true;
            break;
        case PollTarget::Output:
            // A virtio-serial port whose host end is closed reports POLLHUP and takes nothing
            // (EAGAIN) instead of failing the write.
            if (!m_channel.flush() || ((events & (POLLHUP | POLLERR)) && m_channel.wantsWrite()))
                m_hostGone = true;
            break;
        case PollTarget::JobStdout:
        case PollTarget::JobStderr:
            if (const auto it = m_jobs.find(target.id); it != m_jobs.end()) {
                Job &job = *it->second;
                job.output(target.kind == PollTarget::JobStdout ? Job::Stdout : Job::Stderr)
                    .pump(m_channel, job.window(), budget);
            }
            break;
        case PollTarget::JobStdin:
            if (const auto it = m_jobs.find(target.id); it != m_jobs.end())
                it->second->input().flush();
            break;
        case PollTarget::PtyOutput:
            if (const auto it = m_ptys.find(target.id); it != m_ptys.end())
                it->second->output().pump(m_channel, it->second->window(), budget);
            break;
        case PollTarget::PtyInput:
            if (const auto it = m_ptys.find(target.id); it != m_ptys.end())
                it->second->input().flush();
            break;
        }
    }
}

void Agent::readSignals()
{
    signalfd_siginfo info[16];
    for (;;) {
        const ssize_t n = ::read(m_signalFd, info, sizeof info);
        if (n <= 0)
            break;
        for (size_t i = 0; i < size_t(n) / sizeof info[0]; ++i) {
            const int sig = int(info[i].ssi_signo);
            // SIGIO: a VM's init watches its port with it (data or a host (dis)connecting).
            if (sig != SIGCHLD && sig != SIGIO && m_stopSignal == 0)
                m_stopSignal = sig;
        }
    }
    // SIGCHLDs coalesce, so reap everything there is rather than one child per signal.
    reapChildren();
}

void Agent::reapChildren()
{
    for (;;) {
        int status = 0;
        const pid_t pid = ::waitpid(-1, &status, WNOHANG);
        if (pid <= 0)
            break;
        bool found = false;
        for (auto &[id, job] : m_jobs) {
            if (job->pid() == pid) {
                job->status().setReaped(status);
                found = true;
                break;
            }
        }
        if (found)
            continue;
        for (auto &[id, pty] : m_ptys) {
            if (pty->pid() == pid) {
                pty->status().setReaped(status);
                break;
            }
        }
        // Anything else is an orphan we adopted as PID 1: reaping it was the point.
    }
}

void Agent::scheduleKill(pid_t sid, int64_t ownerId, bool pty)
{
    m_escalations.push_back({Clock::nowMs() + kKillDelayMs, sid, ownerId, pty});
}

void Agent::fireTimers(int64_t now)
{
    for (auto &[id, job] : m_jobs) {
        const int64_t deadline = job->timeoutDeadline();
        if (deadline != 0 && now >= deadline) {
            job->setTimedOut();
            Signals::signalSession(job->pid(), SIGTERM);
            scheduleKill(job->pid(), id, false);
        }
    }
    for (size_t i = 0; i < m_escalations.size();) {
        const Escalation escalation = m_escalations[i];
        if (now < escalation.deadline) {
            ++i;
            continue;
        }
        m_escalations.erase(m_escalations.begin() + ptrdiff_t(i));
        bool ownerAlive = false;
        bool pidReused = false;
        for (const auto &[id, job] : m_jobs) {
            if (job->pid() == escalation.sid) {
                if (!escalation.pty && id == escalation.ownerId) {
                    job->setKilled();
                    ownerAlive = true;
                } else {
                    pidReused = true;
                }
            }
        }
        for (const auto &[id, pty] : m_ptys) {
            if (pty->pid() == escalation.sid) {
                if (escalation.pty && id == escalation.ownerId) {
                    pty->setKilled();
                    ownerAlive = true;
                } else {
                    pidReused = true;
                }
            }
        }
        // A finished job may have left processes behind that ignored SIGTERM; they still go,
        // unless the pid now leads one of our own new jobs.
        if (ownerAlive || !pidReused)
            Signals::signalSession(escalation.sid, SIGKILL);
    }
    watchMemory(now);
    checkStdinWaits(now);
}

bool Agent::isWatchingStdin() const
{
    return std::any_of(m_jobs.begin(), m_jobs.end(),
                       [](const auto &entry) { return entry.second->watchesStdin(); });
}

void Agent::checkStdinWaits(int64_t now)
{
    if (!isWatchingStdin()) {
        m_stdinCheckDue = 0;
        return;
    }
    if (m_stdinCheckDue == 0)
        m_stdinCheckDue = now + kStdinCheckMs;
    if (now < m_stdinCheckDue)
        return;
    m_stdinCheckDue = now + kStdinCheckMs;
    for (auto &[id, job] : m_jobs) {
        if (job->checkStdinWait())
            notify("exec.stdin_wait", Json(Json::Object{{"job", id}}));
    }
}

bool Agent::isWatchingMemory() const
{
    // Only while something runs: an idle agent costs nothing.
    return m_memory && (!m_jobs.empty() || !m_ptys.empty());
}

void Agent::watchMemory(int64_t now)
{
    if (!isWatchingMemory()) {
        m_memoryDue = 0;
        return;
    }
    if (now < m_memoryDue)
        return;
    m_memoryDue = now + kMemoryIntervalMs;
    std::vector<pid_t> jobSessions;
    for (const auto &[id, job] : m_jobs)
        jobSessions.push_back(job->pid());
    std::vector<pid_t> sessions = jobSessions;
    for (const auto &[id, pty] : m_ptys)
        sessions.push_back(pty->pid());

    const MemoryWatch::Sample sample = m_memory->sample(sessions, now);
    for (const auto &[id, job] : m_jobs)
        job->noteMemory(sample.total);
    const int64_t limit = m_memory->limitBytes();
    if (sample.total <= limit)
        return;
    const std::optional<MemoryWatch::Victim> victim = m_memory->choose(sample, jobSessions);
    auto mib = [](int64_t bytes) {
        return std::to_string(bytes / (1024 * 1024));
    };
    const std::string over =
        "memory limit of " + mib(limit) + " MiB exceeded (" + mib(sample.total) + " MiB in use)";
    if (!victim) {
        if (!m_memoryVictimMissing)
            notify("agent.log",
                   Json(Json::Object{{"level", "warning"},
                                     {"message", over + ", but nothing may be killed"}}));
        m_memoryVictimMissing = true;
        return;
    }
    m_memoryVictimMissing = false;
    m_memory->markDying(*victim, now);
    if (victim->isJob) {
        for (const auto &[id, job] : m_jobs) {
            if (job->pid() == victim->id)
                job->setKilledForMemory(limit);
        }
        Signals::signalSession(victim->id, SIGKILL);
        return;
    }
    // Memory held outside any job (a daemon started by an earlier command, a terminal): the
    // group goes, and the host hears of it.
    ::kill(-victim->id, SIGKILL);
    notify("agent.log",
           Json(Json::Object{{"level", "warning"},
                             {"message",
                              over + ": killed process group " + std::to_string(victim->id) + " ("
                                  + mib(victim->bytes) + " MiB)"}}));
}

int Agent::pollTimeout(int64_t now) const
{
    int64_t next = INT64_MAX;
    for (const auto &[id, job] : m_jobs) {
        if (job->timeoutDeadline() != 0)
            next = std::min(next, job->timeoutDeadline());
    }
    for (const Escalation &escalation : m_escalations)
        next = std::min(next, escalation.deadline);
    if (isWatchingMemory())
        next = std::min(next, m_memoryDue);
    if (isWatchingStdin())
        next = std::min(next, m_stdinCheckDue == 0 ? now : m_stdinCheckDue);
    if (next == INT64_MAX)
        return -1;
    return int(std::clamp<int64_t>(next - now, 0, INT_MAX));
}

void Agent::finishEnded()
{
    const int64_t now = Clock::nowMs();
    for (auto it = m_jobs.begin(); it != m_jobs.end();) {
        Job &job = *it->second;
        if (!job.isFinished()) {
            ++it;
            continue;
        }
        // Killed, but something that escaped the group holds the pipes: take what is there.
        for (Job::Stream stream : {Job::Stdout, Job::Stderr}) {
            OutputPipe &pipe = job.output(stream);
            if (pipe.isOpen()) {
                pipe.pump(m_channel, job.window(), SIZE_MAX);
                pipe.close();
            }
        }
        Json result = job.result(now);
        // After the command, before the answer: the host must not act on a workspace that still
        // holds a setuid file.
        if (!job.auditDirectory().empty())
            result.set("audit",
                       auditJson(WorkspaceAudit::run(job.auditDirectory(), job.auditSince())));
        sendResult(Json(job.id()), result);
        it = m_jobs.erase(it);
    }
    for (auto it = m_ptys.begin(); it != m_ptys.end();) {
        PtySession &pty = *it->second;
        if (!pty.isFinished()) {
            ++it;
            continue;
        }
        if (pty.output().isOpen()) {
            pty.output().pump(m_channel, pty.window(), SIZE_MAX);
            pty.output().close();
        }
        notify("pty.exit",
               Json(Json::Object{{"pty", pty.id()}, {"exit_code", pty.status().shellExitCode()}}));
        it = m_ptys.erase(it);
    }
}

Json Agent::auditJson(const WorkspaceAuditResult &audit)
{
    auto strings = [](const std::vector<std::string> &items) {
        Json::Array array;
        array.reserve(items.size());
        for (const std::string &item : items)
            array.emplace_back(item);
        return Json(std::move(array));
    };
    Json json(Json::Object{{"setid_cleared", strings(audit.setidCleared)},
                           {"setid_failed", strings(audit.setidFailed)},
                           {"autorun_changed", strings(audit.autorunChanged)},
                           {"truncated", audit.truncated}});
    if (!audit.error.empty())
        json.set("error", audit.error);
    return json;
}

void Agent::shutdown()
{
    // As PID 1 the signal is forwarded as it came; otherwise jobs get the usual SIGTERM.
    const int jobSignal = m_isPid1 && m_stopSignal != 0 ? m_stopSignal : SIGTERM;
    for (const auto &[id, job] : m_jobs)
        Signals::signalSession(job->pid(), jobSignal);
    for (const auto &[id, pty] : m_ptys) {
        Signals::signalSession(pty->pid(), SIGHUP);
        Signals::signalSession(pty->pid(), SIGCONT);
    }

    auto anyRunning = [this] {
        return std::any_of(m_jobs.begin(), m_jobs.end(),
                           [](const auto &j) { return !j.second->status().isReaped(); })
            || std::any_of(m_ptys.begin(), m_ptys.end(),
                           [](const auto &p) { return !p.second->status().isReaped(); });
    };
    const int64_t deadline = Clock::nowMs() + kKillDelayMs;
    char discard[65536];
    while (anyRunning()) {
        const int64_t now = Clock::nowMs();
        if (now >= deadline)
            break;
        // Keep draining the children's output (into nothing) so that none of them blocks on a
        // full pipe instead of handling its SIGTERM, and let queued output reach the host.
        std::vector<pollfd> fds{{m_signalFd, POLLIN, 0}};
        std::vector<OutputPipe *> pipes{nullptr};
        auto addPipe = [&](OutputPipe &pipe) {
            if (pipe.isOpen()) {
                fds.push_back({pipe.fd(), POLLIN, 0});
                pipes.push_back(&pipe);
            }
        };
        for (const auto &[id, job] : m_jobs) {
            addPipe(job->output(Job::Stdout));
            addPipe(job->output(Job::Stderr));
        }
        for (const auto &[id, pty] : m_ptys)
            addPipe(pty->output());
        if (!m_hostGone && m_channel.wantsWrite()) {
            fds.push_back({m_channel.outFd(), POLLOUT, 0});
            pipes.push_back(nullptr);
        }
        if (::poll(fds.data(), fds.size(), int(deadline - now)) < 0 && errno != EINTR)
            break;
        for (size_t i = 0; i < fds.size(); ++i) {
            if (fds[i].revents == 0)
                continue;
            if (fds[i].fd == m_signalFd) {
                readSignals();
            } else if (!pipes[i]) {
                m_hostGone = !m_channel.flush();
            } else {
                const ssize_t n = ::read(fds[i].fd, discard, sizeof discard);
                if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR))
                    pipes[i]->close();
            }
        }
    }
    for (const auto &[id, job] : m_jobs)
        Signals::signalSession(job->pid(), SIGKILL);
    for (const auto &[id, pty] : m_ptys)
        Signals::signalSession(pty->pid(), SIGKILL);
    reapChildren();
    if (m_hostGone)
        return;
    m_channel.flush();
    // The answer to system.poweroff must be out before the VM goes.
    const int64_t flushDeadline = Clock::nowMs() + kKillDelayMs;
    while (m_powerOffRequested && m_channel.wantsWrite() && Clock::nowMs() < flushDeadline) {
        pollfd fd{m_channel.outFd(), POLLOUT, 0};
        if (::poll(&fd, 1, int(flushDeadline - Clock::nowMs())) <= 0
            || (fd.revents & (POLLHUP | POLLERR)) || !m_channel.flush())
            break;
    }
}

} // namespace Terrarium::Guest
