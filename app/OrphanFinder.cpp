#include "OrphanFinder.h"

#include "app/AppPaths.h"
#include "app/AppTr.h"
#include "app/SandboxFactory.h"
#include "core/output/VisibleText.h"
#include "core/store/RunStore.h"
#include "vm/SandboxBackend.h"

#include <QFile>
#include <QTimer>

#include <algorithm>

namespace Terrarium::App {

namespace {

constexpr qsizetype GoalChars = 60;

bool runEnded(const QString &status)
{
    return status == QLatin1String("success") || status == QLatin1String("failed")
        || status == QLatin1String("cancelled");
}

// The run store's status in the words of the window.
QString runStateText(const QString &status)
{
    if (status == QLatin1String("success"))
        return Tr::tr("it succeeded");
    if (status == QLatin1String("failed"))
        return Tr::tr("it failed");
    if (status == QLatin1String("cancelled"))
        return Tr::tr("it was cancelled");
    if (status == QLatin1String("interrupted"))
        return Tr::tr("interrupted before it ended");
    if (status == QLatin1String("running"))
        return Tr::tr("running");
    return status;
}

} // namespace

OrphanFinder::OrphanFinder(const Core::AppConfig &config, const QList<Vm::SandboxKind> &kinds,
                           Core::RunStore *store, QObject *parent)
    : QObject(parent)
    , m_config(config)
    , m_store(store)
    , m_deadline(new QTimer(this))
{
    const QList<Vm::SandboxKind> keepable = SandboxFactory::keepableKinds();
    for (const Vm::SandboxKind kind : kinds) {
        if (keepable.contains(kind) && !m_kinds.contains(kind))
            m_kinds << kind;
    }
    m_deadline->setSingleShot(true);
    m_deadline->setInterval(Deadline);
    connect(m_deadline, &QTimer::timeout, this, [this] {
        m_problems << Tr::tr("Looking for sandboxes left behind took too long; not every kind "
                             "was asked.");
        report();
    });
}

OrphanFinder::~OrphanFinder() = default;

void OrphanFinder::find()
{
    if (m_busy)
        return;
    m_busy = true;
    m_reported = false;
    m_orphans.clear();
    m_problems.clear();
    m_backends.clear();
    m_pending = 0;
    for (const Vm::SandboxKind kind : std::as_const(m_kinds)) {
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
        connect(asked, &Vm::SandboxBackend::failed, this, [this](const Core::Error &error) {
            m_problems << error.message;
            onAnswered();
        });
        connect(asked, &Vm::SandboxBackend::prepared, asked, &Vm::SandboxBackend::refresh);
        connect(asked, &Vm::SandboxBackend::listFailed, this, [this](const Core::Error &error) {
            m_problems << error.message;
            onAnswered();
        });
        connect(asked, &Vm::SandboxBackend::listed, this, [this, asked, kind] {
            for (const Orphan &orphan : select(kind, asked->sandboxes(), m_store)) {
                if (orphan.sandbox.name != m_spared
                    && (m_sparedRun.isEmpty() || orphan.runId() != m_sparedRun))
                    m_orphans << orphan;
            }
            onAnswered();
        });
        // Listing needs the machine checked, not an image built.
        asked->prepare(Vm::SandboxBackend::Readiness::Listing);
    }
    m_deadline->start();
    if (m_pending == 0)
        QMetaObject::invokeMethod(this, &OrphanFinder::report, Qt::QueuedConnection);
}

void OrphanFinder::onAnswered()
{
    if (--m_pending == 0)
        report();
}

void OrphanFinder::report()
{
    if (m_reported)
        return;
    m_reported = true;
    m_deadline->stop();
    m_busy = false;
    Q_EMIT found(m_orphans);
}

QList<Orphan> OrphanFinder::select(Vm::SandboxKind kind, const QList<Vm::SandboxInfo> &sandboxes,
                                   const Core::RunStore *store)
{
    QList<Orphan> orphans;
    for (const Vm::SandboxInfo &info : sandboxes) {
        if (!info.isOrphan())
            continue;
        Orphan orphan{.kind = kind, .sandbox = info, .run = std::nullopt};
        if (store && store->isOpen())
            orphan.run = store->run(info.spec.runId);
        orphans << orphan;
    }
    return orphans;
}

QString OrphanFinder::describe(const Orphan &orphan)
{
    const QString sandbox =
        QStringLiteral("%1 (%2, %3)")
            .arg(orphan.sandbox.name, Vm::sandboxKindName(orphan.kind), orphan.sandbox.state);
    if (!orphan.run)
        return Tr::tr("%1, left by run %2 (not in the run store)").arg(sandbox, orphan.runId());
    // A goal is the user's or a task file's words: one line, nothing that moves the cursor.
    QString goal = Core::VisibleText::escape(orphan.run->goal.simplified());
    if (goal.size() > GoalChars)
        goal = goal.left(GoalChars - 1) + QChar(0x2026);
    return Tr::tr("%1, left by run %2 (%3): %4")
        .arg(sandbox, orphan.runId(), runStateText(orphan.run->status), goal);
}

QString OrphanFinder::heading(const QList<Orphan> &orphans)
{
    const bool allEnded = std::all_of(orphans.cbegin(), orphans.cend(), [](const Orphan &orphan) {
        return orphan.run && runEnded(orphan.run->status);
    });
    const bool noneEnded = std::none_of(orphans.cbegin(), orphans.cend(), [](const Orphan &orphan) {
        return orphan.run && runEnded(orphan.run->status);
    });
    if (orphans.size() == 1)
        return allEnded ? Tr::tr("Terrarium stopped without removing the sandbox of an earlier "
                                 "run, which had ended:")
                        : Tr::tr("An earlier run that did not end left its sandbox behind:");
    if (allEnded)
        return Tr::tr("Terrarium stopped without removing the sandboxes of earlier runs, which "
                      "had ended:");
    if (noneEnded)
        return Tr::tr("Earlier runs that did not end left these sandboxes behind:");
    return Tr::tr("Earlier runs left these sandboxes behind:");
}

Vm::SandboxBackend *OrphanFinder::backendOf(Vm::SandboxKind kind) const
{
    for (const auto &backend : m_backends) {
        if (backend->kind() == kind && backend->isPrepared())
            return backend.get();
    }
    return nullptr;
}

void OrphanFinder::removeAll()
{
    if (m_busy)
        return;
    const QList<Orphan> orphans = m_orphans;
    if (orphans.isEmpty()) {
        QMetaObject::invokeMethod(this, &OrphanFinder::removalFinished, Qt::QueuedConnection);
        return;
    }
    m_busy = true;
    m_pending = int(orphans.size());
    auto settled = [this] {
        if (--m_pending > 0)
            return;
        m_busy = false;
        Q_EMIT removalFinished();
    };
    for (const Orphan &orphan : orphans) {
        Vm::SandboxBackend *backend = backendOf(orphan.kind);
        if (!backend) {
            QMetaObject::invokeMethod(
                this,
                [this, orphan, settled] {
                    Q_EMIT removeFailed(orphan, Tr::tr("Its kind of sandbox cannot be asked now."));
                    settled();
                },
                Qt::QueuedConnection);
            continue;
        }
        // One answer per name; the connections go with the answer.
        auto *scope = new QObject(this);
        connect(backend, &Vm::SandboxBackend::removed, scope,
                [this, orphan, settled, scope](const QString &name) {
                    if (name != orphan.sandbox.name)
                        return;
                    scope->deleteLater();
                    // The record of what was copied into it goes with it.
                    QFile::remove(AppPaths::workspaceBase(name));
                    m_orphans.removeIf(
                        [&name](const Orphan &left) { return left.sandbox.name == name; });
                    Q_EMIT removed(orphan);
                    settled();
                });
        connect(backend, &Vm::SandboxBackend::removeFailed, scope,
                [this, orphan, settled, scope](const QString &name, const Core::Error &error) {
                    if (name != orphan.sandbox.name)
                        return;
                    scope->deleteLater();
                    Q_EMIT removeFailed(orphan, error.message);
                    settled();
                });
        backend->remove(orphan.sandbox.name);
    }
}

} // namespace Terrarium::App
