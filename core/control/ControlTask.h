#pragma once

#include "core/Error.h"
#include "core/config/TaskFile.h"

#include <QString>

namespace Terrarium::Core {

// The task a control client sends with run.start ("task"): the text of a task file without its
// name, so the format is told from the text itself. A text whose first line is "---" is read as
// a .terrarium.md file (a YAML front matter, then the goal); any other as a .terrarium.yaml
// file. A plain goal is sent as "goal" instead. The task is what TaskFile::parse() makes of it:
// the same rules, the same errors (named "task.yaml, line 3: ..."), and the same
// consentsNeeded(), which the control hosts check before anything runs.
class ControlTask
{
public:
    static Result<TaskFile> parse(const QString &text);
};

} // namespace Terrarium::Core
