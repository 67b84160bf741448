#pragma once

#include "core/Error.h"
#include "vm/PodmanHost.h"

#include <QObject>
#include <QPointer>

#include <optional>

namespace Terrarium::Vm {

class ImageBuildScript;
class PodmanCommand;

// Makes sure Terrarium's base image is in its Podman storage: when it is missing, builds a
// Debian root filesystem with the repository's build-image.sh (mmdebstrap, Debian packages
// only, no registry) and imports it. A build takes a minute or so and reports progress.
class PodmanImageBuilder : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        QString buildScript; // path of scripts/build-image.sh (installed: share/terrarium/)
        QString workDirectory; // where the root filesystem archive is written, then removed
        QString suite = QStringLiteral("bookworm");
        // The Debian mirror (--mirror); empty: the script takes the one this computer's apt
        // sources name (scripts/host-apt-mirror.sh).
        QString mirror;
        QString extraPackages; // comma-separated, added to the base set
    };

    // The image Terrarium uses unless told otherwise.
    static QString defaultImage();

    PodmanImageBuilder(const PodmanHost &host, const Options &options, QObject *parent = nullptr);
    ~PodmanImageBuilder() override;

    // Checks for the image and builds it only if it is missing.
    void ensure(const QString &image);
    // Builds (or rebuilds) the image.
    void build(const QString &image);
    void cancel();

    bool isFinished() const { return m_result.has_value(); }
    const Core::Result<void> &result() const;
    bool hasBuilt() const { return m_built; }

Q_SIGNALS:
    void progress(int percent, const QString &message);
    void finished();

private:
    void runScript();
    void import();
    void finish(Core::Result<void> result);

    PodmanHost m_host;
    Options m_options;
    QString m_image;
    QString m_archive;
    QPointer<ImageBuildScript> m_script;
    QPointer<PodmanCommand> m_command;
    bool m_built = false;
    std::optional<Core::Result<void>> m_result;
};

} // namespace Terrarium::Vm
