#pragma once

#include "core/exec/ExecRequest.h"
#include "core/exec/SandboxFacts.h"

#include <QObject>

namespace Terrarium::Core {

class ExecJob;

// The seam between the agent loop and wherever commands run. vm::Sandbox implements it; the
// orchestrator knows nothing else about sandboxes.
class CommandRunner : public QObject
{
    Q_OBJECT

public:
    explicit CommandRunner(QObject *parent = nullptr);
    ~CommandRunner() override;

    virtual SandboxFacts facts() const = 0;
    // Starts the command. The job is a child of the runner; the caller deleteLater()s it once
    // finished. Never returns null: a command that cannot start finishes with an Error.
    virtual ExecJob *exec(const ExecRequest &request) = 0;
};

} // namespace Terrarium::Core
