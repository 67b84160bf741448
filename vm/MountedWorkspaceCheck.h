#pragma once

#include <QDateTime>
#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <QStringList>

#include <time.h>

namespace Terrarium::Guest {
struct WorkspaceAuditResult;
}

namespace Terrarium::Vm {

// The host's own look at a workspace folder a sandbox had mounted (Podman's default mode, the
// host kind), once the run is over: the per-step audits ran inside the sandbox, which may have
// lied, and a step's background processes may have written after them. Walks the folder here
// with the same rules as the audit (Guest::WorkspaceAudit: the places programs look at first,
// then everything), clears set-user-ID bits that appeared, and says what programs on this
// machine would run by themselves that the run created or changed since `since`.
//
// A job: start() once; finished() follows from the event loop. The walk runs on a worker
// thread (a large folder takes seconds); findings() then holds one sentence per finding, for
// people, and isClean() whether there was none.
class MountedWorkspaceCheck final : public QObject
{
    Q_OBJECT

public:
    MountedWorkspaceCheck(QString folder, timespec since, QObject *parent = nullptr);
    ~MountedWorkspaceCheck() override;

    void start();
    const QString &folder() const { return m_folder; }
    const QStringList &findings() const { return m_findings; }
    bool isClean() const { return m_findings.isEmpty(); }
    // The files programs on this machine would run by themselves, created or changed.
    const QStringList &autorunChanged() const { return m_autorunChanged; }
    // When anything in the folder was last written, created or removed (its latest ctime);
    // invalid when the walk could not see all of it.
    const QDateTime &lastChanged() const { return m_lastChanged; }

    // The sentences for a result of Guest::WorkspaceAudit over folder.
    static QStringList describe(const QString &folder, const Guest::WorkspaceAuditResult &found);

Q_SIGNALS:
    void finished();

private:
    const QString m_folder;
    const timespec m_since;
    QFutureWatcher<void> *m_watcher = nullptr;
    QStringList m_findings;
    QStringList m_autorunChanged;
    QDateTime m_lastChanged;
};

} // namespace Terrarium::Vm
