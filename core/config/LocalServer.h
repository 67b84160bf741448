#pragma once

#include <QString>
#include <QUrl>

namespace Terrarium::Core {

// An OpenAI-compatible model server found on this machine.
struct LocalServer
{
    enum class Kind { Ollama, LlamaCpp };
    Kind kind = Kind::Ollama;
    QUrl root; // e.g. http://localhost:11434
    QUrl baseUrl; // the Chat Completions base, root + /v1
    QString model;

    QString displayName() const;
};

} // namespace Terrarium::Core
