// libFuzzer target for the host end of the terrarium-agent channel (AgentChannel, AgentWire): the
// bytes a hostile sandbox can send the host. Whatever arrives, however it is split into reads, the
// channel must not crash, must hold no more than the line it is still waiting for, must answer
// with well-formed JSON-RPC lines, must hand on answers and output in the shapes its contract
// promises, and must come to the same outcome as when everything arrives in one read. Once the
// agent's output ends, everything still waiting finishes with SandboxError.
#include "core/exec/ExecJob.h"
#include "core/exec/ExecRequest.h"
#include "vm/AgentCall.h"
#include "vm/AgentChannel.h"
#include "vm/AgentExecJob.h"
#include "vm/AgentPtySession.h"
#include "vm/PtyRequest.h"

#include <QCoreApplication>
#include <QHashFunctions>
#include <QIODevice>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>

using Terrarium::Core::Error;
using Terrarium::Core::ErrorCode;
using Terrarium::Core::ExecJob;
using Terrarium::Core::ExecRequest;
using Terrarium::Core::ExecResult;
using Terrarium::Core::OutputStream;
using Terrarium::Core::TerminalSession;
using Terrarium::Vm::AgentCall;
using Terrarium::Vm::AgentChannel;
using Terrarium::Vm::AgentExecJob;
using Terrarium::Vm::AgentPtySession;
using Terrarium::Vm::PtyRequest;

namespace {

// The limit the readFile() request below sets: small, so that larger answers hit LimitReached.
constexpr qint64 ReadLimit = 100;

void check(bool condition)
{
    if (!condition)
        std::abort(); // libFuzzer saves the input that got here
}

// The agent's end of the connection: the channel reads what deliver() hands it, at once (as a
// socket's readyRead would announce it), and what it writes is kept for checking.
class AgentPipe final : public QIODevice
{
public:
    AgentPipe() { open(QIODevice::ReadWrite | QIODevice::Unbuffered); }

    bool isSequential() const override { return true; }
    qint64 bytesAvailable() const override { return m_incoming.size() - m_readPos; }

    void deliver(QByteArrayView bytes)
    {
        m_incoming.append(bytes);
        Q_EMIT readyRead();
    }
    void endOfInput() { Q_EMIT readChannelFinished(); }

    QByteArray written;

protected:
    qint64 readData(char *data, qint64 maxSize) override
    {
        const qint64 count = std::min(maxSize, bytesAvailable());
        std::copy_n(m_incoming.constData() + m_readPos, count, data);
        m_readPos += count;
        if (m_readPos == m_incoming.size()) {
            m_incoming.clear();
            m_readPos = 0;
        }
        return count;
    }
    qint64 writeData(const char *data, qint64 size) override
    {
        written.append(data, size);
        return size;
    }

private:
    QByteArray m_incoming;
    qsizetype m_readPos = 0;
};

bool isErrorCode(ErrorCode code)
{
    switch (code) {
    case ErrorCode::NotFound:
    case ErrorCode::PermissionDenied:
    case ErrorCode::IoError:
    case ErrorCode::LimitReached:
    case ErrorCode::InvalidInput:
    case ErrorCode::MalformedResponse:
    case ErrorCode::SandboxError:
        return true; // what AgentChannel documents (and readFile's LimitReached)
    default:
        return false;
    }
}

QByteArray json(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

QByteArray describe(const Error &error)
{
    return QByteArray::number(int(error.code)) + ' ' + error.message.toUtf8();
}

// One channel fed one way, with a request of each kind waiting on the agent. What comes out of
// it (answers, output, the end) is written to `log`, which must not depend on the chunking.
struct Session
{
    AgentPipe pipe;
    std::unique_ptr<AgentChannel> channel;
    QByteArray log;
    QList<AgentCall *> calls;
    AgentCall *readFile = nullptr;
    AgentExecJob *job = nullptr;
    AgentPtySession *pty = nullptr;
    int jobFinishes = 0;
    int ptyFinishes = 0;
    bool closed = false;

    Session()
        : channel(std::make_unique<AgentChannel>(&pipe))
    {
        QObject *context = channel.get();
        QObject::connect(channel.get(), &AgentChannel::ready, context,
                         [this](const QJsonObject &info) { log += "ready " + json(info) + '\n'; });
        QObject::connect(channel.get(), &AgentChannel::closed, context, [this](const Error &why) {
            check(!closed);
            closed = true;
            check(why.code == ErrorCode::SandboxError && !why.message.isEmpty());
            log += "closed " + describe(why) + '\n';
        });

        // Ids 1 (agent.hello, sent by the channel) to 6, in this order: the seeds answer them.
        ExecRequest request;
        request.argv = {QStringLiteral("true")};
        job = channel->exec(request);
        QObject::connect(job, &ExecJob::outputReceived, context,
                         [this](OutputStream stream, const QByteArray &data) {
                             check(!job->isFinished());
                             log += (stream == OutputStream::Stdout ? "stdout " : "stderr ")
                                 + data.toBase64() + '\n';
                         });
        QObject::connect(job, &AgentExecJob::started, context, [this](qint64 pid) {
            log += "started " + QByteArray::number(pid) + '\n';
        });
        QObject::connect(job, &ExecJob::inputWanted, context, [this] { log += "stdin_wait\n"; });
        QObject::connect(job, &ExecJob::finished, context, [this] {
            ++jobFinishes;
            log += "exec " + describeResult() + '\n';
        });

        auto opened = channel->openPty(PtyRequest{});
        check(opened.has_value());
        pty = *opened;
        QObject::connect(pty, &TerminalSession::received, context, [this](const QByteArray &data) {
            check(ptyFinishes == 0);
            log += "pty " + data.toBase64() + '\n';
        });
        QObject::connect(pty, &TerminalSession::finished, context, [this](int exitCode) {
            ++ptyFinishes;
            log += "pty exit " + QByteArray::number(exitCode) + '\n';
            if (const auto error = pty->error())
                log += "pty error " + describe(*error) + '\n';
        });

        calls << channel->info();
        readFile = channel->readFile(QStringLiteral("/workspace/file"), ReadLimit);
        calls << readFile;
        calls << channel->stat(QStringLiteral("/workspace"));
        for (AgentCall *call : std::as_const(calls)) {
            QObject::connect(call, &AgentCall::finished, context, [this, call] {
                const auto &result = call->result();
                log += call->method().toUtf8() + ' ';
                log += result ? json(*result) : describe(result.error());
                log += ' ' + call->data().toBase64() + '\n';
            });
        }
    }

    QByteArray describeResult() const
    {
        const auto &result = job->result();
        if (!result)
            return describe(result.error());
        // Not durationMs: without the agent's duration_ms it is the host's clock.
        const ExecResult &r = *result;
        return QByteArray::number(r.exitCode) + ' ' + QByteArray::number(r.signal) + ' '
            + QByteArray::number(r.timedOut) + ' ' + QByteArray::number(r.processUs) + ' '
            + QByteArray::number(r.memoryLimitExceeded) + ' '
            + QByteArray::number(r.memoryLimitBytes) + ' ' + QByteArray::number(r.memoryPeakBytes)
            + ' ' + r.setidCleared.join(u'|').toUtf8() + ' ' + r.setidFailed.join(u'|').toUtf8()
            + ' ' + r.autorunChanged.join(u'|').toUtf8() + ' '
            + QByteArray::number(r.auditTruncated) + ' ' + r.auditError.toUtf8();
    }

    // Partial line held: what followed the last '\n' delivered so far.
    void checkBuffered(QByteArrayView delivered) const
    {
        if (channel->isClosed())
            return; // it stopped reading; the pipe holds the rest
        // Not asked of an empty view: Qt 6.8's lastIndexOf() calls memrchr() on its pointer,
        // here one past the fuzzer's input, which AddressSanitizer reports as an overflow.
        const qsizetype lastNewline = delivered.isEmpty() ? -1 : delivered.lastIndexOf('\n');
        check(channel->bufferedBytes() == delivered.size() - lastNewline - 1);
    }

    // After the agent's output ended: nothing may still wait.
    void checkEnd() const
    {
        check(closed && channel->isClosed());
        check(channel->closeReason()->code == ErrorCode::SandboxError);
        check(!channel->isReady());
        check(jobFinishes == 1 && ptyFinishes == 1);
        check(!pty->isOpen());
        if (const auto &result = job->result(); result) {
            // A signal means no exit code (ExecResult).
            check(result->signal == 0 || result->exitCode == -1);
        } else {
            check(isErrorCode(result.error().code));
        }
        for (const AgentCall *call : calls) {
            check(call->isFinished());
            const auto &result = call->result();
            if (!result) {
                check(isErrorCode(result.error().code));
                check(call->data().isEmpty());
                continue;
            }
            // A base64 "data" member is decoded into data(), never left in the result.
            check(!result->contains(QLatin1String("data")));
            if (call == readFile) {
                check(call->data().size() <= ReadLimit);
                check(result->value(QLatin1String("size")).toInteger(-1) == call->data().size());
            }
        }
    }
};

// Every line the host writes is a JSON-RPC 2.0 object the agent can parse, within its limit.
// Returns the lines other than acknowledgements, whose batching follows the reads.
QList<QByteArray> checkWritten(const QByteArray &written)
{
    check(written.isEmpty() || written.endsWith('\n'));
    QList<QByteArray> lines = written.split('\n');
    lines.removeLast(); // after the last '\n'
    QList<QByteArray> kept;
    for (const QByteArray &line : std::as_const(lines)) {
        check(!line.isEmpty() && line.size() <= AgentChannel::maxOutgoingLineBytes);
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(line, &error);
        check(error.error == QJsonParseError::NoError && document.isObject());
        const QJsonObject object = document.object();
        check(object.value(QLatin1String("jsonrpc")) == QLatin1String("2.0"));
        const QString method = object.value(QLatin1String("method")).toString();
        if (method == QLatin1String("exec.ack") || method == QLatin1String("pty.ack")) {
            check(object.value(QLatin1String("params"))
                      .toObject()
                      .value(QLatin1String("bytes"))
                      .toInteger()
                  > 0);
            continue;
        }
        kept << line;
    }
    return kept;
}

// The next piece size, from a small generator seeded by the input's second byte (xorshift).
struct Pieces
{
    std::uint32_t state;
    qsizetype largest;

    qsizetype next()
    {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        return qsizetype(state % std::uint32_t(largest)) + 1;
    }
};

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    // Signals, deleteLater() and queued calls need an application; logging would only slow the
    // run down (every skipped line is a warning). The channel finishes what waits in QHash order:
    // a fixed seed makes a saved input replay the same way.
    QHashSeed::setDeterministicGlobalSeed();
    static int argc = 1;
    static char name[] = "fuzz_agent_decoder";
    static char *argv[] = {name, nullptr};
    static QCoreApplication application(argc, argv);
    QLoggingCategory::setFilterRules(QStringLiteral("*=false"));
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    // The first two bytes choose how the rest arrives: the largest piece (1 to 256 bytes) and
    // the seed of the piece sizes. The rest is what the agent sends.
    if (size < 2)
        return 0;
    Pieces pieces{std::uint32_t(data[1]) * 2654435761u | 1u, qsizetype(data[0]) + 1};
    const QByteArrayView stream(reinterpret_cast<const char *>(data) + 2, qsizetype(size) - 2);

    Session whole;
    whole.pipe.deliver(stream);
    whole.checkBuffered(stream);
    whole.pipe.endOfInput();
    whole.checkEnd();

    Session split;
    for (qsizetype pos = 0; pos < stream.size();) {
        const qsizetype piece = std::min(pieces.next(), stream.size() - pos);
        split.pipe.deliver(stream.sliced(pos, piece));
        pos += piece;
        split.checkBuffered(stream.first(pos));
    }
    split.pipe.endOfInput();
    split.checkEnd();

    check(split.log == whole.log);
    check(checkWritten(split.pipe.written) == checkWritten(whole.pipe.written));

    // deleteLater()s of finished calls; the rest goes with the channels.
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    return 0;
}
