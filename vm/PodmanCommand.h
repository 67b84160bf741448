#pragma once

#include "core/Error.h"
#include "vm/PodmanHost.h"

#include <QByteArray>
#include <QObject>
#include <QStringList>

#include <chrono>
#include <optional>

class QProcess;

namespace Terrarium::Vm {

// One run of the podman CLI with Terrarium's global arguments: asynchronous, bounded by a
// timeout, and turned into a Result whose error quotes what podman said on stderr.
// finished() fires once, from the event loop, never inside start().
class PodmanCommand : public QObject
{
    Q_OBJECT

public:
    PodmanCommand(const PodmanHost &host, const QStringList &arguments, QObject *parent = nullptr);
    ~PodmanCommand() override;

    void setTimeout(std::chrono::milliseconds timeout) { m_timeout = timeout; }
    void start();
    // Kills podman (not what it started: containers outlive their client by design).
    void abort();

    bool isFinished() const { return m_result.has_value(); }
    // podman's stdout on exit code 0, otherwise an error with its stderr.
    const Core::Result<QByteArray> &result() const;
    int exitCode() const { return m_exitCode; }
    QByteArray standardError() const { return m_stderr; }
    // "podman run -d --name x ..." as typed, for logs and error messages.
    QString commandLine() const;

Q_SIGNALS:
    void finished();
    // stderr lines as they come (image import progress, pull progress).
    void errorLine(const QString &line);

private:
    void finish(Core::Result<QByteArray> result);

    PodmanHost m_host;
    QStringList m_arguments;
    QProcess *m_process = nullptr;
    std::chrono::milliseconds m_timeout{std::chrono::minutes(2)};
    QByteArray m_stderr;
    QByteArray m_partialLine;
    int m_exitCode = -1;
    std::optional<Core::Result<QByteArray>> m_result;
};

} // namespace Terrarium::Vm
