#pragma once

#include "core/Error.h"
#include "vm/PodmanHost.h"

#include <QObject>
#include <QPointer>

#include <optional>

namespace Terrarium::Vm {

class PodmanCommand;

// Finds out how Podman can run on this machine and says clearly what to fix when it cannot:
// podman missing, no subordinate ids for rootless use, storage that does not work, an OCI
// runtime that fails on this cgroup layout, rlimits this process cannot raise.
//
// check() looks at the host (podman info with Terrarium's storage); chooseRuntime(image) then
// runs `true` in a throw-away container with each installed runtime (the default first) and
// keeps the first that works: probing, not guessing, is what catches crun failing on a hybrid
// cgroup v1 layout. Each step costs one or two podman runs (~0.2 s each).
class PodmanPreflight : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        QString podman; // executable; empty: search PATH
        QString storageRoot; // empty: ~/.local/share/terrarium/containers/storage
        QString runRoot; // empty: $XDG_RUNTIME_DIR/terrarium-containers or
                         // /tmp/terrarium-containers-UID
    };

    explicit PodmanPreflight(const Options &options, QObject *parent = nullptr);
    ~PodmanPreflight() override;

    void check();
    // Needs a successful check() and an image that exists in Terrarium's storage.
    void chooseRuntime(const QString &image);

    bool isFinished() const { return m_result.has_value(); }
    const Core::Result<PodmanHost> &result() const;

    // The lines of /etc/subuid (or subgid) text that give `user` (name or numeric id) a range.
    static bool hasSubordinateIds(const QString &fileContents, const QString &user, uint uid);

Q_SIGNALS:
    void finished();

private:
    void finish(Core::Result<PodmanHost> result);
    void runInfo();
    void recoverFromInfoFailure(const QString &message);
    void readInfo(const QByteArray &json);
    void probeNextRuntime();
    QStringList probeArguments(const QString &runtime) const;

    Options m_options;
    PodmanHost m_host;
    QString m_image;
    QStringList m_runtimes; // still to probe
    QStringList m_runtimeFailures; // "crun: why" for the error message
    QPointer<PodmanCommand> m_command;
    bool m_triedMigrate = false;
    bool m_triedVfs = false;
    std::optional<Core::Result<PodmanHost>> m_result;
};

} // namespace Terrarium::Vm
