#pragma once

#include "core/Error.h"

#include <QObject>
#include <QPointer>
#include <QProcessEnvironment>
#include <QStringList>

class QProcess;

namespace Terrarium::Vm {

// Runs one of the repository's image build scripts (build-image.sh, build-vm-image.sh) for the
// Podman and the VM image builders: its "progress: N text" lines become progress(), and when it
// fails, the last lines of its stderr say why.
class ImageBuildScript : public QObject
{
    Q_OBJECT

public:
    // How much of the script's stderr is kept, from its end.
    static constexpr qsizetype KeptErrorBytes = 64 * 1024;
    // How many of those lines a failure quotes.
    static constexpr int QuotedErrorLines = 5;

    ImageBuildScript(const QString &program, const QStringList &arguments,
                     const QProcessEnvironment &environment, QObject *parent = nullptr);
    ~ImageBuildScript() override;

    void start();
    // Ends the script: SIGTERM (mmdebstrap cleans up its temporary directory on it), SIGKILL
    // after five seconds. No finished() follows.
    void cancel();
    bool isRunning() const;

Q_SIGNALS:
    // percent: the script's own 0-100.
    void progress(int percent, const QString &message);
    // Once: success, or why not (it could not start, was killed, or failed with these lines).
    void finished(const Core::Result<void> &result);

private:
    void readProgress();
    void onFinished(int exitCode, int status);

    QString m_program;
    QPointer<QProcess> m_process;
    QString m_errors;
};

} // namespace Terrarium::Vm
