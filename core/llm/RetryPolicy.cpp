#include "RetryPolicy.h"

#include <QLocale>
#include <QRandomGenerator>
#include <QTimeZone>

#include <algorithm>
#include <cmath>

namespace Terrarium::Core {

using std::chrono::milliseconds;

RetryPolicy::RetryPolicy(milliseconds baseBackoff, milliseconds maxBackoff, RandomSource random)
    : m_baseBackoff(std::max(baseBackoff, milliseconds(0)))
    , m_maxBackoff(std::max(maxBackoff, milliseconds(0)))
    , m_random(std::move(random))
{
    if (!m_random)
        m_random = [] {
            return QRandomGenerator::global()->generateDouble();
        };
}

milliseconds RetryPolicy::delay(int failedAttempt, std::optional<milliseconds> serverHint) const
{
    if (serverHint)
        return std::clamp(*serverHint, milliseconds(0), MaxServerDelay);
    // The exponent is capped so the double cannot overflow; the ceiling caps it anyway.
    const int exponent = std::clamp(failedAttempt - 1, 0, 40);
    const double ceiling = std::min(double(m_maxBackoff.count()),
                                    double(m_baseBackoff.count()) * std::ldexp(1.0, exponent));
    const double random = std::clamp(m_random(), 0.0, 1.0);
    return milliseconds(qint64(std::floor(random * ceiling)));
}

std::optional<milliseconds> RetryPolicy::serverHint(const QByteArray &retryAfterMs,
                                                    const QByteArray &retryAfter,
                                                    const QDateTime &now)
{
    bool ok = false;
    if (const double ms = retryAfterMs.trimmed().toDouble(&ok); ok && std::isfinite(ms) && ms >= 0)
        return milliseconds(qint64(std::ceil(std::min(ms, double(MaxServerDelay.count())))));

    const QByteArray value = retryAfter.trimmed();
    if (value.isEmpty())
        return std::nullopt;
    if (const double seconds = value.toDouble(&ok); ok && std::isfinite(seconds) && seconds >= 0) {
        const double ms = std::min(seconds * 1000.0, double(MaxServerDelay.count()));
        return milliseconds(qint64(std::ceil(ms)));
    }
    // HTTP-date: senders must use IMF-fixdate ("Wed, 21 Oct 2015 07:28:00 GMT", RFC 9110),
    // which Qt's RFC 2822 parser rejects for its "GMT"; that parser still covers "+0000".
    const QString text = QString::fromLatin1(value);
    QDateTime date =
        QLocale::c().toDateTime(text, QStringLiteral("ddd, dd MMM yyyy HH:mm:ss 'GMT'"));
    if (date.isValid())
        date.setTimeZone(QTimeZone::utc());
    else
        date = QDateTime::fromString(text, Qt::RFC2822Date);
    if (!date.isValid())
        return std::nullopt;
    return milliseconds(std::clamp(now.msecsTo(date), qint64(0), qint64(MaxServerDelay.count())));
}

} // namespace Terrarium::Core
