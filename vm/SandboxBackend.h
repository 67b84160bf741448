#pragma once

#include "core/Error.h"
#include "vm/SandboxInfo.h"
#include "vm/SandboxKind.h"
#include "vm/SandboxSpec.h"

#include <QList>
#include <QObject>
#include <QStringList>

#include <optional>

namespace Terrarium::Vm {

class Sandbox;

// Everything between "the user wants a sandbox of this kind" and a Sandbox to start, for one
// kind (host, Podman, libvirt): checking the machine, making the base image ready (with
// progress), creating or re-attaching sandboxes, listing what earlier runs left, and letting go
// of a sandbox after its run. app/ talks to sandboxes only through this, so a new kind is a new
// implementation, never a new branch in the run's wiring.
//
// Asynchrony: prepare(), refresh() and remove() answer through signals from the event loop.
class SandboxBackend : public QObject
{
    Q_OBJECT

public:
    // How far prepare() goes: listing and removing sandboxes needs less than running one (no
    // base image, for instance).
    enum class Readiness { Listing, Running };
    // What release() does with a sandbox after its run.
    enum class Release {
        Keep, // leave it running for a later attach (where the kind can; else like Destroy)
        Destroy, // stop it and remove what it owns
    };

    // What prepare() is doing, for progress: checking the machine, or making the image ready.
    enum class Stage { Preflight, Image };
    Q_ENUM(Stage)

    using QObject::QObject;

    virtual SandboxKind kind() const = 0;

    // Checks the machine (and for Running makes the base image ready); prepared() or failed()
    // follows, with progress() on the way.
    virtual void prepare(Readiness readiness = Readiness::Running) = 0;
    // Stops preparing; neither prepared() nor failed() follows.
    virtual void cancel() = 0;
    virtual bool isPrepared() const = 0;
    // What works, but not as well as it should, for people (after prepared()).
    virtual QStringList notes() const { return {}; }

    // A new sandbox, not started, a child of parent. Needs prepare(Running).
    virtual Sandbox *create(SandboxSpec spec, QObject *parent = nullptr) = 0;

    // Whether a sandbox of this kind can outlive Terrarium and be attached to later.
    virtual bool canKeep() const = 0;
    // Looks for the sandboxes earlier runs left; listed() or listFailed() follows. Needs
    // prepare(Listing) at least.
    virtual void refresh() = 0;
    virtual QList<SandboxInfo> sandboxes() const = 0;
    std::optional<SandboxInfo> find(const QString &name) const;
    // A sandbox object around an existing one (from the last refresh()), to start().
    virtual Core::Result<Sandbox *> attach(const QString &name, QObject *parent = nullptr) = 0;
    // Removes a sandbox nobody uses, with everything it owns; removed() or removeFailed().
    virtual void remove(const QString &name) = 0;

    // Lets go of a sandbox after its run. The sandbox reaches Stopped (perhaps at once); Keep
    // on a kind that cannot keep destroys.
    virtual void release(Sandbox *sandbox, Release how) = 0;

Q_SIGNALS:
    // percent is of the stage (0-100).
    void progress(Terrarium::Vm::SandboxBackend::Stage stage, int percent, const QString &message);
    void prepared();
    void failed(const Terrarium::Core::Error &error);
    void listed();
    void listFailed(const Terrarium::Core::Error &error);
    void removed(const QString &name);
    void removeFailed(const QString &name, const Terrarium::Core::Error &error);
};

} // namespace Terrarium::Vm
