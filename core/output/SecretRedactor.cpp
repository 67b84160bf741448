#include "SecretRedactor.h"

#include <algorithm>

namespace Terrarium::Core {

SecretRedactor::SecretRedactor(const QStringList &secrets)
{
    setSecrets(secrets);
}

void SecretRedactor::setSecrets(const QStringList &secrets)
{
    m_secrets.clear();
    for (const QString &secret : secrets) {
        const QByteArray bytes = secret.toUtf8();
        if (bytes.size() >= MinLength && !m_secrets.contains(bytes))
            m_secrets.append(bytes);
    }
    // Longest first, so a secret that contains another is masked whole.
    std::sort(m_secrets.begin(), m_secrets.end(),
              [](const QByteArray &a, const QByteArray &b) { return a.size() > b.size(); });
}

QByteArray SecretRedactor::replaceAll(QByteArray data) const
{
    for (const QByteArray &secret : m_secrets) {
        if (data.contains(secret))
            data.replace(secret, Mask.toByteArray());
    }
    return data;
}

qsizetype SecretRedactor::heldBackLength(const QByteArray &data) const
{
    // The longest end of data that is the beginning of some secret.
    qsizetype longest = 0;
    for (const QByteArray &secret : m_secrets) {
        const qsizetype most = std::min(secret.size() - 1, data.size());
        for (qsizetype length = most; length > longest; --length) {
            if (QByteArrayView(data).last(length) == QByteArrayView(secret).first(length)) {
                longest = length;
                break;
            }
        }
    }
    return longest;
}

QByteArray SecretRedactor::feed(QByteArrayView data)
{
    if (m_secrets.isEmpty())
        return data.toByteArray();
    QByteArray text = replaceAll(m_pending + data.toByteArray());
    const qsizetype held = heldBackLength(text);
    m_pending = text.right(held);
    text.chop(held);
    return text;
}

QByteArray SecretRedactor::flush()
{
    return replaceAll(std::exchange(m_pending, QByteArray()));
}

QString SecretRedactor::redact(const QString &text, const QStringList &secrets)
{
    SecretRedactor redactor(secrets);
    if (!redactor.isActive())
        return text;
    QByteArray bytes = redactor.feed(text.toUtf8());
    bytes += redactor.flush();
    return QString::fromUtf8(bytes);
}

} // namespace Terrarium::Core
