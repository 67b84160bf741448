#include "AptMirror.h"

#include <QUrl>

namespace Terrarium::Core {

bool AptMirror::isUrl(const QString &text)
{
    const QUrl url(text.trimmed(), QUrl::StrictMode);
    if (!url.isValid())
        return false;
    const QString scheme = url.scheme();
    if (scheme == QLatin1String("http") || scheme == QLatin1String("https"))
        return !url.host().isEmpty();
    if (scheme == QLatin1String("file"))
        return url.host().isEmpty() && url.path().startsWith(u'/') && url.path().size() > 1;
    return false;
}

} // namespace Terrarium::Core
