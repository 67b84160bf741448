#pragma once

#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace Terrarium::Core {

// Terrarium's secrets in its own environment: the API keys (OPENAI_API_KEY, ANTHROPIC_API_KEY,
// TERRARIUM_API_KEY, TERRARIUM_PLANNER_API_KEY, ... : every *_API_KEY) and
// TERRARIUM_CONTROL_TOKEN. A command on the host sandbox runs as the user and could read them
// from /proc/<Terrarium's pid>/environ; so main() takes them out of the process environment
// before anything else (takeFromProcess()) and keeps the environment as it was started for the
// configuration (ConfigLoader, ControlTokenLoader), which is where they are read from. No
// program Terrarium starts inherits them; none needs them (the keys go in request headers).
class SecretEnvironment
{
public:
    static bool isSecret(const QString &name);
    // The values of environment's secrets, for the redactor (SecretRedactor): every key there,
    // whether a role uses it or not, and the control token.
    static QStringList values(const QProcessEnvironment &environment);
    // The process environment as it was, secrets included; they are then removed from it and
    // their bytes overwritten where the kernel shows them in /proc/PID/environ (unsetenv()
    // alone leaves them there). Call once, first thing in main(), before any thread runs and
    // before anything calls setenv() (the entries it wipes must be the ones the process was
    // started with).
    static QProcessEnvironment takeFromProcess();
};

} // namespace Terrarium::Core
