#pragma once

#include "app/CommandLine.h"

#include <QFile>
#include <QObject>
#include <QPointer>

#include <memory>

class QSettings;

namespace Terrarium::Vm {
class PodmanBackend;
class PodmanPreflight;
class SandboxManager;
} // namespace Terrarium::Vm

namespace Terrarium::App {

// `terrarium --build-image`, `--list-sandboxes`, `--remove-sandbox NAME`: sandbox upkeep from
// the command line, with the same backend code the runs use.
// Exit codes: 0 done, 1 the action failed, 2 configuration error.
class SandboxTool : public QObject
{
    Q_OBJECT

public:
    SandboxTool(const CommandLineOptions &options, QSettings *settings, QObject *parent = nullptr);
    ~SandboxTool() override;

    void start();

Q_SIGNALS:
    void finished(int exitCode);

private:
    void buildImage();
    void withManager();
    void list();
    void remove();
    void finish(int exitCode);
    void print(QFile &stream, const QString &text);

    CommandLineOptions m_options;
    QPointer<QSettings> m_settings;
    QFile m_stdout;
    QFile m_stderr;
    std::unique_ptr<Vm::PodmanBackend> m_backend;
    std::unique_ptr<Vm::PodmanPreflight> m_preflight;
    std::unique_ptr<Vm::SandboxManager> m_manager;
    bool m_finished = false;
};

} // namespace Terrarium::App
