#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace Terrarium::Guest {

// What the VM's virtio devices look like in sysfs, read without udev: which devices the host
// gave the VM (and so which drivers to load), the virtio-serial port with a given name, and the
// network interfaces of virtio NICs.
class VirtioDevices
{
public:
    // Virtio device types (the virtio spec's device IDs) that have a driver we load.
    enum Type { Network = 1, Block = 2, Console = 3, Entropy = 4, Balloon = 5, Scsi = 8 };

    // root: "/" in the VM, a fake tree in the tests.
    explicit VirtioDevices(std::string root = "/");

    // The device types on the virtio bus (ROOT/sys/bus/virtio/devices/*/device, "0x0003"),
    // sorted, each once. Empty until the transport driver (virtio_pci) is loaded.
    std::vector<int> types() const;
    // The driver modules for those of the types we support, in the order of types.
    static std::vector<std::string> modulesFor(const std::vector<int> &types);

    // The name of the directory in ROOT/sys/class/virtio-ports whose "name" file holds name
    // (the device is /dev/<that name>, e.g. /dev/vport1p1); empty when there is none yet. The
    // name arrives from the host a little after the port appears.
    std::string findPort(std::string_view name) const;
    // Whether ROOT/sys/class/virtio-ports/DEVICE still exists (a port can be unplugged).
    bool portExists(const std::string &device) const;

    // The interfaces of the virtio_net driver (ROOT/sys/bus/virtio/drivers/virtio_net/*/net/*),
    // sorted.
    std::vector<std::string> networkInterfaces() const;

private:
    std::string m_root;
};

} // namespace Terrarium::Guest
