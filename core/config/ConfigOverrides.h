#pragma once

#include <QString>
#include <QStringList>

#include <optional>

namespace Terrarium::Core {

// Values given on the command line; they win over the environment and the config file.
struct ConfigOverrides
{
    std::optional<QString> provider; // both roles
    std::optional<QString> baseUrl; // both roles
    std::optional<QString> plannerModel;
    std::optional<QString> executorModel;
    std::optional<QString> sandbox;
    std::optional<QString> approval;
    std::optional<QString> workspace;
    std::optional<QString> image;
    std::optional<QString> network;
    std::optional<QString> workspaceMode;
    std::optional<QString> maxSteps;
    std::optional<QString> maxReplans;
    std::optional<QString> stepTimeoutSeconds;
    std::optional<QString> translateAhead; // "true" or "false"
    std::optional<QString> allowAutorunWrites; // "true" or "false"
    // Other users' local model servers to use, "address:port@uid" (--trust-local-server), on
    // top of the config file's.
    QStringList trustedLocalServers;
};

} // namespace Terrarium::Core
