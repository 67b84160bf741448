#pragma once

#include "core/Error.h"

#include <QString>

namespace Terrarium::Vm {

// A built VM base (scripts/build-vm-image.sh): the read-only root disk every sandbox's overlay
// stands on, the kernel to boot it with, our initramfs when the kernel needs one, and what the
// manifest says about them.
struct VmImage
{
    QString directory;
    QString diskPath; // base.qcow2
    QString kernelPath; // vmlinuz
    QString initrdPath; // initrd.img, empty when the kernel needs none
    QString kernelCommandLine; // how to boot it (root disk, the agent as init)
    QString kernelRelease;
    QString agentSourceSha256; // of the agent binary the image was built with
    QString builderSha256; // of the build-vm-image.sh that built it

    // Reads DIR/manifest.json and checks that the files it names are there.
    static Core::Result<VmImage> load(const QString &directory);
    // SHA-256 (hex) of a file, for telling whether the image carries the current agent.
    static QString fileSha256(const QString &path);
};

} // namespace Terrarium::Vm
