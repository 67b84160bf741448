#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace Terrarium::Core {

// Replaces every known secret value (API keys, the control token) by "***" in a byte stream,
// the second line of defence behind commands' clean environment: whatever a command prints
// (`env`, `cat /proc/*/environ`, a config file) reaches events, consoles, logs, the run store
// and later prompts only through this.
//
// Streaming: a secret split across two chunks is still caught, because the end of a chunk
// that could be the start of a secret is held back until the next chunk (or flush()) says
// what it is. Values shorter than MinLength are ignored: masking "abc" everywhere would mangle
// output and protect nothing.
class SecretRedactor
{
public:
    static constexpr qsizetype MinLength = 8;
    static constexpr QByteArrayView Mask = "***";

    explicit SecretRedactor(const QStringList &secrets = {});

    void setSecrets(const QStringList &secrets);
    bool isActive() const { return !m_secrets.isEmpty(); }

    // The part of data (after what was held back) that can be passed on.
    QByteArray feed(QByteArrayView data);
    // Whatever is still held back, redacted; the stream is then at its start again.
    QByteArray flush();
    void reset() { m_pending.clear(); }

    // One-shot redaction of a whole text.
    static QString redact(const QString &text, const QStringList &secrets);

private:
    QByteArray replaceAll(QByteArray data) const;
    qsizetype heldBackLength(const QByteArray &data) const;

    QList<QByteArray> m_secrets; // UTF-8, longest first
    QByteArray m_pending;
};

} // namespace Terrarium::Core
