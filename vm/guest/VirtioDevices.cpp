#include "VirtioDevices.h"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <memory>

#include <dirent.h>
#include <sys/stat.h>

namespace Terrarium::Guest {

namespace {

// The entries of a directory other than . and .., sorted; empty when it cannot be read.
std::vector<std::string> entries(const std::string &path)
{
    std::vector<std::string> names;
    const std::unique_ptr<DIR, int (*)(DIR *)> dir(::opendir(path.c_str()), ::closedir);
    if (!dir)
        return names;
    while (const dirent *entry = ::readdir(dir.get())) {
        const std::string_view name = entry->d_name;
        if (name != "." && name != "..")
            names.emplace_back(name);
    }
    std::sort(names.begin(), names.end());
    return names;
}

// The first line of a small file, without its newline.
std::string firstLine(const std::string &path)
{
    std::ifstream file(path);
    std::string line;
    std::getline(file, line);
    return line;
}

} // namespace

VirtioDevices::VirtioDevices(std::string root)
    : m_root(root == "/" ? std::string() : std::move(root))
{ }

std::vector<int> VirtioDevices::types() const
{
    std::vector<int> found;
    const std::string bus = m_root + "/sys/bus/virtio/devices";
    for (const std::string &device : entries(bus)) {
        // Kept: a view of the returned temporary would dangle (AddressSanitizer found it).
        const std::string line = firstLine(bus + "/" + device + "/device");
        std::string_view text = line;
        if (text.starts_with("0x"))
            text.remove_prefix(2);
        int type = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), type, 16);
        if (ec == std::errc() && end == text.data() + text.size() && type > 0)
            found.push_back(type);
    }
    std::sort(found.begin(), found.end());
    found.erase(std::unique(found.begin(), found.end()), found.end());
    return found;
}

std::vector<std::string> VirtioDevices::modulesFor(const std::vector<int> &types)
{
    std::vector<std::string> modules;
    for (const int type : types) {
        switch (type) {
        case Network:
            modules.emplace_back("virtio_net");
            break;
        case Block:
            modules.emplace_back("virtio_blk");
            break;
        case Console:
            modules.emplace_back("virtio_console");
            break;
        case Entropy:
            modules.emplace_back("virtio_rng");
            break;
        case Balloon:
            // libvirt adds one unless told not to; the host then can take memory back.
            modules.emplace_back("virtio_balloon");
            break;
        case Scsi:
            modules.emplace_back("virtio_scsi");
            break;
        default:
            break;
        }
    }
    return modules;
}

std::string VirtioDevices::findPort(std::string_view name) const
{
    const std::string ports = m_root + "/sys/class/virtio-ports";
    for (const std::string &device : entries(ports)) {
        if (firstLine(ports + "/" + device + "/name") == name)
            return device;
    }
    return {};
}

bool VirtioDevices::portExists(const std::string &device) const
{
    struct stat st
    {
    };
    return !device.empty()
        && ::stat((m_root + "/sys/class/virtio-ports/" + device).c_str(), &st) == 0;
}

std::vector<std::string> VirtioDevices::networkInterfaces() const
{
    std::vector<std::string> interfaces;
    const std::string driver = m_root + "/sys/bus/virtio/drivers/virtio_net";
    for (const std::string &device : entries(driver)) {
        if (!device.starts_with("virtio"))
            continue; // bind, unbind, module, uevent
        for (std::string &interface : entries(driver + "/" + device + "/net"))
            interfaces.push_back(std::move(interface));
    }
    std::sort(interfaces.begin(), interfaces.end());
    return interfaces;
}

} // namespace Terrarium::Guest
