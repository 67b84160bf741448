#include "NetworkSetup.h"

#include "Fd.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <arpa/inet.h>
#include <fcntl.h>
#include <net/if.h>
#include <net/route.h>
#include <netinet/in.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

namespace Terrarium::Guest {

namespace {

std::unexpected<std::string> failure(const std::string &what)
{
    return std::unexpected(what + ": " + std::strerror(errno));
}

sockaddr ipv4(const char *text)
{
    sockaddr_in address{};
    address.sin_family = AF_INET;
    ::inet_pton(AF_INET, text, &address.sin_addr);
    sockaddr generic{};
    std::memcpy(&generic, &address, sizeof address);
    return generic;
}

ifreq request(const std::string &interface)
{
    ifreq req{};
    std::snprintf(req.ifr_name, sizeof req.ifr_name, "%s", interface.c_str());
    return req;
}

std::expected<void, std::string> bringUp(int sock, const std::string &interface)
{
    ifreq req = request(interface);
    if (::ioctl(sock, SIOCGIFFLAGS, &req) != 0)
        return failure("cannot read the flags of " + interface);
    req.ifr_flags |= IFF_UP | IFF_RUNNING;
    if (::ioctl(sock, SIOCSIFFLAGS, &req) != 0)
        return failure("cannot bring " + interface + " up");
    return {};
}

} // namespace

std::expected<void, std::string> NetworkSetup::bringUpLoopback()
{
    const Fd sock(::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0));
    if (!sock.isValid())
        return failure("socket");
    return bringUp(sock.get(), "lo");
}

std::expected<void, std::string> NetworkSetup::configure(const std::string &interface)
{
    const Fd sock(::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0));
    if (!sock.isValid())
        return failure("socket");
    ifreq req = request(interface);
    req.ifr_addr = ipv4(kAddress);
    if (::ioctl(sock.get(), SIOCSIFADDR, &req) != 0)
        return failure("cannot set the address of " + interface);
    req = request(interface);
    req.ifr_netmask = ipv4(kNetmask);
    if (::ioctl(sock.get(), SIOCSIFNETMASK, &req) != 0)
        return failure("cannot set the netmask of " + interface);
    if (auto up = bringUp(sock.get(), interface); !up)
        return up;

    rtentry route{};
    route.rt_dst = ipv4("0.0.0.0");
    route.rt_genmask = ipv4("0.0.0.0");
    route.rt_gateway = ipv4(kGateway);
    route.rt_flags = RTF_UP | RTF_GATEWAY;
    std::string device = interface;
    route.rt_dev = device.data();
    if (::ioctl(sock.get(), SIOCADDRT, &route) != 0 && errno != EEXIST)
        return failure(std::string("cannot add the default route through ") + kGateway);
    return {};
}

std::expected<void, std::string> NetworkSetup::writeResolvConf(const std::string &path)
{
    const std::string text = std::string("nameserver ") + kNameServer + "\n";
    const std::string temporary = path + ".terrarium";
    {
        const Fd file(::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644));
        if (!file.isValid())
            return failure("cannot write " + temporary);
        if (::write(file.get(), text.data(), text.size()) != ssize_t(text.size()))
            return failure("cannot write " + temporary);
    }
    if (::rename(temporary.c_str(), path.c_str()) != 0)
        return failure("cannot replace " + path);
    return {};
}

} // namespace Terrarium::Guest
