#pragma once

#include <QString>
#include <QUrl>

namespace Terrarium::Core {

// An OpenAI-compatible model server found on this machine.
struct LocalServer
{
    enum class Kind { Ollama, LlamaCpp };
    // Whose it is: the user's own (its listening socket belongs to the user), or another
    // user's that the user confirmed (LocalServerConfirmation).
    enum class Owner { You, ConfirmedOther };
    Kind kind = Kind::Ollama;
    QUrl root; // e.g. http://127.0.0.1:11434
    QUrl baseUrl; // the Chat Completions base, root + /v1
    QString model;
    uint ownerUid = 0; // of the listening socket
    Owner owner = Owner::You;

    // "Ollama at http://127.0.0.1:11434".
    QString displayName() const;
    // "127.0.0.1:11434", "[::1]:8080".
    QString address() const;
    // For the setup's progress: "Ollama auto-detected at 127.0.0.1:11434 (your own server)".
    QString detectedDescription() const;
    // "Ollama", "llama.cpp server".
    static QString kindName(Kind kind);
    // "terrarium-test (uid 1001)", or "uid 1001" for a uid without a name.
    static QString userName(uint uid);
};

} // namespace Terrarium::Core
