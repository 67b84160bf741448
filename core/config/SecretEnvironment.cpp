#include "SecretEnvironment.h"

#include <QByteArray>
#include <QList>

#include <cstdlib>
#include <cstring>
#include <string.h>
#include <unistd.h>

namespace Terrarium::Core {

bool SecretEnvironment::isSecret(const QString &name)
{
    return name.endsWith(QLatin1String("_API_KEY"))
        || name == QLatin1String("TERRARIUM_CONTROL_TOKEN");
}

QStringList SecretEnvironment::values(const QProcessEnvironment &environment)
{
    QStringList values;
    for (const QString &name : environment.keys()) {
        const QString value = environment.value(name).trimmed();
        if (isSecret(name) && !value.isEmpty() && !values.contains(value))
            values.append(value);
    }
    return values;
}

QProcessEnvironment SecretEnvironment::takeFromProcess()
{
    const QProcessEnvironment started = QProcessEnvironment::systemEnvironment();
    QList<char *> entries;
    for (char **entry = environ; *entry; ++entry) {
        const char *equals = std::strchr(*entry, '=');
        if (equals && isSecret(QString::fromLocal8Bit(*entry, equals - *entry)))
            entries.append(*entry);
    }
    for (char *entry : entries) {
        const QByteArray name(entry, std::strchr(entry, '=') - entry);
        ::unsetenv(name.constData());
        // The strings the process was started with stay in its memory, and in /proc/PID/environ,
        // after unsetenv(): blanked, they say nothing.
        ::explicit_bzero(entry, std::strlen(entry));
    }
    return started;
}

} // namespace Terrarium::Core
