#include "HostBackend.h"

#include "core/CoreTr.h"
#include "vm/HostSandbox.h"

namespace Terrarium::Vm {

namespace {

Core::Error noneKept(const QString &name)
{
    return {Core::ErrorCode::NotFound,
            Core::Tr::tr("There is no host sandbox named %1: host sandboxes end with their run.")
                .arg(name)};
}

} // namespace

void HostBackend::prepare(Readiness readiness)
{
    Q_UNUSED(readiness)
    m_cancelled = false;
    QMetaObject::invokeMethod(
        this,
        [this] {
            if (m_cancelled)
                return;
            m_prepared = true;
            Q_EMIT prepared();
        },
        Qt::QueuedConnection);
}

HostSandbox *HostBackend::create(SandboxSpec spec, QObject *parent)
{
    return new HostSandbox(std::move(spec), parent);
}

void HostBackend::refresh()
{
    QMetaObject::invokeMethod(this, &SandboxBackend::listed, Qt::QueuedConnection);
}

Core::Result<Sandbox *> HostBackend::attach(const QString &name, QObject *parent)
{
    Q_UNUSED(parent)
    return std::unexpected(noneKept(name));
}

void HostBackend::remove(const QString &name)
{
    QMetaObject::invokeMethod(
        this, [this, name] { Q_EMIT removeFailed(name, noneKept(name)); }, Qt::QueuedConnection);
}

void HostBackend::release(Sandbox *sandbox, Release how)
{
    Q_UNUSED(how) // nothing of a host sandbox can be kept: its commands stop with it
    if (sandbox && sandbox->state() != Sandbox::State::Stopped)
        sandbox->destroy();
}

} // namespace Terrarium::Vm
