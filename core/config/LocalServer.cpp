#include "LocalServer.h"

#include "core/CoreTr.h"

namespace Terrarium::Core {

QString LocalServer::displayName() const
{
    return kind == Kind::Ollama ? Tr::tr("Ollama at %1").arg(root.toString())
                                : Tr::tr("llama.cpp server at %1").arg(root.toString());
}

} // namespace Terrarium::Core
