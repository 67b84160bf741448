#pragma once

#include "core/Error.h"

#include <QObject>
#include <QProcessEnvironment>
#include <QString>

namespace Terrarium::Core {

class KeyStore;

// Finds the control API's token where the user keeps it, in this order: TERRARIUM_CONTROL_TOKEN
// (scripts that start Terrarium themselves); the desktop keyring (entry "control-token" of
// KeyStore::serviceName(), made there on first use); and only where there is no keyring, the
// 0600 file of ControlToken::load(). The keyring may ask the user to unlock it, so the answer
// is a signal.
class ControlTokenLoader : public QObject
{
    Q_OBJECT

public:
    enum class Source { Environment, Keyring, File };

    struct Token
    {
        QString value;
        Source source = Source::File;
        QString file; // Source::File only
        bool operator==(const Token &) const = default;
    };

    static QString keyringEntry(); // "control-token"

    ControlTokenLoader(const QString &file, const QProcessEnvironment &environment,
                       QObject *parent = nullptr);
    ~ControlTokenLoader() override;

    // Answers with exactly one loaded().
    void load();
    // Where a client finds the token, for the user: "the desktop keyring (secret-tool lookup
    // …)", the file's path, or the environment variable.
    static QString describe(const Token &token);

Q_SIGNALS:
    void loaded(const Terrarium::Core::Result<Terrarium::Core::ControlTokenLoader::Token> &token);

private:
    void onKeyringRead(const Result<QString> &value);
    void fromFile();
    void finish(const Result<Token> &token);

    QString m_file;
    QProcessEnvironment m_environment;
    KeyStore *m_keyStore = nullptr;
    QString m_generated;
};

} // namespace Terrarium::Core
