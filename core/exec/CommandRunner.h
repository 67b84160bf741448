#pragma once

#include "core/Error.h"
#include "core/exec/ExecRequest.h"
#include "core/exec/SandboxFacts.h"

#include <QObject>

namespace Terrarium::Core {

class CheckpointJob;
class ExecJob;
class FileReadJob;

// The seam between the agent loop and wherever commands run. vm::Sandbox implements it; the
// orchestrator knows nothing else about sandboxes.
class CommandRunner : public QObject
{
    Q_OBJECT

public:
    explicit CommandRunner(QObject *parent = nullptr);
    ~CommandRunner() override;

    virtual SandboxFacts facts() const = 0;
    // Starts the command. The job is a child of the runner; the caller deleteLater()s it once
    // finished. Never returns null: a command that cannot start finishes with an Error.
    virtual ExecJob *exec(const ExecRequest &request) = 0;

    // Checkpoints: the state commands can change (a VM's disk, a container's file system),
    // saved under a name to go back to later. Not every runner has them (the host has not);
    // where it has, a checkpoint costs a fraction of a second on a VM and more in a container,
    // so callers take them only where an undo is likely to be wanted.
    virtual bool supportsCheckpoints() const { return false; }
    // Saves the state under name (a name used before is taken over). Never returns null; the
    // job is a child of the runner and finishes with an Error where checkpoints do not work.
    virtual CheckpointJob *checkpoint(const QString &name);
    // Goes back to the state saved under name. What runs when it is called may end (a VM
    // boots again from the saved disk); afterwards commands run in the restored state.
    virtual CheckpointJob *restoreCheckpoint(const QString &name);

    // Reads a regular file in the sandbox (path as the sandbox sees it) of at most maxBytes;
    // an Error when it is larger or cannot be read, and where the runner reads no files. Never
    // returns null; the job is a child of the runner.
    virtual FileReadJob *readSandboxFile(const QString &path, qint64 maxBytes);

protected:
    // Completes job from the event loop (keeps the "never inside the call" promise).
    static void finishCheckpoint(CheckpointJob *job, Result<void> result);
    static void finishFileRead(FileReadJob *job, Result<QByteArray> result);
};

} // namespace Terrarium::Core
