#include "LocalServer.h"

#include "core/CoreTr.h"
#include "core/config/LocalServerConfirmation.h"

#include <QHostAddress>

#include <pwd.h>
#include <unistd.h>

#include <vector>

namespace Terrarium::Core {

QString LocalServer::kindName(Kind kind)
{
    return kind == Kind::Ollama ? Tr::tr("Ollama") : Tr::tr("llama.cpp server");
}

QString LocalServer::displayName() const
{
    return kind == Kind::Ollama ? Tr::tr("Ollama at %1").arg(root.toString())
                                : Tr::tr("llama.cpp server at %1").arg(root.toString());
}

QString LocalServer::address() const
{
    return LocalServerConfirmation::endpoint(QHostAddress(root.host()), quint16(root.port()));
}

QString LocalServer::detectedDescription() const
{
    return owner == Owner::You
        ? Tr::tr("%1 auto-detected at %2 (your own server)").arg(kindName(kind), address())
        : Tr::tr("%1 auto-detected at %2 (run by %3, confirmed by you)")
              .arg(kindName(kind), address(), userName(ownerUid));
}

QString LocalServer::userName(uint uid)
{
    long size = ::sysconf(_SC_GETPW_R_SIZE_MAX);
    std::vector<char> buffer(size > 0 ? size_t(size) : 16384);
    passwd entry{};
    passwd *found = nullptr;
    if (::getpwuid_r(uid_t(uid), &entry, buffer.data(), buffer.size(), &found) == 0 && found)
        return Tr::tr("%1 (uid %2)").arg(QString::fromLocal8Bit(found->pw_name)).arg(uid);
    return Tr::tr("uid %1").arg(uid);
}

} // namespace Terrarium::Core
