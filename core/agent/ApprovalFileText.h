#pragma once

#include "core/agent/RunEventPayloads.h"

#include <QStringList>

namespace Terrarium::Core {

// What an approval shows of a file of this run that the command runs, for people: a line that
// says which file, which step wrote it and where its lines come from, then its first lines,
// indented. Everything from the sandbox or the model is escaped (VisibleText), so that a file's
// control or bidi characters cannot rewrite the screen or hide what runs.
class ApprovalFileText
{
public:
    static QStringList lines(const Events::ApprovalFile &file);
    static QStringList lines(const QList<Events::ApprovalFile> &files);
};

} // namespace Terrarium::Core
