#pragma once

#include "core/Error.h"
#include "core/config/LlmRole.h"

#include <QObject>
#include <QString>

#include <functional>

namespace Terrarium::Core {

// The planner's and the executor's API keys in the desktop keyring (the freedesktop Secret
// Service: GNOME Keyring, KeePassXC, KWallet's bridge), through QtKeychain. Entries are named
// "planner" and "executor" under the service serviceName(), beside the control token.
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

    // Terrarium's other secrets (the control API's token), under the same service: entry is
    // the name in the keyring, description what a message calls it ("the control token").
    // Answer with secretRead (absent reads as empty) and secretWritten.
    void readSecret(const QString &entry, const QString &description);
    void writeSecret(const QString &entry, const QString &description, const QString &value);

Q_SIGNALS:
    void readFinished(Terrarium::Core::LlmRole role, const Terrarium::Core::Result<QString> &key);
    void writeFinished(Terrarium::Core::LlmRole role, const Terrarium::Core::Result<void> &result);
    void secretRead(const QString &entry, const Terrarium::Core::Result<QString> &value);
    void secretWritten(const QString &entry, const Terrarium::Core::Result<void> &result);

private:
    void readEntry(const QString &entry, const QString &description,
                   const std::function<void(const Result<QString> &)> &done);
    void writeEntry(const QString &entry, const QString &description, const QString &value,
                    const std::function<void(const Result<void> &)> &done);
    void removeEntry(const QString &entry, const QString &description,
                     const std::function<void(const Result<void> &)> &done);
};

} // namespace Terrarium::Core
