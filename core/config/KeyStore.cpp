#include "KeyStore.h"

#include "core/CoreLogging.h"
#include "core/CoreTr.h"

#include <QDBusConnection>
#include <QDBusConnectionInterface>

#include <qt6keychain/keychain.h>

namespace Terrarium::Core {

namespace {

enum class Operation { Read, Write, Remove };

QString roleName(LlmRole role)
{
    return role == LlmRole::Planner ? Tr::tr("planner") : Tr::tr("executor");
}

// Asked only after a job failed, to tell "there is no keyring" (the user needs another way to
// give a key) from "the keyring failed" (worth retrying). Both are quick local D-Bus calls.
bool secretServiceReachable()
{
    const QString secretService = QStringLiteral("org.freedesktop.secrets");
    const QDBusConnection bus = QDBusConnection::sessionBus();
    if (!bus.isConnected() || !bus.interface())
        return false;
    const QDBusReply<bool> registered = bus.interface()->isServiceRegistered(secretService);
    if (registered.isValid() && registered.value())
        return true;
    const QDBusReply<QStringList> activatable = bus.interface()->activatableServiceNames();
    return activatable.isValid() && activatable.value().contains(secretService);
}

Error noKeyringError()
{
    return Error{ErrorCode::Configuration,
                 Tr::tr("No desktop keyring (Secret Service) is running; set "
                        "OPENAI_API_KEY/ANTHROPIC_API_KEY (or TERRARIUM_API_KEY for other "
                        "servers) in the environment instead.")};
}

Error failure(const QKeychain::Job &job, LlmRole role, Operation operation)
{
    const QString detail = job.errorString();
    switch (job.error()) {
    case QKeychain::NoBackendAvailable:
    case QKeychain::NotImplemented:
        return noKeyringError();
    case QKeychain::AccessDenied:
    case QKeychain::AccessDeniedByUser:
        return Error{ErrorCode::PermissionDenied,
                     Tr::tr("The desktop keyring refused access to the %1 API key (is it "
                            "locked?): %2")
                         .arg(roleName(role), detail)};
    case QKeychain::NoError:
    case QKeychain::EntryNotFound:
    case QKeychain::CouldNotDeleteEntry:
    case QKeychain::OtherError:
        break;
    }
    if (!secretServiceReachable())
        return noKeyringError();
    QString message;
    switch (operation) {
    case Operation::Read:
        message = Tr::tr("Could not read the %1 API key from the desktop keyring: %2");
        break;
    case Operation::Write:
        message = Tr::tr("Could not store the %1 API key in the desktop keyring: %2");
        break;
    case Operation::Remove:
        message = Tr::tr("Could not remove the %1 API key from the desktop keyring: %2");
        break;
    }
    return Error{ErrorCode::IoError, message.arg(roleName(role), detail)};
}

// The job is deliberately left without a QObject parent: QtKeychain's libsecret callbacks hold a
// raw pointer to it until the Secret Service answers, so it must outlive the KeyStore if need
// be. autoDelete (on by default) makes QtKeychain delete it once it has finished.
template<typename JobType>
JobType *newJob(LlmRole role)
{
    auto *job = new JobType(KeyStore::serviceName());
    job->setAutoDelete(true);
    job->setInsecureFallback(false); // never a plain-text copy in a settings file
    job->setKey(llmRoleKey(role));
    return job;
}

void logFailure(LlmRole role, const char *what, const Error &error)
{
    // The message comes from the keyring or from us and never holds the key itself.
    qCWarning(lcCore) << "keyring:" << what << llmRoleKey(role) << "failed:" << error.message;
}

} // namespace

QString KeyStore::serviceName()
{
    return QStringLiteral("org.terrarium.Terrarium");
}

KeyStore::KeyStore(QObject *parent)
    : QObject(parent)
{ }

KeyStore::~KeyStore() = default;

void KeyStore::read(LlmRole role)
{
    auto *job = newJob<QKeychain::ReadPasswordJob>(role);
    connect(job, &QKeychain::Job::finished, this, [this, role, job] {
        if (job->error() == QKeychain::NoError) {
            Q_EMIT readFinished(role, job->textData());
        } else if (job->error() == QKeychain::EntryNotFound) {
            Q_EMIT readFinished(role, QString());
        } else {
            const Error error = failure(*job, role, Operation::Read);
            logFailure(role, "read", error);
            Q_EMIT readFinished(role, std::unexpected(error));
        }
    });
    job->start();
}

void KeyStore::write(LlmRole role, const QString &key)
{
    if (key.isEmpty()) {
        remove(role);
        return;
    }
    auto *job = newJob<QKeychain::WritePasswordJob>(role);
    job->setTextData(key);
    connect(job, &QKeychain::Job::finished, this, [this, role, job] {
        if (job->error() == QKeychain::NoError) {
            Q_EMIT writeFinished(role, {});
        } else {
            const Error error = failure(*job, role, Operation::Write);
            logFailure(role, "write", error);
            Q_EMIT writeFinished(role, std::unexpected(error));
        }
    });
    job->start();
}

void KeyStore::remove(LlmRole role)
{
    auto *job = newJob<QKeychain::DeletePasswordJob>(role);
    connect(job, &QKeychain::Job::finished, this, [this, role, job] {
        if (job->error() == QKeychain::NoError || job->error() == QKeychain::EntryNotFound) {
            Q_EMIT writeFinished(role, {});
        } else {
            const Error error = failure(*job, role, Operation::Remove);
            logFailure(role, "remove", error);
            Q_EMIT writeFinished(role, std::unexpected(error));
        }
    });
    job->start();
}

} // namespace Terrarium::Core
