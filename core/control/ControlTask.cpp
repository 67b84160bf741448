#include "ControlTask.h"

namespace Terrarium::Core {

Result<TaskFile> ControlTask::parse(const QString &text)
{
    // TaskFile picks the format by the name's extension; a client's text has no name, so the
    // name says what the text looks like (a file name, so not translated: its extension must
    // stay). A byte order mark is not part of the first line.
    QString start = text.left(8);
    if (start.startsWith(QChar(0xfeff)))
        start.remove(0, 1);
    const bool frontMatter = start.startsWith(QLatin1String("---\n"))
        || start.startsWith(QLatin1String("---\r\n")) || start == QLatin1String("---");
    const QString name = frontMatter ? QStringLiteral("task.md") : QStringLiteral("task.yaml");
    return TaskFile::parse(text.toUtf8(), name);
}

} // namespace Terrarium::Core
