#pragma once

#include "core/Error.h"
#include "core/exec/ExecResult.h"

#include <QByteArray>
#include <QObject>

#include <optional>

namespace Terrarium::Core {

// A running command. Output arrives as chunks per stream; finished() fires exactly once.
class ExecJob : public QObject
{
    Q_OBJECT

public:
    explicit ExecJob(QObject *parent = nullptr);
    ~ExecJob() override;

    virtual void writeStdin(const QByteArray &data) = 0;
    virtual void closeStdin() = 0;
    // Stops the command and everything it started (its whole process group). The job then
    // finishes with ExecResult::cancelled set.
    virtual void cancel() = 0;

    bool isFinished() const { return m_result.has_value(); }
    // Only meaningful once finished().
    const Result<ExecResult> &result() const;

Q_SIGNALS:
    void outputReceived(Terrarium::Core::OutputStream stream, const QByteArray &data);
    void finished();
    // The command is blocked reading its stdin, as the sandbox sees it (a process waits in
    // read(2) on the stdin pipe); once per wait. Not every runner can tell.
    void inputWanted();

protected:
    // Records the result and emits finished(); later calls are ignored.
    void finish(Result<ExecResult> result);

private:
    std::optional<Result<ExecResult>> m_result;
};

} // namespace Terrarium::Core
