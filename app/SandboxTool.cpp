#include "SandboxTool.h"

#include "app/AppPaths.h"
#include "app/AppTr.h"
#include "app/OrphanFinder.h"
#include "app/SandboxFactory.h"
#include "core/config/ConfigLoader.h"
#include "core/store/RunStore.h"
#include "vm/SandboxBackend.h"

#include <QFile>
#include <QSettings>

#include <unistd.h>

namespace Terrarium::App {

SandboxTool::SandboxTool(const CommandLineOptions &options, QSettings *settings, QObject *parent)
    : QObject(parent)
    , m_options(options)
    , m_settings(settings)
{
    m_stdout.open(STDOUT_FILENO, QIODevice::WriteOnly | QIODevice::Unbuffered,
                  QFileDevice::DontCloseHandle);
    m_stderr.open(STDERR_FILENO, QIODevice::WriteOnly | QIODevice::Unbuffered,
                  QFileDevice::DontCloseHandle);
}

SandboxTool::~SandboxTool() = default;

void SandboxTool::start()
{
    const auto config = Core::ConfigLoader::load(
        *m_settings, QProcessEnvironment::systemEnvironment(), m_options.overrides);
    if (!config) {
        print(m_stderr, config.error().message);
        finish(2);
        return;
    }
    m_config = *config;
    if (m_options.buildImage || m_options.rebuildImage)
        buildImage();
    else if (m_options.cleanOrphans)
        cleanOrphans();
    else
        collect();
}

void SandboxTool::buildImage()
{
    auto backend = SandboxFactory::backend(m_config, m_options.rebuildImage);
    if (!backend) {
        print(m_stderr, backend.error().message);
        finish(2);
        return;
    }
    Vm::SandboxBackend *prepared = backend->get();
    m_backends.push_back(std::move(*backend));
    connect(prepared, &Vm::SandboxBackend::progress, this,
            [this](Vm::SandboxBackend::Stage, int percent, const QString &message) {
                print(m_stderr, QStringLiteral("[%1%] %2").arg(percent, 3).arg(message));
            });
    connect(prepared, &Vm::SandboxBackend::failed, this, [this](const Core::Error &error) {
        print(m_stderr, error.message);
        finish(1);
    });
    connect(prepared, &Vm::SandboxBackend::prepared, this, [this, prepared] {
        print(m_stdout,
              Tr::tr("The %1 sandbox image is ready.").arg(Vm::sandboxKindName(prepared->kind())));
        finish(0);
    });
    prepared->prepare(Vm::SandboxBackend::Readiness::Running);
}

void SandboxTool::collect()
{
    for (const Vm::SandboxKind kind : SandboxFactory::keepableKinds()) {
        Core::AppConfig config = m_config;
        config.sandbox = Vm::sandboxKindName(kind);
        auto backend = SandboxFactory::backend(config);
        if (!backend) {
            m_problems << backend.error().message;
            continue;
        }
        Vm::SandboxBackend *asked = backend->get();
        m_backends.push_back(std::move(*backend));
        ++m_pending;
        auto done = [this] {
            if (--m_pending == 0)
                onCollected();
        };
        connect(asked, &Vm::SandboxBackend::failed, this, [this, done](const Core::Error &error) {
            m_problems << error.message;
            done();
        });
        connect(asked, &Vm::SandboxBackend::prepared, asked, &Vm::SandboxBackend::refresh);
        connect(asked, &Vm::SandboxBackend::listFailed, this,
                [this, done](const Core::Error &error) {
                    m_problems << error.message;
                    done();
                });
        connect(asked, &Vm::SandboxBackend::listed, this, done);
        // Listing needs the machine checked, not an image built.
        asked->prepare(Vm::SandboxBackend::Readiness::Listing);
    }
    if (m_pending == 0)
        onCollected();
}

void SandboxTool::onCollected()
{
    for (const QString &problem : std::as_const(m_problems))
        print(m_stderr, problem);
    if (m_options.listSandboxes)
        list();
    else
        remove();
}

void SandboxTool::list()
{
    QList<Vm::SandboxInfo> all;
    for (const auto &backend : m_backends) {
        if (backend->isPrepared())
            all += backend->sandboxes();
    }
    const bool anyAsked = std::any_of(m_backends.cbegin(), m_backends.cend(),
                                      [](const auto &backend) { return backend->isPrepared(); });
    if (all.isEmpty()) {
        print(m_stderr, Tr::tr("No Terrarium sandboxes."));
        // A kind that cannot be asked here (no libvirtd, say) is not a failure of the listing.
        finish(anyAsked ? 0 : 1);
        return;
    }
    print(m_stdout,
          QStringLiteral("%1  %2  %3  %4  %5")
              .arg(Tr::tr("NAME"), -24)
              .arg(Tr::tr("STATE"), -9)
              .arg(Tr::tr("IN USE"), -6)
              .arg(Tr::tr("NETWORK"), -8)
              .arg(Tr::tr("WORKSPACE")));
    for (const Vm::SandboxInfo &info : std::as_const(all)) {
        print(m_stdout,
              QStringLiteral("%1  %2  %3  %4  %5")
                  .arg(info.name, -24)
                  .arg(info.state, -9)
                  .arg(info.inUse ? Tr::tr("yes") : Tr::tr("no"), -6)
                  .arg(Vm::networkPolicyName(info.spec.networkPolicy), -8)
                  .arg(info.spec.workspace));
    }
    finish(0);
}

void SandboxTool::remove()
{
    const QString name = m_options.removeSandbox;
    for (const auto &backend : m_backends) {
        if (!backend->isPrepared() || !backend->find(name))
            continue;
        connect(backend.get(), &Vm::SandboxBackend::removed, this, [this](const QString &gone) {
            QFile::remove(AppPaths::workspaceBase(gone));
            print(m_stdout, Tr::tr("Removed %1.").arg(gone));
            finish(0);
        });
        connect(backend.get(), &Vm::SandboxBackend::removeFailed, this,
                [this](const QString &, const Core::Error &error) {
                    print(m_stderr, error.message);
                    finish(1);
                });
        backend->remove(name);
        return;
    }
    print(m_stderr, Tr::tr("There is no Terrarium sandbox named %1.").arg(name));
    finish(1);
}

void SandboxTool::cleanOrphans()
{
    // The store names each orphan's run; a store that cannot be opened only loses the names.
    m_store = std::make_unique<Core::RunStore>();
    if (const auto opened = m_store->open(Core::RunStore::defaultPath()); !opened)
        print(m_stderr, Tr::tr("The runs are not named: %1").arg(opened.error().message));
    auto *finder = new OrphanFinder(m_config, SandboxFactory::keepableKinds(), m_store.get(), this);
    auto failures = std::make_shared<int>(0);
    connect(finder, &OrphanFinder::found, this, [this, finder](const QList<Orphan> &orphans) {
        for (const QString &problem : finder->problems())
            print(m_stderr, problem);
        if (orphans.isEmpty()) {
            print(m_stdout, Tr::tr("No sandboxes left behind by earlier runs."));
            finish(0);
            return;
        }
        finder->removeAll();
    });
    connect(finder, &OrphanFinder::removed, this, [this](const Orphan &orphan) {
        print(m_stdout, Tr::tr("Removed %1").arg(OrphanFinder::describe(orphan)));
    });
    connect(finder, &OrphanFinder::removeFailed, this,
            [this, failures](const Orphan &orphan, const QString &reason) {
                ++*failures;
                print(
                    m_stderr,
                    Tr::tr("Could not remove %1: %2").arg(OrphanFinder::describe(orphan), reason));
            });
    connect(finder, &OrphanFinder::removalFinished, this,
            [this, failures] { finish(*failures == 0 ? 0 : 1); });
    finder->find();
}

void SandboxTool::finish(int exitCode)
{
    if (m_finished)
        return;
    m_finished = true;
    QMetaObject::invokeMethod(
        this, [this, exitCode] { Q_EMIT finished(exitCode); }, Qt::QueuedConnection);
}

void SandboxTool::print(QFile &stream, const QString &text)
{
    stream.write(text.toUtf8() + '\n');
}

} // namespace Terrarium::App
