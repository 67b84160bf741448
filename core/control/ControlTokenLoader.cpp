#include "ControlTokenLoader.h"

#include "core/CoreLogging.h"
#include "core/CoreTr.h"
#include "core/config/KeyStore.h"
#include "core/control/ControlToken.h"

namespace Terrarium::Core {

namespace {

QString description()
{
    return Tr::tr("the control token");
}

bool usable(const QString &token)
{
    return token.trimmed().size() >= ControlToken::MinimumChars;
}

} // namespace

QString ControlTokenLoader::keyringEntry()
{
    return QStringLiteral("control-token");
}

ControlTokenLoader::ControlTokenLoader(const QString &file, const QProcessEnvironment &environment,
                                       QObject *parent)
    : QObject(parent)
    , m_file(file)
    , m_environment(environment)
    , m_keyStore(new KeyStore(this))
{
    connect(m_keyStore, &KeyStore::secretRead, this,
            [this](const QString &, const Result<QString> &value) { onKeyringRead(value); });
    connect(m_keyStore, &KeyStore::secretWritten, this,
            [this](const QString &, const Result<void> &written) {
                if (written) {
                    finish(Token{.value = m_generated, .source = Source::Keyring, .file = {}});
                } else if (written.error().code == ErrorCode::Configuration) {
                    fromFile(); // the keyring went away between reading and writing
                } else {
                    finish(std::unexpected(written.error()));
                }
            });
}

ControlTokenLoader::~ControlTokenLoader() = default;

void ControlTokenLoader::load()
{
    if (m_environment.contains(QStringLiteral("TERRARIUM_CONTROL_TOKEN"))) {
        // ControlToken::load checks it (long enough) and takes it over any stored token.
        auto token = ControlToken::load(m_file, m_environment);
        // Answered once the caller is back in the event loop, like the keyring's answers.
        QMetaObject::invokeMethod(
            this,
            [this, token] {
                if (token)
                    finish(Token{.value = *token, .source = Source::Environment, .file = {}});
                else
                    finish(std::unexpected(token.error()));
            },
            Qt::QueuedConnection);
        return;
    }
    m_keyStore->readSecret(keyringEntry(), description());
}

void ControlTokenLoader::onKeyringRead(const Result<QString> &value)
{
    if (value && usable(*value)) {
        finish(Token{.value = value->trimmed(), .source = Source::Keyring, .file = {}});
        return;
    }
    if (value) {
        // First use (or an entry someone emptied): a new token, kept in the keyring.
        m_generated = ControlToken::generate();
        m_keyStore->writeSecret(keyringEntry(), description(), m_generated);
        return;
    }
    // Only a missing keyring falls back to the file; a locked or failing one is reported, so
    // that a token is not quietly kept outside a keyring the user has.
    if (value.error().code == ErrorCode::Configuration) {
        fromFile();
        return;
    }
    finish(std::unexpected(value.error()));
}

void ControlTokenLoader::fromFile()
{
    const auto token = ControlToken::load(m_file, m_environment);
    if (token)
        finish(Token{.value = *token, .source = Source::File, .file = m_file});
    else
        finish(std::unexpected(token.error()));
}

void ControlTokenLoader::finish(const Result<Token> &token)
{
    if (token)
        qCDebug(lcCore) << "control token from"
                        << (token->source == Source::Environment   ? "the environment"
                                : token->source == Source::Keyring ? "the keyring"
                                                                   : "a file");
    Q_EMIT loaded(token);
}

QString ControlTokenLoader::describe(const Token &token)
{
    switch (token.source) {
    case Source::Environment:
        return QStringLiteral("TERRARIUM_CONTROL_TOKEN");
    case Source::Keyring:
        return Tr::tr("the desktop keyring (secret-tool lookup server %1 user %2)")
            .arg(KeyStore::serviceName(), keyringEntry());
    case Source::File:
        break;
    }
    return token.file;
}

} // namespace Terrarium::Core
