#include "TerminalSession.h"

namespace Terrarium::Core {

TerminalSession::TerminalSession(QObject *parent)
    : QObject(parent)
{ }

TerminalSession::~TerminalSession() = default;

} // namespace Terrarium::Core
