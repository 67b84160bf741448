#pragma once

#include "core/Error.h"
#include "vm/libvirt/VmImage.h"

#include <QObject>
#include <QPointer>

#include <optional>

namespace Terrarium::Vm {

class ImageBuildScript;

// Makes sure a VM base is in place and carries the current agent: when it is missing (or was
// built with another agent binary), runs the repository's build-vm-image.sh (Debian packages
// only, no registry) into a fresh directory, with progress, and swaps it in. A build takes about
// a minute.
class VmImageBuilder : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        QString buildScript; // scripts/build-vm-image.sh (installed: share/terrarium/)
        QString agentPath; // the terrarium-agent to put into the image
        QString directory; // where the base lives
        QString suite = QStringLiteral("bookworm");
        // The Debian mirror (--mirror); empty: the script takes the one this computer's apt
        // sources name (scripts/host-apt-mirror.sh).
        QString mirror;
    };

    explicit VmImageBuilder(const Options &options, QObject *parent = nullptr);
    ~VmImageBuilder() override;

    // Builds only when the base is missing or stale; rebuild: always.
    void ensure(bool rebuild = false);
    void cancel();

    bool isFinished() const { return m_result.has_value(); }
    const Core::Result<VmImage> &result() const;
    bool hasBuilt() const { return m_built; }

Q_SIGNALS:
    void progress(int percent, const QString &message);
    void finished();

private:
    void build();
    void finish(Core::Result<VmImage> result);

    Options m_options;
    QString m_staging;
    QPointer<ImageBuildScript> m_script;
    bool m_built = false;
    std::optional<Core::Result<VmImage>> m_result;
};

} // namespace Terrarium::Vm
