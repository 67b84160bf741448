#pragma once

#include "vm/Sandbox.h"

#include <QList>
#include <QPointer>
#include <QProcessEnvironment>

namespace Terrarium::Vm {

class HostExecJob;
class HostGroupWarden;
class LocalPtySession;

// Runs commands directly on the user's machine, as the user, starting in the spec's workspace
// directory. NOTHING IS CONFINED: a command can read, change or delete anything the user can, and
// the spec's limits and network policy are not enforced. Only for people who explicitly pick the
// `host` backend, never a default; the constructor says so loudly on lcVm.
//
// Commands: `bash -c <command>` (or the request's argv) through QProcess, each in its own session
// and process group (see HostExecJob); the environment is the host's plus the spec's plus the
// request's. Terminals: LocalPtySession. File operations are confined to the workspace: a path
// that leaves it (through `..` or a symlink) is refused, and they are answered from local disk on
// the calling thread (bounded by maxBytes for reads). Snapshots are not supported.
class HostSandbox final : public Sandbox
{
    Q_OBJECT

public:
    explicit HostSandbox(SandboxSpec spec, QObject *parent = nullptr);
    ~HostSandbox() override;

    SandboxKind kind() const override { return SandboxKind::Host; }
    // Gathered on each call (os-release, a PATH search), so tools a step installed show up.
    Core::SandboxFacts facts() const override;
    Core::ExecJob *exec(const Core::ExecRequest &request) override;
    Core::Result<Core::TerminalSession *> openPty(const PtyRequest &request) override;

    SandboxJob *readFile(const QString &path, qint64 maxBytes) override;
    SandboxJob *writeFile(const QString &path, const QByteArray &data) override;
    bool supportsSnapshots() const override { return false; }
    SandboxJob *snapshot(const QString &name) override;
    SandboxJob *rollback(const QString &name) override;

    // Checks that the workspace is a directory; Running on the next event loop turn, or Failed.
    void start() override;
    void stop() override;
    // The same as stop(): the host sandbox owns nothing else, and the workspace is the user's.
    void destroy() override;

private:
    QProcessEnvironment environment(const QMap<QString, QString> &request, bool terminal) const;
    Core::Result<QString> workingDirectory(const QString &requested) const;
    Core::Result<QByteArray> workspaceRelativePath(const QString &path) const;
    Core::Result<QByteArray> readWorkspaceFile(const QString &path, qint64 maxBytes) const;
    Core::Result<void> writeWorkspaceFile(const QString &path, const QByteArray &data) const;
    void finishStopIfIdle();

    const QString m_workspace; // absolute and clean; empty if the spec has none
    const QString m_shell;
    QList<QPointer<HostExecJob>> m_jobs; // not finished yet
    // Kills the jobs' process groups if Terrarium ends without stopping them. Created before
    // the jobs, so, as a child, deleted before them.
    HostGroupWarden *m_warden = nullptr;
    QList<QPointer<LocalPtySession>> m_sessions; // not finished yet
};

} // namespace Terrarium::Vm
