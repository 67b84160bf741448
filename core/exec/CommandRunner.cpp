#include "CommandRunner.h"

namespace Terrarium::Core {

CommandRunner::CommandRunner(QObject *parent)
    : QObject(parent)
{ }

CommandRunner::~CommandRunner() = default;

} // namespace Terrarium::Core
