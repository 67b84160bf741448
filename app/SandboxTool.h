#pragma once

#include "app/CommandLine.h"
#include "core/config/AppConfig.h"

#include <QFile>
#include <QList>
#include <QObject>
#include <QPointer>

#include <memory>
#include <vector>

class QSettings;

namespace Terrarium::Core {
class RunStore;
}

namespace Terrarium::Vm {
class SandboxBackend;
}

namespace Terrarium::App {

// `terrarium --build-image`, `--list-sandboxes`, `--remove-sandbox NAME`, `--clean-orphans`
// (alone): sandbox upkeep from
// the command line, through the same backends the runs use (every kind whose sandboxes can
// outlive a run is listed; the configured kind's image is built).
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
    // Prepares every backend whose sandboxes can be kept, for listing, then lists them.
    void collect();
    void onCollected();
    void list();
    void remove();
    // Removes what runs left behind (every kind that can keep sandboxes), saying what went.
    void cleanOrphans();
    void finish(int exitCode);
    void print(QFile &stream, const QString &text);

    CommandLineOptions m_options;
    QPointer<QSettings> m_settings;
    Core::AppConfig m_config;
    QFile m_stdout;
    QFile m_stderr;
    std::vector<std::unique_ptr<Vm::SandboxBackend>> m_backends;
    std::unique_ptr<Core::RunStore> m_store; // names the runs of orphans
    int m_pending = 0;
    QStringList m_problems; // backends that could not be asked
    bool m_finished = false;
};

} // namespace Terrarium::App
