#pragma once

#include "core/agent/OutputTail.h"
#include "core/exec/ExecResult.h"
#include "core/output/OutputSpool.h"
#include "core/output/SecretRedactor.h"

#include <QObject>
#include <QStringDecoder>

#include <chrono>

class QTimer;

namespace Terrarium::Core {

// One step's output, from the bytes its command wrote to what is shown and kept, in one place:
// secrets are masked first (nothing after this sees them), then each stream keeps a tail (what
// the models are told and step_result carries), a raw-byte spool (the output exactly as
// written, bounded to its head and tail; never text decoded and encoded again) and a UTF-8
// decoder whose text is coalesced: chunks of one stream go out together, at most every
// FlushInterval or when FlushChars have gathered, and a chunk of the other stream first sends
// what was gathered, so the order of arrival is kept.
class StepOutputLog : public QObject
{
    Q_OBJECT

public:
    static constexpr auto FlushInterval = std::chrono::milliseconds(30);
    static constexpr qsizetype FlushChars = 64 * 1024;
    static constexpr qsizetype TailBytes = 64 * 1024;
    static constexpr qint64 SpoolCapacity = qint64(64) * 1024 * 1024;

    StepOutputLog(int stepId, const QStringList &secrets, QObject *parent = nullptr);
    ~StepOutputLog() override;

    int stepId() const { return m_stepId; }

    // Bytes as the sandbox delivered them.
    void append(OutputStream stream, QByteArrayView data);
    // Sends the text gathered so far now (before the step asks for input, or ends).
    void flushText();
    // The command ended: what the masking and the decoders held back goes out too.
    void finish();
    bool isFinished() const { return m_finished; }

    const OutputTail &tail(OutputStream stream) const { return channel(stream).tail; }
    // Either stream's tail lost its beginning.
    bool isTruncated() const;
    // Everything written to the stream, masked, bounded to its head and tail.
    const OutputSpool &spool(OutputStream stream) const { return channel(stream).spool; }
    // What the command printed last without a newline: the prompt, when it waits for input.
    QString lastPartialLine() const { return m_lastPartialLine; }
    // The last line with more than blanks in it, either stream, complete or not: the command's
    // own words when it asks for input after a newline ("Password:\n" on stderr, say).
    QString lastWords() const { return m_lastWords; }
    // Input was given: the prompt was answered, what was printed before it asks nothing more.
    void clearPartialLine();
    // How often input was given (or closed) during the step.
    int answers() const { return m_answers; }

Q_SIGNALS:
    // Decoded text of one stream, in the order of arrival.
    void textReady(Terrarium::Core::OutputStream stream, const QString &text);

private:
    struct Channel
    {
        SecretRedactor redactor;
        OutputTail tail{TailBytes};
        OutputSpool spool{QString(), SpoolCapacity};
        QStringDecoder decoder{QStringDecoder::Utf8};
    };

    Channel &channel(OutputStream stream) { return stream == OutputStream::Stdout ? m_out : m_err; }
    const Channel &channel(OutputStream stream) const
    {
        return stream == OutputStream::Stdout ? m_out : m_err;
    }
    void take(OutputStream stream, QByteArrayView masked);

    int m_stepId;
    Channel m_out;
    Channel m_err;
    QTimer *m_flushTimer;
    OutputStream m_pendingStream = OutputStream::Stdout;
    QString m_pending;
    QString m_lastPartialLine;
    QString m_lastWords;
    int m_answers = 0;
    bool m_finished = false;
};

} // namespace Terrarium::Core
