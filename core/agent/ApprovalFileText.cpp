#include "ApprovalFileText.h"

#include "core/CoreTr.h"
#include "core/output/VisibleText.h"

namespace Terrarium::Core {

QStringList ApprovalFileText::lines(const Events::ApprovalFile &file)
{
    using LinesFrom = Events::ApprovalFile::LinesFrom;
    const QString name = VisibleText::escapeName(file.path);
    const QString who = file.stepId > 0 ? Tr::tr("written by step %1").arg(file.stepId)
                                        : Tr::tr("changed during this run");
    QStringList lines;
    if (file.binary) {
        lines << Tr::tr("%1 (%2) is a binary file, not text.").arg(name, who);
        return lines;
    }
    switch (file.linesFrom) {
    case LinesFrom::Sandbox:
        lines << Tr::tr("%1 (%2) begins, as it is in the sandbox now:").arg(name, who);
        break;
    case LinesFrom::Command:
        lines << Tr::tr("%1 (%2) begins, as the command that wrote it had it (the sandbox could "
                        "not be read: %3):")
                     .arg(name, who, VisibleText::escapeName(file.readError));
        break;
    case LinesFrom::None:
        lines << Tr::tr("%1 (%2): what it holds is not known (%3).")
                     .arg(name, who, VisibleText::escapeName(file.readError));
        break;
    }
    for (const QString &line : file.firstLines)
        lines << QStringLiteral("    ") + VisibleText::escape(line);
    if (file.moreLines)
        lines << QStringLiteral("    ") + Tr::tr("… (more lines)");
    return lines;
}

QStringList ApprovalFileText::lines(const QList<Events::ApprovalFile> &files)
{
    QStringList all;
    for (const Events::ApprovalFile &file : files)
        all += lines(file);
    return all;
}

} // namespace Terrarium::Core
