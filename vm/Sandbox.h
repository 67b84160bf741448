#pragma once

#include "core/Error.h"
#include "core/exec/CommandRunner.h"
#include "vm/PtyRequest.h"
#include "vm/SandboxKind.h"
#include "vm/SandboxSpec.h"

#include <QByteArray>
#include <QObject>
#include <QString>

namespace Terrarium::Core {
class TerminalSession;
}

namespace Terrarium::Vm {

class SandboxJob;

// A place where agent commands run: a rootless Podman container, a libvirt VM or, opt-in only, the
// user's own machine. The orchestrator sees only the Core::CommandRunner part (facts(), exec());
// app/ and the terminal panes see the rest.
//
// Lifecycle, reported through stateChanged():
//   Stopped --start()--> Starting --> Running --stop()--> Stopping --> Stopped
//   Starting --(cannot start)--> Failed, with failed() saying why; start() may be tried again.
// stop() cancels running commands (their jobs finish cancelled) and closes terminal sessions.
// destroy() also removes what the sandbox owns (container, overlay disk, snapshots), never the
// workspace, and ends in Stopped.
//
// Asynchrony: Podman and libvirt sandboxes answer over one channel to an in-sandbox agent, so
// nothing here waits for the sandbox. start(), stop() and destroy() return at once; exec() returns
// an ExecJob and file and snapshot operations a SandboxJob, which report from the event loop,
// never inside the call. openPty() returns its session at once; a session whose program cannot
// start remotely reports that through TerminalSession::finished().
//
// Commands, terminals and file operations need state() == Running; otherwise they fail with
// ErrorCode::SandboxError. Paths are paths inside the sandbox; relative ones are relative to the
// workspace. Threading: a sandbox, its jobs and its sessions live on one thread.
class Sandbox : public Core::CommandRunner
{
    Q_OBJECT

public:
    enum class State { Stopped, Starting, Running, Stopping, Failed };
    Q_ENUM(State)

    explicit Sandbox(SandboxSpec spec, QObject *parent = nullptr);
    ~Sandbox() override;

    virtual SandboxKind kind() const = 0;
    const SandboxSpec &spec() const { return m_spec; }
    State state() const { return m_state; }
    bool isRunning() const { return m_state == State::Running; }

    virtual void start() = 0;
    virtual void stop() = 0;
    virtual void destroy() = 0;

    // A terminal into the sandbox. The session is a child of the sandbox; the caller may
    // deleteLater() it, which ends its program.
    virtual Core::Result<Core::TerminalSession *> openPty(const PtyRequest &request) = 0;

    // Whether commands work on a copy of the workspace (SandboxSpec::workspaceCopy; VMs always),
    // which the caller fills and whose changes it reviews (WorkspaceTransfer), and where that
    // folder is as the sandbox sees it.
    virtual bool worksOnACopy() const { return false; }
    // The limits this sandbox really gets, for people, where they are not simply the spec's
    // (enforced another way, capped lower, or not at all); empty otherwise.
    virtual QString limitsNote() const { return {}; }
    // The paths of a mounted workspace (relative to it) that commands cannot change because
    // programs on the host run them by themselves (SandboxSpec::protectAutorun); empty when
    // nothing is protected that way.
    virtual QStringList readOnlyWorkspacePaths() const { return {}; }
    virtual QString workspaceFolder() const { return spec().workspace; }

    // The sandbox's own console (a VM's serial line: boot messages and a root shell), for a
    // terminal pane; most kinds have none and say so.
    virtual Core::Result<Core::TerminalSession *> openConsole();

    // Reads a regular file of at most maxBytes (ErrorCode::LimitReached if it is larger).
    virtual SandboxJob *readFile(const QString &path, qint64 maxBytes) = 0;
    // Replaces a file's contents, creating it and missing parent directories.
    virtual SandboxJob *writeFile(const QString &path, const QByteArray &data) = 0;

    // Whether snapshot()/rollback() can work at all here (they fail with SandboxError if not).
    virtual bool supportsSnapshots() const = 0;
    // Records the sandbox's disk state under name; rollback(name) returns to it.
    virtual SandboxJob *snapshot(const QString &name) = 0;
    virtual SandboxJob *rollback(const QString &name) = 0;

    // The orchestrator's checkpoints are snapshots (Core::CommandRunner).
    bool supportsCheckpoints() const final { return supportsSnapshots(); }
    Core::CheckpointJob *checkpoint(const QString &name) final;
    Core::CheckpointJob *restoreCheckpoint(const QString &name) final;
    // The orchestrator reads files through readFile() (Core::CommandRunner).
    Core::FileReadJob *readSandboxFile(const QString &path, qint64 maxBytes) final;

Q_SIGNALS:
    void stateChanged(Terrarium::Vm::Sandbox::State state);
    // How far start() got (0-100), at each real stage of it; Running follows the last one.
    void startProgress(int percent, const QString &message);
    // Emitted after the state became Failed.
    void failed(const Terrarium::Core::Error &error);

protected:
    void setState(State state);
    // Moves to Failed and reports why.
    void fail(const Core::Error &error);
    // Completes job from the event loop (keeps the "never inside the call" promise).
    static void finishJob(SandboxJob *job, Core::Result<QByteArray> result);

private:
    // A checkpoint job that finishes as the snapshot or rollback job does.
    Core::CheckpointJob *checkpointFor(SandboxJob *job);

    const SandboxSpec m_spec;
    State m_state = State::Stopped;
};

} // namespace Terrarium::Vm
