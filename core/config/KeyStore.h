#pragma once

#include "core/Error.h"
#include "core/config/LlmRole.h"

#include <QObject>
#include <QString>

namespace Terrarium::Core {

// The planner's and the executor's API keys in the desktop keyring (the freedesktop Secret
// Service: GNOME Keyring, KeePassXC, KWallet's bridge), through QtKeychain. Entries are named
// "planner" and "executor" under the service serviceName().
//
// Keys never go to a file: QtKeychain's plain-text fallback is always off, so without a keyring
// every operation fails with ErrorCode::Configuration and a message that points to the
// environment variables instead. Keys are never logged.
//
// Every operation is asynchronous and answers with exactly one signal, in the order the
// operations were started. The keyring may ask the user to unlock it first, so an answer can
// take as long as the user does; there is no timeout. Jobs that are still running when the
// KeyStore is destroyed finish on their own and are not reported.
class KeyStore : public QObject
{
    Q_OBJECT

public:
    static QString serviceName(); // "org.terrarium.Terrarium"

    explicit KeyStore(QObject *parent = nullptr);
    ~KeyStore() override;

    // Answers with readFinished; an absent entry reads as an empty key.
    void read(LlmRole role);
    // Answers with writeFinished. Writing an empty key removes the entry, so that an empty
    // key never sits in the keyring.
    void write(LlmRole role, const QString &key);
    // Answers with writeFinished; removing an absent entry succeeds.
    void remove(LlmRole role);

Q_SIGNALS:
    void readFinished(Terrarium::Core::LlmRole role, const Terrarium::Core::Result<QString> &key);
    void writeFinished(Terrarium::Core::LlmRole role, const Terrarium::Core::Result<void> &result);
};

} // namespace Terrarium::Core
